import { z } from 'zod';
import type { Services } from '../../context.ts';
import { ShopNotInstalledError } from '../../integrations/shopify/adminApi.ts';
import {
  isAccessDenied,
  shopifyProductRefresher,
  shopifyProductsSyncer,
} from '../../integrations/shopify/products/productsSyncer.ts';
import { productSyncRecorder } from '../../commands/productSyncRecorder.ts';
import { defineTask } from '../task.ts';

/**
 * The shop's products copied in (integrations/shopify/products): the whole catalogue after an install
 * or a reinstall and when the owner asks (POST /api/v1/products/sync), or one product (`productId`)
 * after a products/* webhook that did not say enough. Shopify errors and throttling past what the sync
 * waits out are retried with backoff; a sync is safe to repeat.
 */
export const syncProductsTask = defineTask({
  name: 'shopify.products.sync',
  payload: z.object({
    accountId: z.uuid(),
    productId: z
      .string()
      .regex(/^gid:\/\/shopify\/Product\/\d+$/)
      .optional(),
  }),
  retry: { limit: 5, delaySeconds: 60, backoff: true },
  handler: async ({ accountId, productId }, deps: { servicesReady: Promise<Services> }) => {
    const services = await deps.servicesReady;
    const db = services.database.db;
    if (productId) {
      try {
        await shopifyProductRefresher({ services, accountId, productId });
      } catch (error) {
        if (error instanceof ShopNotInstalledError || isAccessDenied(error)) return;
        throw error;
      }
      return;
    }
    // The whole catalogue: the Products page shows how it went (productSyncRecorder).
    await productSyncRecorder({ db, accountId, state: 'running' });
    try {
      await shopifyProductsSyncer({ services, accountId });
      await productSyncRecorder({ db, accountId, state: 'done' });
      services.marketProducts.forgetAccount(accountId);
    } catch (error) {
      // Uninstalled or its token revoked since: retrying cannot read anything until the merchant opens
      // the app again (which exchanges new tokens); the page says so and offers the retry.
      if (error instanceof ShopNotInstalledError) {
        await productSyncRecorder({ db, accountId, state: { failed: 'notInstalled' } });
        return;
      }
      // The merchant has not granted read_products yet (an install from before it was asked for):
      // retrying only repeats the refusal; the owner's Sync once it is granted brings the products.
      if (isAccessDenied(error)) {
        services.logger.warn({ accountId }, 'products sync refused: read_products is not granted');
        await productSyncRecorder({ db, accountId, state: { failed: 'accessDenied' } });
        return;
      }
      // Shopify not answering: the job retries with backoff; meanwhile the page says this attempt failed.
      await productSyncRecorder({ db, accountId, state: { failed: 'shopifyUnavailable' } });
      throw error;
    }
  },
});
