import type { VisitorLanguage } from '@quizlead/shared/i18n/languages.ts';
import { LanguageFilter } from '../../components/languages/LanguageFilter.tsx';
import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  EmptyState,
  InlineStack,
  Loading,
  Page,
  SkeletonBodyText,
  SkeletonPage,
  Text,
} from '@shopify/polaris';
import { quizTypeInfo } from '@quizlead/shared/quizzes.ts';
import type { TRespondentsPage, TQuizReport } from '@quizlead/shared/schemas/reports.ts';
import { useEffect, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { getQuizReport, listRespondents, respondentsExportPath } from '../../api/reports.ts';
import emptyImage from '../../assets/welcome.svg';
import { ExportDataButton } from '../../components/engagement/ExportDataButton.tsx';
import { NotFound } from '../../components/engagement/NotFound.tsx';
import { FigureCardsSkeleton } from '../../components/FigureCardsSkeleton.tsx';
import { useResource } from '../../data/useResource.ts';
import { untitled } from '../quizzes/format.ts';
import { ExperimentsCard } from '../experiments/ExperimentsCard.tsx';
import { DropOffCard } from './DropOffCard.tsx';
import { KpiCards } from './KpiCards.tsx';
import { RespondentsTable } from './RespondentsTable.tsx';
import { RevenueCard } from './RevenueCard.tsx';
import { useRespondentsQuery } from './query.ts';
import { quizzesList, reportTexts, revenueTexts } from './texts.ts';
import '../../components/engagement/engagement.css';
import './quizReport.css';
import { adminUrl } from '../../urls.ts';

/** A failed load, titled as the spec names it, with the server's message and a way to try again. */
export function ReportError({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <Banner title={reportTexts.reportErrorTitle} tone="critical" action={{ content: 'Try again', onAction: onRetry }}>
      <p>{message}</p>
    </Banner>
  );
}

function ReportSkeleton() {
  return (
    <SkeletonPage title="Quiz report" backAction primaryAction>
      <BlockStack gap="400">
        <div role="status">
          <Text as="p" tone="subdued">
            {reportTexts.loading}
          </Text>
        </div>
        <FigureCardsSkeleton count={6} columns={{ xs: 2, sm: 3, lg: 6 }} gap="400" cardGap="300" />
        <Card>
          <SkeletonBodyText lines={6} />
        </Card>
        <Card>
          <SkeletonBodyText lines={8} />
        </Card>
      </BlockStack>
    </SkeletonPage>
  );
}

/** What the report shows while no one has completed the quiz: the spec's words and a way to share it. */
function NoRespondents({ id, whole }: { id: string; whole: boolean }) {
  if (whole) {
    return (
      <EmptyState
        heading={reportTexts.noRespondents}
        image={emptyImage}
        action={{ content: reportTexts.share, url: adminUrl('Quiz/Share', id) }}
      >
        <p>{reportTexts.emptyHelp}</p>
      </EmptyState>
    );
  }
  return (
    <Box padding="400" paddingBlockEnd="600">
      <BlockStack gap="300" inlineAlign="center">
        <Text as="p" variant="headingSm" alignment="center">
          {reportTexts.noRespondents}
        </Text>
        <Text as="p" tone="subdued" alignment="center">
          {reportTexts.emptyHelp}
        </Text>
        <Button url={adminUrl('Quiz/Share', id)}>{reportTexts.share}</Button>
      </BlockStack>
    </Box>
  );
}

/** /app/Quiz/Analytics/{id}: the quiz's key figures, where visitors drop off, and who played it. */
export function QuizReportPage() {
  const { id = '' } = useParams();
  const [query, setQuery] = useRespondentsQuery();
  const report = useResource(['quiz-report', id], (signal) => getQuizReport(id, signal));
  const respondents = useResource(
    ['quiz-report', id, 'respondents', query.page, query.sort, query.direction, query.language],
    (signal) => listRespondents(id, { ...query, language: query.language ?? undefined }, signal),
  );

  // A page past the end (an old link, or fewer respondents than before) moves to the last page there is.
  const data = respondents.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / (data.pageSize || 1))) : 1;
  useEffect(() => {
    if (data && !respondents.loading && data.total > 0 && data.items.length === 0 && query.page > pageCount) {
      setQuery({ page: pageCount });
    }
  }, [data, respondents.loading, query.page, pageCount, setQuery]);

  if (report.loaded.state === 'missing' || respondents.loaded.state === 'missing') {
    return <NotFound thing={reportTexts.thing} list={quizzesList()} />;
  }
  if (report.loaded.state === 'failed') {
    return (
      <Page title="Quiz report" backAction={quizzesList()}>
        <ReportError message={report.loaded.message} onRetry={report.reload} />
      </Page>
    );
  }
  if (report.loaded.state === 'loading') return <ReportSkeleton />;

  return (
    <ReportScreen
      id={id}
      report={report.loaded.data}
      respondents={data}
      respondentsLoading={respondents.loading}
      respondentsFailure={respondents.loaded.state === 'failed' ? respondents.loaded.message : null}
      onRetryRespondents={respondents.reload}
      language={query.language}
      onLanguage={(language) => setQuery({ language, page: 1 })}
      table={
        data ? (
          <RespondentsTable
            respondents={data}
            query={query}
            loading={respondents.loading}
            onSort={(sort, direction) => setQuery({ sort, direction, page: 1 })}
            onPage={(page) => setQuery({ page })}
          />
        ) : null
      }
    />
  );
}

