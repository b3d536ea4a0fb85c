import type { VisitorLanguage } from '@quizlead/shared/i18n/languages.ts';
import { LanguageFilter } from '../../components/languages/LanguageFilter.tsx';
import {
  BlockStack,
  Box,
  Card,
  EmptyState,
  InlineStack,
  Layout,
  Loading,
  Page,
  SkeletonBodyText,
  SkeletonPage,
  Text,
} from '@shopify/polaris';
import { dashboardMessages, dashboardTourStorageKey, howToDialogStorageKey } from '@quizlead/shared/reports.ts';
import type { TDashboard, TDashboardGraph } from '@quizlead/shared/schemas/reports.ts';
import { useAtomValue } from 'jotai';
import { lazy, startTransition, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorNotice } from '../../api/client.ts';
import { getDashboard, getDashboardGraph, listTutorials, type DayRange } from '../../api/dashboard.ts';
import emptyImage from '../../assets/welcome.svg';
import { LoadFailed } from '../../components/engagement/LoadFailed.tsx';
import { FigureCardsSkeleton } from '../../components/FigureCardsSkeleton.tsx';
import { Tour } from '../../components/tour/Tour.tsx';
import { sessionUserAtom } from '../../session.ts';
import styles from './dashboard.module.css';
import { ChartCard } from './ChartCard.tsx';
import { AfterPaint } from '../../components/AfterPaint.tsx';
import { dashboardTourSteps, tourAnchors } from './dashboardTour.ts';
import { HowToDialog } from './HowToDialog.tsx';
import { LeadsFunnel } from './LeadsFunnel.tsx';
import { RangePicker } from './RangePicker.tsx';
import { RevenueCards } from './RevenueCards.tsx';
import { defaultRange, formatRange } from './range.ts';
import { StatCards } from './StatCards.tsx';
import { adminUrl } from '../../urls.ts';
import { isEmbedded } from '../../shell.ts';
import { screens } from '@quizlead/shared/navigation.ts';

// The chart loads once the figures have painted (AfterPaint), so on a slow phone it does not hold them up.
const CompletionsChart = lazy(() => import('./CompletionsChart.tsx').then((module) => ({ default: module.CompletionsChart })));

const title = 'Dashboard';

/** Remembered flags; a browser that refuses storage just sees the dialog and tour again. */
const remembered = {
  has: (key: string) => {
    try {
      return window.localStorage.getItem(key) !== null;
    } catch {
      return false;
    }
  },
  set: (key: string) => {
    try {
      window.localStorage.setItem(key, new Date().toISOString());
    } catch {
      // Nothing to keep it in.
    }
  },
};

interface Figures {
  key: string;
  range: DayRange;
  dashboard: TDashboard;
  graph: TDashboardGraph;
}

/**
 * /app: the account's figures for a range of days (statistic cards, the completions chart, leads
 * and the funnel), the one-time 'How to create a quiz?' dialog and the guided tour.
 */
