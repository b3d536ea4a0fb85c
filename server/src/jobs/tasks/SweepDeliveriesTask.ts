import { z } from 'zod';
import { deliverySweeper } from '../../commands/deliverySweeper.ts';
import type { DeliveryAttempterDeps } from '../../commands/deliveryAttempter.ts';
import { defineTask } from '../task.ts';

/**
 * Every minute: wakes deliveries whose wake-up was lost (a worker killed mid-attempt leaves its claim
 * to lapse; a job can be dropped by hand). With it, a delivery that was acknowledged is always tried.
 */
export const sweepDeliveriesTask = defineTask({
  name: 'delivery.sweep',
  payload: z.object({}),
  retry: { limit: 0, delaySeconds: 60, backoff: false },
  cron: '* * * * *',
  handler: async (_payload, deps: DeliveryAttempterDeps) => {
    await deliverySweeper({ services: await deps.servicesReady });
  },
});
