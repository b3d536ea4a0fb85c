import { z } from 'zod';

/**
 * GET /api/v1/products/sync: how a shop's last catalogue sync went. A module of its own, so the admin's
 * shared bundle carries none of it (the Products page reads its type only).
 */

/** Why the last sync of a shop's products failed, as the Products page says it. */
export const productSyncFailures = {
  /** Shopify refused the app's token (revoked) or the app was removed: opening the app again exchanges a new one. */
  notInstalled:
    'Shopify did not let the app read your store. Try again; if it fails again, open the app from your Shopify admin.',
  /** read_products is not granted yet. */
  accessDenied: 'The app is not allowed to read your products yet. Approve its access to products in Shopify, then try again.',
  /** Shopify did not answer, or answered an error: the job retries on its own. */
  shopifyUnavailable: 'Shopify did not answer. The sync is tried again in a few minutes, or try again now.',
} as const;
export type TProductSyncFailure = keyof typeof productSyncFailures;

/** GET /products/sync: the last sync of a shop's products (state null: never synced). */
export const ZProductSyncStatus = z.object({
  state: z.enum(['queued', 'running', 'done', 'failed']).nullable(),
  /** When state is failed: why, in words for the owner. */
  failure: z.string().nullable(),
  /** When the state last changed. */
  at: z.iso.datetime().nullable(),
});
export type TProductSyncStatus = z.infer<typeof ZProductSyncStatus>;
export const ZProductSyncStatusResponse = z.object({ data: ZProductSyncStatus });
