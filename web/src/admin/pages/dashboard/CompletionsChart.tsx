import type { TDashboardGraph } from '@quizlead/shared/schemas/reports.ts';
import { useId } from 'react';
import { DailyLineChart } from '../../components/charts/DailyLineChart.tsx';
import { ChartCard, completions } from './ChartCard.tsx';
import styles from './dashboard.module.css';

/** Quiz completions per day of the range, as a line with a tooltip per day; the numbers also as a table for screen readers. */
export function CompletionsChart({ graph }: { graph: TDashboardGraph }) {
  const titleId = useId();
  return (
    <ChartCard graph={graph} titleId={titleId}>
      <DailyLineChart
        points={graph.map((row) => ({ day: row.day, value: row.completions }))}
        titleId={titleId}
        describe={completions}
        className={styles.chart}
        testId="completions-chart"
      />
    </ChartCard>
  );
}
