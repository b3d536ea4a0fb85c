import {
  BlockStack,
  Box,
  Card,
  EmptyState,
  InlineStack,
  Loading,
  Page,
  Select,
  SkeletonBodyText,
  SkeletonDisplayText,
  SkeletonPage,
  Text,
} from '@shopify/polaris';
import { useBreakpoints } from '../../useBreakpoints.ts';
import {
  postPurchaseReportMessages as texts,
  postPurchaseSurfaceLabels,
  postPurchaseSurfaces,
  salesChannelLabel,
  type PostPurchaseSurface,
} from '@quizlead/shared/postPurchaseReport.ts';
import type { TPostPurchaseReport } from '@quizlead/shared/schemas/postPurchaseReport.ts';
import { lazy, Suspense, useCallback, useEffect, useId, useState } from 'react';
import { errorNotice } from '../../api/client.ts';
import {
  getPostPurchaseReport,
  postPurchaseAnswersExportPath,
  postPurchaseTableExportPath,
  type PostPurchaseFilters,
} from '../../api/postPurchaseReport.ts';
import emptyImage from '../../assets/welcome.svg';
import { ExportDataButton } from '../../components/engagement/ExportDataButton.tsx';
import { LoadFailed } from '../../components/engagement/LoadFailed.tsx';
import { DailyChartCard } from '../../components/charts/DailyChartCard.tsx';
import { FiguresTable } from '../../components/FiguresTable.tsx';
import { RangePicker } from '../dashboard/RangePicker.tsx';
import { defaultRange, formatRange } from '../dashboard/range.ts';
import { counted } from '@quizlead/shared/plural.ts';
import { count, percent } from '../quizReport/format.ts';
import { KpiFigure } from '../quizReport/KpiCards.tsx';
import '../quizReport/quizReport.css';
import { AfterPaint } from '../../components/AfterPaint.tsx';
import { answersCount, averageText, blank, ordersText, revenueText } from './format.ts';
import styles from './postPurchase.module.css';

// The chart loads once this screen's figures have painted (as the dashboard's).
const AnswersChart = lazy(() => import('./AnswersChart.tsx').then((module) => ({ default: module.AnswersChart })));

interface Loaded {
  key: string;
  report: TPostPurchaseReport;
}

const keyOf = (filters: PostPurchaseFilters, reloads: number) =>
  `${filters.range.start}|${filters.range.end}|${filters.surface ?? ''}|${filters.channel ?? ''}#${reloads}`;

/**
 * The post-purchase survey report (a shop's, issue 36): what buyers answered on the Thank you and
 * order status pages within a range of days, with the orders, revenue, average order value and new vs
 * returning customers behind each answer, answers over time and by sales channel, and both exports.
 */
export function PostPurchaseReportPage() {
  const [draft, setDraft] = useState(() => defaultRange());
  const [filters, setFilters] = useState<PostPurchaseFilters>(() => ({ range: draft, surface: null, channel: null }));
  const [reloads, setReloads] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failure, setFailure] = useState<{ key: string; message: string } | null>(null);
  const requestKey = keyOf(filters, reloads);
  const loading = loaded?.key !== requestKey && failure?.key !== requestKey;

  useEffect(() => {
    const controller = new AbortController();
    getPostPurchaseReport(filters, controller.signal).then(
      (report) => setLoaded({ key: requestKey, report }),
      (error: unknown) => {
        if (!controller.signal.aborted) setFailure({ key: requestKey, message: errorNotice(error) });
      },
    );
    return () => controller.abort();
  }, [filters, requestKey]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);
  const filtered = filters.surface !== null || filters.channel !== null;

  if (!loaded) {
    if (!loading && failure) {
      return (
        <Page title={texts.title}>
          <LoadFailed message={failure.message} onRetry={reload} />
        </Page>
      );
    }
    return <ReportSkeleton />;
  }

  const { report } = loaded;
  const empty = report.totals.answers === 0;
  const channelOptions = [
    { label: texts.allChannels, value: '' },
    ...[...new Set([...report.channelOptions, ...(filters.channel ? [filters.channel] : [])])].map((channel) => ({
      label: salesChannelLabel(channel),
      value: channel,
    })),
  ];

  return (
    <Page
      title={texts.title}
      subtitle={texts.subtitle}
      primaryAction={
        <ExportDataButton
          label={texts.exportAnswers}
          path={(format) => postPurchaseAnswersExportPath(filters, format)}
          fileName={`post-purchase-survey-answers-${filters.range.start}-to-${filters.range.end}`}
          disabled={empty}
        />
      }
    >
      {loading ? <Loading /> : null}
      <BlockStack gap="500">
        <Box paddingInline={{ xs: '400', sm: '0' }}>
          <InlineStack gap="300" blockAlign="end" wrap>
            <RangePicker
              value={draft}
              onChange={setDraft}
              onFilter={() => {
                setFilters((current) => ({ ...current, range: draft }));
                reload();
              }}
              busy={loading}
            />
            <div className={styles.filter}>
              <Select
                label={texts.surface}
                labelInline
                options={[
                  { label: texts.allSurfaces, value: '' },
                  ...postPurchaseSurfaces.map((surface) => ({ label: postPurchaseSurfaceLabels[surface], value: surface })),
                ]}
                value={filters.surface ?? ''}
                onChange={(value) =>
                  setFilters((current) => ({ ...current, surface: (value || null) as PostPurchaseSurface | null }))
                }
              />
            </div>
            <div className={styles.filter}>
              <Select
                label={texts.channel}
                labelInline
                options={channelOptions}
                value={filters.channel ?? ''}
                onChange={(value) => setFilters((current) => ({ ...current, channel: value || null }))}
              />
            </div>
          </InlineStack>
        </Box>
        {failure?.key === requestKey ? <LoadFailed message={failure.message} onRetry={reload} /> : null}
        <div className={loading ? styles.stale : undefined} aria-busy={loading}>
          {empty ? (
            <Card>
              {filtered ? (
                <Box padding="400">
                  <Text as="p" alignment="center" tone="subdued">
                    {texts.emptyFiltered}
                  </Text>
                </Box>
              ) : (
                <EmptyState heading={texts.emptyHelp} image={emptyImage}>
                  <p>{texts.emptyHow}</p>
                </EmptyState>
              )}
            </Card>
          ) : (
            <ReportFigures report={report} filters={filters} />
          )}
        </div>
      </BlockStack>
      <Box paddingBlockEnd="800" />
    </Page>
  );
}

