import { and, desc, eq, sql } from 'drizzle-orm';
import { assignVariant } from '@quizlead/shared/engine/experiments.ts';
import type { TPublicExperiment, TVariant } from '@quizlead/shared/schemas/experiments.ts';
import type { Db } from '../client.ts';
import { attributedOrders, experiments, plays, wheelSpins } from '../schema/index.ts';
import { scoped } from '../scope.ts';

export type ExperimentRow = typeof experiments.$inferSelect;

/** A quiz or a wheel of an account: what an A/B test belongs to. */
export type ExperimentItem = { kind: 'quiz' | 'wheel'; id: string; accountId: string };

const ofItem = (item: ExperimentItem) =>
  scoped(experiments, item.accountId, item.kind === 'quiz' ? eq(experiments.quizId, item.id) : eq(experiments.wheelId, item.id));

/** The item's running test, if any (at most one runs: experiments_running_*_idx). */
export async function runningExperiment(db: Db, item: ExperimentItem): Promise<ExperimentRow | null> {
  const [row] = await db
    .select()
    .from(experiments)
    .where(and(ofItem(item), eq(experiments.status, 'running')))
    .limit(1);
  return row ?? null;
}

/** The item's tests, newest first. */
export function itemExperiments(db: Db, item: ExperimentItem): Promise<ExperimentRow[]> {
  return db.select().from(experiments).where(ofItem(item)).orderBy(desc(experiments.startedAt), desc(experiments.id));
}

/** One test of the item, locked for its end; undefined for any other id. */
export async function lockedExperiment(db: Db, item: ExperimentItem, id: string): Promise<ExperimentRow | undefined> {
  const [row] = await db
    .select()
    .from(experiments)
    .where(and(ofItem(item), eq(experiments.id, id)))
    .for('update');
  return row;
}

/**
 * The variant a visitor gets in a running test: the same for the same visitor key (the browser's
 * visitor id, else what identifies the play or spin). Null without a test.
 */
export function variantFor(
  experiment: ExperimentRow | null,
  visitor: string,
): { experimentId: string; variant: TVariant } | null {
  if (!experiment) return null;
  const index = assignVariant(
    experiment.id,
    visitor,
    experiment.variants.map((variant) => variant.share),
  );
  return { experimentId: experiment.id, variant: experiment.variants[index]! };
}

/** What the player needs of a running quiz test (a wheel's odds stay on the server). */
export function publicExperiment(experiment: ExperimentRow | null): TPublicExperiment | null {
  if (!experiment || experiment.subject === 'odds') return null;
  // Key, share and value only: the variant's name is the owner's label (it may say anything) and stays theirs.
  const variants = experiment.variants.map(({ key, share, value }) => ({ key, share, value }));
  return { id: experiment.id, subject: experiment.subject, variants };
}

/** A test's figures per variant key: visitors, completions and leads from its plays or spins, orders and revenue from the orders credited to it. */
export async function experimentCounts(db: Db, item: ExperimentItem, experimentId: string) {
  const counted =
    item.kind === 'quiz'
      ? db
          .select({
            variant: plays.variant,
            visitors: sql<number>`count(*)::int`,
            completions: sql<number>`(count(*) filter (where ${plays.status} = 'completed'))::int`,
            leads: sql<number>`(count(*) filter (where ${plays.email} is not null))::int`,
          })
          .from(plays)
          // The plays_experiment_idx predicate, so the count reads that index.
          .where(
            scoped(
              plays,
              item.accountId,
              eq(plays.experimentId, experimentId),
              sql`${plays.experimentId} is not null and not ${plays.preview}`,
            ),
          )
          .groupBy(plays.variant)
      : db
          .select({
            variant: wheelSpins.variant,
            visitors: sql<number>`count(*)::int`,
            completions: sql<number>`count(*)::int`,
            leads: sql<number>`(count(*) filter (where ${wheelSpins.email} is not null))::int`,
          })
          .from(wheelSpins)
          .where(scoped(wheelSpins, item.accountId, eq(wheelSpins.experimentId, experimentId)))
          .groupBy(wheelSpins.variant);
  const ordered = db
    .select({
      variant: attributedOrders.variant,
      currency: attributedOrders.currency,
      orders: sql<number>`count(*)::int`,
      // A sum of bigints is numeric: read as text, exact up to 2^53.
      revenue: sql<string>`sum(${attributedOrders.totalMinor})::text`,
      latest: sql<Date>`max(${attributedOrders.orderedAt})`.mapWith(attributedOrders.orderedAt),
    })
    .from(attributedOrders)
    .where(
      scoped(
        attributedOrders,
        item.accountId,
        eq(attributedOrders.itemId, item.id),
        eq(attributedOrders.experimentId, experimentId),
      ),
    )
    .groupBy(attributedOrders.variant, attributedOrders.currency);
  const [visits, orders] = await Promise.all([counted, ordered]);
  return { visits, orders: orders.map((row) => ({ ...row, revenue: Number(row.revenue) })) };
}
