import { z } from 'zod';
import { storefrontTokenCreator } from '../../commands/storefrontTokenCreator.ts';
import type { Services } from '../../context.ts';
import { ShopNotInstalledError } from '../../integrations/shopify/adminApi.ts';
import { ShopifyRefusal } from '../../integrations/shopify/customerMetafields.ts';
import { defineTask } from '../task.ts';

/**
 * The shop's Storefront API token (commands/storefrontTokenCreator.ts), for product recommendations in
 * the shopper's market and language: enqueued with an install and when the merchant grants new scopes
 * (app/scopes_update, an install from before unauthenticated_read_product_listings). Until it exists,
 * recommendations show the synced products in the shop's currency.
 */
export const createStorefrontTokenTask = defineTask({
  name: 'shopify.storefront-token.create',
  payload: z.object({ accountId: z.uuid() }),
  retry: { limit: 6, delaySeconds: 30, backoff: true },
  handler: async ({ accountId }, deps: { servicesReady: Promise<Services> }) => {
    const services = await deps.servicesReady;
    try {
      await storefrontTokenCreator(services, accountId);
    } catch (error) {
      // Uninstalled (or its token revoked) since: the next install enqueues another.
      if (error instanceof ShopNotInstalledError) return;
      if (error instanceof ShopifyRefusal) {
        services.logger.warn({ accountId, err: error }, 'Shopify refused to make a Storefront access token');
        return;
      }
      throw error;
    }
  },
});
