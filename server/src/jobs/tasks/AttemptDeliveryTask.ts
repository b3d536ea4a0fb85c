import { attemptLeaseMs, deliveryAttempter, type DeliveryAttempterDeps } from '../../commands/deliveryAttempter.ts';
import { defineTask } from '../task.ts';
import { attemptDeliveryJob, deliveryConcurrency } from './attemptDeliveryJob.ts';

/**
 * Wakes the attempter for one delivery. The delivery row, not the job, is the truth: a job for a
 * delivery that is not due (delivered, or already taken by another worker) does nothing, so a job sent
 * twice or a sweep's extra wake-up never attempts twice. pg-boss's own retries cover a crash of the
 * handler itself (the database went away); the delivery schedule is the attempter's. Attempts run
 * several at once, grouped by destination (deliveryConcurrency); a job still active after the
 * attempt's lease is taken as lost with its process.
 */
export const attemptDeliveryTask = defineTask({
  ...attemptDeliveryJob,
  retry: { limit: 5, delaySeconds: 10, backoff: true },
  concurrency: deliveryConcurrency,
  expireSeconds: attemptLeaseMs / 1000,
  handler: async (payload, deps: DeliveryAttempterDeps) => {
    await deliveryAttempter({ ...deps, deliveryId: payload.deliveryId });
  },
});
