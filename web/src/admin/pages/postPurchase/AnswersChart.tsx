import type { TPostPurchaseReport } from '@quizlead/shared/schemas/postPurchaseReport.ts';
import { DailyLineChart } from '../../components/charts/DailyLineChart.tsx';
import { answersCount } from './format.ts';
import styles from './postPurchase.module.css';

/** Answers per day of the range (loaded lazily with the chart library). */
export function AnswersChart({ days, titleId }: { days: TPostPurchaseReport['days']; titleId: string }) {
  return (
    <DailyLineChart
      points={days.map((day) => ({ day: day.day, value: day.answers }))}
      titleId={titleId}
      describe={answersCount}
      className={styles.chart}
      testId="post-purchase-chart"
    />
  );
}
