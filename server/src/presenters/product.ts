import type { TProduct } from '@quizlead/shared/schemas/products.ts';
import { productSyncFailures, type TProductSyncFailure, type TProductSyncStatus } from '@quizlead/shared/schemas/productSync.ts';
import type { ProductRow } from '../policies/product.ts';

/** A product as the owner's screens read it (no account id, no timestamps, no handle). */
export const presentProduct = (product: ProductRow): TProduct => ({
  id: product.id,
  source: product.source,
  externalId: product.externalId,
  variantId: product.variantId,
  title: product.title,
  url: product.url,
  imageUrl: product.imageUrl,
  price: product.price,
  currency: product.currency,
  tags: product.tags,
  available: product.available,
});

/** The last products sync of a shop, its failure in the owner's words. */
export const presentProductSync = (
  row: { state: TProductSyncStatus['state']; failure: string | null; at: Date | null } | undefined,
): TProductSyncStatus => ({
  state: row?.state ?? null,
  failure:
    row?.state === 'failed'
      ? (productSyncFailures[row.failure as TProductSyncFailure] ?? productSyncFailures.shopifyUnavailable)
      : null,
  at: row?.at?.toISOString() ?? null,
});
