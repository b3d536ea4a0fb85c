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
  payload: z.object({ deliveryId: z.uuid() }),
};

/**
 * How attempts share the workers: several at once in each process, at most `perDestination` of one
 * destination at once across every process (so a slow or dead endpoint holds only those), and a
 * retry only while fewer than `retriesPerDestination` of its destination are in flight (first
 * attempts of new leads go first).
 */
export const deliveryConcurrency = {
  slots: deliveryLimits.concurrentAttempts,
  perGroup: deliveryLimits.concurrentPerDestination,
  tiers: { retry: deliveryLimits.concurrentRetriesPerDestination },
};

/** Queues an attempt of a delivery in its destination's group (inside `db`: it exists only if that commits). */
export function enqueueDeliveryAttempt(
  db: Db,
  queue: Pick<JobQueue, 'enqueue'>,
  delivery: { id: string; destinationId: string },
  options: { startAfter?: Date; retry?: boolean } = {},
): Promise<string> {
  return queue.enqueue(
    db,
    attemptDeliveryJob,
    { deliveryId: delivery.id },
    {
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      group: { id: delivery.destinationId, ...(options.retry ? { tier: 'retry' } : {}) },
    },
  );
}
