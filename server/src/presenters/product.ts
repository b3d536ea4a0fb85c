import type { TProduct } from '@quizlead/shared/schemas/products.ts';
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