export function Dashboard() {
  const user = useAtomValue(sessionUserAtom);
  const [draft, setDraft] = useState<DayRange>(() => defaultRange());
  const [applied, setApplied] = useState<DayRange>(draft);
  const [reloads, setReloads] = useState(0);
  // Only the plays shown in one language (issue 34); applied at once, like a new range.
  const [language, setLanguage] = useState<VisitorLanguage | null>(null);
  const [figures, setFigures] = useState<Figures | null>(null);
  const [failure, setFailure] = useState<{ key: string; message: string } | null>(null);
  const requestKey = `${applied.start}|${applied.end}|${language ?? ''}#${reloads}`;
  const loading = figures?.key !== requestKey && failure?.key !== requestKey;

  // The how-to dialog shows once, on the first figures, while nothing is published; the tour after it.
  const [howTo, setHowTo] = useState<'pending' | 'open' | 'closed'>('pending');
  const introDecided = useRef(false);
  const decideIntro = useCallback((dashboard: TDashboard) => {
    if (introDecided.current) return;
    introDecided.current = true;
    const published = dashboard.stats.find((stat) => stat.key === 'Published Quiz Count')?.value ?? 0;
    if (published === 0 && !remembered.has(howToDialogStorageKey)) {
      remembered.set(howToDialogStorageKey);
      setHowTo('open');
    } else {
      setHowTo('closed');
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    const range = applied;
    Promise.all([getDashboard(range, controller.signal, language), getDashboardGraph(range, controller.signal, language)]).then(
      ([dashboard, graph]) => {
        // A transition: the figures' cards render in slices, not as one long task on a phone (issue 38).
        startTransition(() => setFigures({ key: requestKey, range, dashboard, graph }));
        decideIntro(dashboard);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setFailure({ key: requestKey, message: errorNotice(error) });
      },
    );
    return () => controller.abort();
  }, [applied, language, requestKey, decideIntro]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);
  const filter = () => {
    setApplied(draft);
    reload();
  };

  const [tutorialUrl, setTutorialUrl] = useState(() => adminUrl('Tutorials'));
  const [touring, setTouring] = useState(false);
  // The tour visits the menu the user has.
  const tourSteps = useMemo(() => dashboardTourSteps(user ?? undefined), [user]);
  const tourOffered = useRef(false);

  useEffect(() => {
    if (howTo !== 'open') return;
    const controller = new AbortController();
    listTutorials(controller.signal).then(
      (tutorials) => {
        const first = tutorials.find((tutorial) => tutorial.id === 'first-quiz');
        if (first) setTutorialUrl(first.url);
      },
      () => undefined, // The dialog keeps pointing at the Tutorials page.
    );
    return () => controller.abort();
  }, [howTo]);

  useEffect(() => {
    if (howTo !== 'closed' || tourOffered.current) return;
    tourOffered.current = true;
    if (remembered.has(dashboardTourStorageKey)) return;
    // After the dialog has gone (its closing transition), so the tour takes the focus.
    const timer = setTimeout(() => setTouring(true), 300);
    return () => clearTimeout(timer);
  }, [howTo]);

  const endTour = useCallback(() => {
    remembered.set(dashboardTourStorageKey);
    setTouring(false);
  }, []);

  const firstName = user?.name.trim().split(/\s+/)[0] ?? '';
  const subtitle = firstName ? `Welcome, ${firstName}` : undefined;
  const primaryAction = { id: tourAnchors.createQuiz, content: 'Create Quiz', url: adminUrl('Templates') };

  if (!figures) {
    if (!loading && failure) {
      return (
        <Page title={title} subtitle={subtitle} primaryAction={primaryAction}>
          <LoadFailed message={failure.message} onRetry={reload} />
        </Page>
      );
    }
    return <DashboardSkeleton />;
  }

  const { dashboard, graph, range } = figures;
  const quizCount = dashboard.stats[0]?.value ?? 0;
  const rangeLabel = formatRange(range);
  const chartPlaceholder = (
    <ChartCard graph={graph}>
      <div className={styles.chart} />
    </ChartCard>
  );

  return (
    <Page
      title={title}
      subtitle={subtitle}
      primaryAction={primaryAction}
      secondaryActions={[
        { content: 'Take the tour', onAction: () => setTouring(true) },
        // A shop's other report: what buyers answered after checkout, with revenue per answer.
        ...(isEmbedded() ? [{ content: screens.PostPurchaseSurvey.label, url: adminUrl('PostPurchaseSurvey') }] : []),
      ]}
    >
      {loading ? <Loading /> : null}
      <BlockStack gap="500">
        <Box paddingInline={{ xs: '400', sm: '0' }}>
          <InlineStack gap="300" blockAlign="center" wrap>
            <RangePicker value={draft} onChange={setDraft} onFilter={filter} busy={loading} />
            <LanguageFilter language={language} onLanguage={setLanguage} />
          </InlineStack>
        </Box>
        {failure?.key === requestKey ? <LoadFailed message={failure.message} onRetry={reload} /> : null}
        <div className={loading ? styles.stale : undefined} aria-busy={loading}>
          <BlockStack gap="500">
            <StatCards stats={dashboard.stats} rangeLabel={rangeLabel} />
            {dashboard.revenue ? <RevenueCards revenue={dashboard.revenue} rangeLabel={rangeLabel} /> : null}
            {quizCount > 0 ? (
              <AfterPaint placeholder={chartPlaceholder}>
                <Suspense fallback={chartPlaceholder}>
                  <CompletionsChart graph={graph} />
                </Suspense>
              </AfterPaint>
            ) : (
              <Card>
                <EmptyState
                  heading="Build your first quiz"
                  action={{ content: dashboardMessages.buildYourQuiz, url: adminUrl('Templates') }}
                  image={emptyImage}
                >
                  <p>Pick a template or start blank. Your completions chart shows here once you have a quiz.</p>
                </EmptyState>
              </Card>
            )}
            <LeadsFunnel dashboard={dashboard} rangeLabel={rangeLabel} />
          </BlockStack>
        </div>
      </BlockStack>
      <Box paddingBlockEnd="800" />
      <HowToDialog open={howTo === 'open'} tutorialUrl={tutorialUrl} onClose={() => setHowTo('closed')} />
      {touring ? <Tour steps={tourSteps} label="Dashboard tour" onClose={endTour} /> : null}
    </Page>
  );
}

function DashboardSkeleton() {
  return (
    <SkeletonPage title={title} primaryAction>
      <Loading />
      <Text as="p" visuallyHidden>
        <span role="status">{dashboardMessages.loading}</span>
      </Text>
      <Layout>
        <Layout.Section>
          <FigureCardsSkeleton count={8} columns={{ xs: 2, md: 4 }} gap="300" cardGap="200" />
        </Layout.Section>
        <Layout.Section>
          <Card>
            <SkeletonBodyText lines={8} />
          </Card>
        </Layout.Section>
      </Layout>
    </SkeletonPage>
  );
}
