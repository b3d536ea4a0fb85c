import { z } from 'zod';
import { shopPlanSyncer } from '../../commands/shopPlanSyncer.ts';
import type { Services } from '../../context.ts';
import { ShopNotInstalledError } from '../../integrations/shopify/adminApi.ts';
import { defineTask } from '../task.ts';

/**
 * After an install or a reinstall: the shop's plan read from Shopify (App Pricing), so a merchant who
 * pays is on the paid mode from the start, and again after reinstalling. Enqueued with the install.
 */
export const syncShopPlanTask = defineTask({
  name: 'shopify.plan.sync',
  payload: z.object({ accountId: z.uuid() }),
  retry: { limit: 6, delaySeconds: 30, backoff: true },
  handler: async ({ accountId }, deps: { services?: Services }) => {
    // The services exist once the server listens (the Shopify library needs the app's URL).
    if (!deps.services) throw new Error('the server is still starting');
    try {
      await shopPlanSyncer(deps.services, accountId);
    } catch (error) {
      // Uninstalled again since: nothing to read; the next install enqueues another.
      if (error instanceof ShopNotInstalledError) return;
      throw error;
    }
  },
});
