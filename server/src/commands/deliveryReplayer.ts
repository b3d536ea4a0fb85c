import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { deliveryLimits, deliveryMessages, type TDeliveryStatus } from '@quizlead/shared/schemas/deliveries.ts';
import type { Db } from '../db/client.ts';
import { deliveries, destinations } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { AppError, NotFoundError } from '../errors.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { enqueueDeliveryAttempt } from '../jobs/tasks/attemptDeliveryJob.ts';

/**
 * Replays failed deliveries: each goes back to 'pending', due now, with a new job to attempt it, in the
 * caller's transaction (the job exists only if the replay commits). A delivery keeps its id, which is
 * the idempotency key every attempt sends, so a receiver that got it before can dedupe. Its attempt count
 * and last error stay: the log numbers attempts on, and a replay is one more attempt, not a new schedule
 * (a retryable failure past the schedule's last step is dead again at once).
 */

type DeliveryRow = typeof deliveries.$inferSelect;

interface ReplayProps {
  /** The request's transaction. */
  db: Db;
  queue: JobQueue;
  accountId: string;
}

const replayable: TDeliveryStatus[] = ['failed', 'dead'];

/** A destination that takes leads: the owner's switch on and not switched off by the pipeline. */
const destinationOn = sql<boolean>`(${destinations.enabled} and ${destinations.disabledReason} is null)`;

const requeued = { status: 'pending', nextAttemptAt: sql`now()`, leaseUntil: null, updatedAt: sql`now()` } as const;

/**
 * One delivery of the account: 404 for anyone else's id, 409 unless it failed or died, and 409 while its
 * destination is switched off (the owner fixes and saves the destination first).
 */
export async function deliveryReplayer(props: ReplayProps & { deliveryId: string }): Promise<DeliveryRow> {
  const { db, queue, accountId } = props;
  const [found] = await db
    .select({ status: deliveries.status, destinationOn })
    .from(deliveries)
    .innerJoin(destinations, eq(destinations.id, deliveries.destinationId))
    .where(scoped(deliveries, accountId, eq(deliveries.id, props.deliveryId)))
    .for('update', { of: deliveries });
  if (!found) throw NotFoundError();
  if (!replayable.includes(found.status)) throw new AppError(409, 'conflict', deliveryMessages.notReplayable);
  if (!found.destinationOn) throw new AppError(409, 'conflict', deliveryMessages.destinationOff);

  const [delivery] = await db
    .update(deliveries)
    .set(requeued)
    .where(scoped(deliveries, accountId, eq(deliveries.id, props.deliveryId)))
    .returning();
  await enqueueDeliveryAttempt(db, queue, delivery!);
  return delivery!;
}

/** With `destinations` joined: the failed and dead deliveries of the account (or one destination) whose destination is on. */
function replayableWhere(accountId: string, destinationId: string | undefined): SQL {
  return scoped(
    deliveries,
    accountId,
    inArray(deliveries.status, replayable),
    destinationId ? eq(deliveries.destinationId, destinationId) : undefined,
    destinationOn,
  );
}

/** How many deliveries "Replay all failed" would queue again (before its batch limit). */
export async function replayableDeliveryCount(props: {
  db: Db;
  accountId: string;
  destinationId?: string | undefined;
}): Promise<number> {
  const [row] = await props.db
    .select({ count: sql<number>`count(*)::int` })
    .from(deliveries)
    .innerJoin(destinations, eq(destinations.id, deliveries.destinationId))
    .where(replayableWhere(props.accountId, props.destinationId));
  return row?.count ?? 0;
}

/**
 * Every failed or dead delivery of the account (or of one destination), oldest first and at most
 * `deliveryLimits.replayBatch` at a time; those of switched-off destinations are skipped, and rows
 * another request holds are left to it. Answers how many were queued again.
 */
export async function failedDeliveriesReplayer(props: ReplayProps & { destinationId?: string | undefined }): Promise<number> {
  const { db, queue, accountId } = props;
  const batch = db
    .select({ id: deliveries.id })
    .from(deliveries)
    .innerJoin(destinations, eq(destinations.id, deliveries.destinationId))
    .where(replayableWhere(accountId, props.destinationId))
    .orderBy(asc(deliveries.createdAt), asc(deliveries.id))
    .limit(deliveryLimits.replayBatch)
    .for('update', { of: deliveries, skipLocked: true });
  const rows = await db
    .update(deliveries)
    .set(requeued)
    .where(scoped(deliveries, accountId, inArray(deliveries.id, batch)))
    .returning({ id: deliveries.id, accountId: deliveries.accountId, destinationId: deliveries.destinationId });
  for (const row of rows) await enqueueDeliveryAttempt(db, queue, row);
  return rows.length;
}