interface ScreenProps {
  id: string;
  report: TQuizReport;
  respondents: TRespondentsPage | null;
  respondentsLoading: boolean;
  respondentsFailure: string | null;
  onRetryRespondents(): void;
  /** The respondents' language filter (null: every language). */
  language: VisitorLanguage | null;
  onLanguage(language: VisitorLanguage | null): void;
  table: ReactNode;
}

function ReportScreen({
  id,
  report,
  respondents,
  respondentsLoading,
  respondentsFailure,
  onRetryRespondents,
  language,
  onLanguage,
  table,
}: ScreenProps) {
  const { quiz, kpis, questions } = report;
  const title = quiz.title.trim() || untitled;
  const noRespondents = respondents !== null && respondents.total === 0;
  // Nothing has happened yet: one message instead of a page of zeros.
  const quiet = kpis.views === 0 && kpis.starts === 0 && kpis.completions === 0;
  const untouched = quiet && noRespondents && !language;
  const failure = respondentsFailure ? <ReportError message={respondentsFailure} onRetry={onRetryRespondents} /> : null;

  let respondentsSection: ReactNode;
  if (!respondents) {
    respondentsSection = failure ?? (
      <Card>
        <span aria-busy="true" aria-label="Loading respondents">
          <SkeletonBodyText lines={8} />
        </span>
      </Card>
    );
  } else {
    respondentsSection = (
      <BlockStack gap="300">
        {failure}
        <Card padding="0">
          <Box padding={{ xs: '300', sm: '400' }} paddingBlockEnd={noRespondents ? '0' : '200'}>
            <InlineStack align="space-between" blockAlign="center" gap="200">
              <Text as="h2" variant="headingMd">
                {reportTexts.respondentsTitle}
              </Text>
              <LanguageFilter language={language} onLanguage={onLanguage} />
            </InlineStack>
          </Box>
          {noRespondents ? <NoRespondents id={id} whole={false} /> : table}
        </Card>
      </BlockStack>
    );
  }

  return (
    <Page
      title={title}
      subtitle={quizTypeInfo[quiz.quizType].label}
      titleMetadata={quiz.status === 'published' ? <Badge tone="success">Published</Badge> : <Badge tone="info">Draft</Badge>}
      backAction={quizzesList()}
      primaryAction={
        <ExportDataButton
          path={(format) => respondentsExportPath(id, format, language)}
          fileName={`${slugOf(title)}-respondents`}
          disabled={!respondents || respondents.total === 0}
        />
      }
      secondaryActions={[
        { content: reportTexts.share, url: adminUrl('Quiz/Share', id) },
        { content: reportTexts.edit, url: adminUrl('Quiz/Edit', id) },
      ]}
    >
      {respondentsLoading && respondents ? <Loading /> : null}
      {untouched || (quiet && !respondents && !respondentsFailure) ? (
        <Card>
          {untouched ? (
            <NoRespondents id={id} whole />
          ) : (
            <span aria-busy="true" aria-label="Loading respondents">
              <SkeletonBodyText lines={8} />
            </span>
          )}
        </Card>
      ) : (
        <BlockStack gap="400">
          <KpiCards kpis={kpis} />
          {report.revenue ? (
            <RevenueCard
              revenue={report.revenue}
              base={{ count: kpis.completions, one: 'completion', many: 'completions' }}
              help={revenueTexts.quizHelp}
              emptyHelp={revenueTexts.noOrdersHelp.quiz}
              breakdown={{
                title: revenueTexts.byOutcome,
                column: revenueTexts.outcome,
                rows: report.revenue.byOutcome.map((outcome) => ({ ...outcome, key: outcome.outcome ?? '' })),
              }}
            />
          ) : null}
          <DropOffCard questions={questions} />
          {respondentsSection}
        </BlockStack>
      )}
      <Box paddingBlockStart="400" paddingBlockEnd="800">
        <ExperimentsCard kind="quiz" id={id} />
      </Box>
    </Page>
  );
}

/** A file name from a title: lower case, words joined by hyphens. */
function slugOf(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'quiz'
  );
}
