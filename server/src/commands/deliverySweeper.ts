import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Services } from '../context.ts';
import { deliveries } from '../db/schema/index.ts';
import { enqueueDeliveryAttempt } from '../jobs/tasks/attemptDeliveryJob.ts';

/** A due delivery is overdue when nothing has taken it for this long: its wake-up job is gone. */
export const overdueAfterMs = 60_000;

/**
 * Wakes overdue deliveries: due ones nobody took within a minute, and ones whose worker died holding
 * the claim (lease lapsed). Each gets a new job and its due time moved to now, so the next sweep does
 * not wake it again while the job waits. The attempter's claim makes an extra wake-up harmless.
 */
export async function deliverySweeper(props: { services: Services; limit?: number }): Promise<number> {
  const { services } = props;
  return services.database.db.transaction(async (db) => {
    const woken = await db
      .update(deliveries)
      .set({ nextAttemptAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        inArray(
          deliveries.id,
          db
            .select({ id: deliveries.id })
            .from(deliveries)
            .where(
              or(
                and(
                  inArray(deliveries.status, ['pending', 'failed']),
                  lt(deliveries.nextAttemptAt, sql`now() - ${`${overdueAfterMs} milliseconds`}::interval`),
                ),
                and(eq(deliveries.status, 'delivering'), lt(deliveries.leaseUntil, sql`now()`)),
              ),
            )
            .limit(props.limit ?? 500),
        ),
      )
      .returning({ id: deliveries.id, accountId: deliveries.accountId, destinationId: deliveries.destinationId });
    for (const delivery of woken) await enqueueDeliveryAttempt(db, services.queue, delivery);
    return woken.length;
  });
}
