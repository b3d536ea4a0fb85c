import { dashboardMessages } from '@quizlead/shared/reports.ts';
import type { TDashboardGraph } from '@quizlead/shared/schemas/reports.ts';
import type { ReactNode } from 'react';
import { DailyChartCard } from '../../components/charts/DailyChartCard.tsx';
import { formatDay } from './range.ts';
import { counted } from '@quizlead/shared/plural.ts';

export const completions = (count: number) => counted(count, 'completion');

interface Props {
  graph: TDashboardGraph;
  /** The id the chart's title gets, for the chart to name itself by. */
  titleId?: string;
  /** The chart's box. */
  children: ReactNode;
}

/**
 * The completions chart's card: its title and summary, the chart's box, and the numbers as a table
 * for screen readers. It shows with an empty box of the chart's height while the chart library
 * loads (CompletionsChart.tsx), so nothing moves when the chart arrives.
 */
export function ChartCard({ graph, titleId, children }: Props) {
  const total = graph.reduce((sum, row) => sum + row.completions, 0);
  return (
    <DailyChartCard
      title={dashboardMessages.chartTitle}
      titleId={titleId}
      summary={`${completions(total)} from ${formatDay(graph[0]?.day ?? '')} to ${formatDay(graph.at(-1)?.day ?? '')}`}
      valueHeading="Completions"
      days={graph.map((row) => ({ day: row.day, value: row.completions }))}
    >
      {children}
    </DailyChartCard>
  );
}
