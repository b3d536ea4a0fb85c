import { z } from 'zod';
import { deliveryLimits } from '@quizlead/shared/schemas/deliveries.ts';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../queue.ts';

/**
 * The delivery attempt's queue and payload: what enqueuing one needs. Apart from its task
 * (AttemptDeliveryTask.ts) so the attempter can schedule its own retry without importing its handler.
 */
export const attemptDeliveryJob = {
  name: 'delivery.attempt',
  /** The account bounds its share of the workers (jobs queued before it was added have none). */
  payload: z.object({ deliveryId: z.uuid(), accountId: z.uuid().optional() }),
};

/**
 * How attempts share the workers: several at once in each process, at most `perDestination` of one
 * destination at once across every process (so a slow or dead endpoint holds only those), a retry
 * only while fewer than `retriesPerDestination` of its destination are in flight (first attempts of
 * new leads go first), and at most `perAccount` of one account's in a process (an account's many
 * endpoints never take every slot).
 */
export const deliveryConcurrency = {
  slots: deliveryLimits.concurrentAttempts,
  perGroup: deliveryLimits.concurrentPerDestination,
  tiers: { retry: deliveryLimits.concurrentRetriesPerDestination },
  perKey: {
    limit: deliveryLimits.concurrentPerAccount,
    key: (payload: z.infer<typeof attemptDeliveryJob.payload>) => payload.accountId,
  },
};

/** Queues an attempt of a delivery in its destination's group (inside `db`: it exists only if that commits). */
export function enqueueDeliveryAttempt(
  db: Db,
  queue: Pick<JobQueue, 'enqueue'>,
  delivery: { id: string; destinationId: string; accountId: string },
  options: { startAfter?: Date; retry?: boolean } = {},
): Promise<string> {
  return queue.enqueue(
    db,
    attemptDeliveryJob,
    { deliveryId: delivery.id, accountId: delivery.accountId },
    {
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      group: { id: delivery.destinationId, ...(options.retry ? { tier: 'retry' } : {}) },
    },
  );
}