function ReportFigures({ report, filters }: { report: TPostPurchaseReport; filters: PostPurchaseFilters }) {
  const { smDown } = useBreakpoints();
  const chartTitleId = useId();
  const { totals } = report;
  const rangeText = formatRange(report.range);
  const kpis = [
    { label: texts.answers, value: count(totals.answers), help: rangeText },
    {
      label: texts.responseRate,
      value: percent(totals.responseRate),
      help: `${count(totals.answeredOrdersInRange)} of ${count(totals.ordersInRange)} orders placed in the range`,
    },
    {
      label: texts.revenue,
      value: revenueText(totals.revenue),
      help: `${counted(totals.ordersAnswered, 'answered order', 'answered orders', count)}${
        totals.pendingOrders > 0 ? `, ${count(totals.pendingOrders)} not received yet` : ''
      }`,
    },
    { label: texts.averageOrderValue, value: averageText(totals.revenue), help: 'Revenue per answered order' },
    {
      label: texts.newVsReturning,
      value: `${count(totals.customers.new)} / ${count(totals.customers.returning)}`,
      help: totals.customers.unknown > 0 ? `${count(totals.customers.unknown)} not known` : 'New / returning customers',
    },
  ];
  const answerHeadings = [
    texts.answer,
    texts.answers,
    texts.share,
    texts.orders,
    texts.revenue,
    texts.averageOrderValue,
    texts.newCustomers,
    texts.returningCustomers,
  ];
  const answerRows = report.answers.map((row) => [
    row.label,
    count(row.answers),
    percent(row.share),
    ordersText(row.orders, row.pendingOrders),
    revenueText(row.revenue),
    averageText(row.revenue),
    count(row.customers.new),
    count(row.customers.returning),
  ]);
  const channelRows = report.channels.map((row) => [
    row.channel === null ? texts.unknownChannel : salesChannelLabel(row.channel),
    count(row.answers),
    revenueText(row.revenue),
    averageText(row.revenue),
  ]);

  return (
    <BlockStack gap="400">
      <ul className="ql-report-kpis" aria-label="Key figures">
        {kpis.map((kpi) => (
          <li key={kpi.label} className="ql-report-kpi" data-kpi={kpi.label}>
            <Card>
              <KpiFigure kpi={kpi} size="headingXl" />
            </Card>
          </li>
        ))}
      </ul>

      <Card>
        <section aria-labelledby="post-purchase-answers" data-post-purchase-answers>
          <BlockStack gap="300">
            <InlineStack align="space-between" blockAlign="center" gap="200">
              <Text as="h2" variant="headingMd" id="post-purchase-answers">
                {texts.answersTitle}
              </Text>
              <ExportDataButton
                label={texts.exportTable}
                path={(format) => postPurchaseTableExportPath(filters, format)}
                fileName={`post-purchase-survey-table-${filters.range.start}-to-${filters.range.end}`}
              />
            </InlineStack>
            <FiguresTable
              headings={answerHeadings}
              rows={answerRows}
              keys={report.answers.map((row) => row.key)}
              narrow={smDown}
            />
            <Text as="p" variant="bodySm" tone="subdued">
              {texts.revenueHelp}
              {totals.pendingOrders > 0 ? ` ${texts.pendingOrdersHelp}` : ''}
            </Text>
          </BlockStack>
        </section>
      </Card>

      <DailyChartCard
        title={texts.overTimeTitle}
        titleId={chartTitleId}
        summary={`${answersCount(totals.answers)}, ${rangeText}`}
        valueHeading={texts.answers}
        days={report.days.map((day) => ({ day: day.day, value: day.answers }))}
      >
        <AfterPaint placeholder={<div className={styles.chart} />}>
          <Suspense fallback={<div className={styles.chart} />}>
            <AnswersChart days={report.days} titleId={chartTitleId} />
          </Suspense>
        </AfterPaint>
      </DailyChartCard>

      <Card>
        <section aria-labelledby="post-purchase-channels" data-post-purchase-channels>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd" id="post-purchase-channels">
              {texts.byChannelTitle}
            </Text>
            <FiguresTable
              headings={[texts.channel, texts.answers, texts.revenue, texts.averageOrderValue]}
              rows={channelRows}
              keys={report.channels.map((row) => row.channel ?? blank)}
              narrow={smDown}
            />
          </BlockStack>
        </section>
      </Card>
    </BlockStack>
  );
}

function ReportSkeleton() {
  return (
    <SkeletonPage title={texts.title} primaryAction>
      <Loading />
      <Text as="p" visuallyHidden>
        <span role="status">{texts.loading}</span>
      </Text>
      <BlockStack gap="400">
        <Card>
          <BlockStack gap="200">
            <SkeletonDisplayText size="medium" />
            <SkeletonBodyText lines={2} />
          </BlockStack>
        </Card>
        <Card>
          <SkeletonBodyText lines={8} />
        </Card>
      </BlockStack>
    </SkeletonPage>
  );
}
