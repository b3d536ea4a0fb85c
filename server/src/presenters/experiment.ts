import { experimentVerdict } from '@quizlead/shared/engine/experiments.ts';
import { experimentLimits, type TExperiment, type TExperimentMetric } from '@quizlead/shared/schemas/experiments.ts';
import type { ExperimentRow, experimentCounts } from '../db/queries/experiments.ts';

type Counts = Awaited<ReturnType<typeof experimentCounts>>;

/**
 * A test as its report shows it: each variant's figures, compared with the original's, and the variant
 * the figures call best. Revenue is in the currency of the newest credited order (a shop rarely
 * changes it; sums across currencies would mean nothing).
 */
export function presentExperiment(experiment: ExperimentRow, counts: Counts, metric: TExperimentMetric): TExperiment {
  const newest = counts.orders.reduce<(typeof counts.orders)[number] | null>(
    (best, row) => (!best || row.latest > best.latest ? row : best),
    null,
  );
  const currency = newest?.currency ?? null;
  const figures = experiment.variants.map((variant) => {
    const visits = counts.visits.find((row) => row.variant === variant.key);
    const orders = counts.orders.filter((row) => row.variant === variant.key && row.currency === currency);
    return {
      key: variant.key,
      visitors: visits?.visitors ?? 0,
      completions: visits?.completions ?? 0,
      leads: visits?.leads ?? 0,
      orders: orders.reduce((sum, row) => sum + row.orders, 0),
      revenue: orders.reduce((sum, row) => sum + row.revenue, 0),
    };
  });
  const { comparisons, leader } = experimentVerdict(figures, metric, {
    minVisitors: experimentLimits.visitorsForVerdict,
    minConfidence: experimentLimits.confidenceForWinner,
  });
  return {
    id: experiment.id,
    subject: experiment.subject,
    status: experiment.status,
    winner: (experiment.winner as TExperiment['winner']) ?? null,
    startedAt: experiment.startedAt.toISOString(),
    endedAt: experiment.endedAt?.toISOString() ?? null,
    metric,
    currency,
    variants: experiment.variants.map((variant, index) => ({
      ...variant,
      ...figures[index]!,
      completionsVsOriginal: comparisons[index]?.completions ?? null,
      leadsVsOriginal: comparisons[index]?.leads ?? null,
      ordersVsOriginal: comparisons[index]?.orders ?? null,
    })),
    leader: experiment.status === 'running' ? (leader as TExperiment['leader']) : null,
  };
}
