import { z } from 'zod';
import { ZPage } from './widgets.ts';

/**
 * Products a quiz can recommend (issue 16): the shop's catalogue as the app keeps it, or products a
 * standalone owner types in. Routes: GET /api/v1/products, POST /api/v1/products/sync,
 * POST/PUT/DELETE /api/v1/products[/id] (manual ones).
 */

export const productLimits = { title: 255, url: 2048, tags: 50, tag: 255, pageSize: 50 } as const;

export const ZProduct = z.object({
  id: z.uuid(),
  source: z.enum(['shopify', 'manual']),
  /** Shopify's product gid, null for manual products. */
  externalId: z.string().nullable(),
  /** The numeric variant id Add to cart sends to cart/add.js (Shopify products only). */
  variantId: z.string().nullable(),
  title: z.string(),
  url: z.string(),
  imageUrl: z.string().nullable(),
  /** Decimal string ('19.90') and ISO currency code. */
  price: z.string(),
  currency: z.string(),
  tags: z.array(z.string()),
  available: z.boolean(),
});
export type TProduct = z.infer<typeof ZProduct>;

export const ZProductListQuery = z.object({
  search: z.string().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const ZProductListResponse = z.object({ data: ZPage(ZProduct) });

/** What a recommended product shows on a result page (the player has no ids it does not need). */
export const ZRecommendedProduct = ZProduct.pick({
  id: true,
  variantId: true,
  title: true,
  url: true,
  imageUrl: true,
  price: true,
  currency: true,
});
export type TRecommendedProduct = z.infer<typeof ZRecommendedProduct>;

/** Line-item properties Add to cart sets, read back from orders/create to credit the quiz (underscore: hidden at checkout). */
export const cartProperties = { quizId: '_quizlead_quiz', outcome: '_quizlead_outcome', variant: '_quizlead_variant' } as const;

/** Orders within this many days of the play or spin are credited to it. */
export const attributionWindowDays = 7;
