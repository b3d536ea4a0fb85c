import { z } from 'zod';
import { lapsingPrizePools, prizePoolFiller } from '../../commands/prizes/prizePoolFiller.ts';
import type { Services } from '../../context.ts';
import { ShopNotInstalledError } from '../../integrations/shopify/adminApi.ts';
import { defineTask } from '../task.ts';

/**
 * A prize slot's unique codes made ahead of demand (commands/prizes/prizePoolFiller.ts): queued when a
 * wheel is saved, when a spin finds the pool low or empty, and by the hourly sweep below. Shopify
 * errors and an unfinished bulk creation are retried with backoff; a fill is safe to repeat.
 */
export const fillPrizePoolTask = defineTask({
  name: 'prizes.fill-pool',
  payload: z.object({ accountId: z.uuid(), discountId: z.uuid() }),
  retry: { limit: 6, delaySeconds: 30, backoff: true },
  handler: async ({ accountId, discountId }, deps: { servicesReady: Promise<Services> }) => {
    const services = await deps.servicesReady;
    try {
      await prizePoolFiller({ services, accountId, discountId });
    } catch (error) {
      // Uninstalled since: no discounts to make; a save after the next install queues the fill again.
      if (error instanceof ShopNotInstalledError) return;
      throw error;
    }
  },
});

/** Hourly: pools whose Shopify discount is about to stop giving codes get their next one before a visitor finds none. */
export const sweepPrizePoolsTask = defineTask({
  name: 'prizes.sweep-pools',
  payload: z.object({}),
  retry: { limit: 0, delaySeconds: 60, backoff: false },
  cron: '41 * * * *',
  handler: async (_payload, deps: { servicesReady: Promise<Services> }) => {
    const services = await deps.servicesReady;
    const db = services.database.db;
    for (const pool of await lapsingPrizePools(db, new Date())) {
      await services.queue.enqueue(db, fillPrizePoolTask, { accountId: pool.accountId, discountId: pool.id });
    }
  },
});
