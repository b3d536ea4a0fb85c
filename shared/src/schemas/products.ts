import { z } from 'zod';
import { visitorLanguages } from '../i18n/languages.ts';
import { ZImageRef } from './common.ts';
import { ZPage } from './lists.ts';

/**
 * Products a quiz can recommend (issue 16): the shop's catalogue as the app keeps it, or products a
 * standalone owner types in. Routes: GET /api/v1/products, POST /api/v1/products/sync,
 * POST/PUT/DELETE /api/v1/products[/id] (manual ones).
 */

export const productLimits = { title: 255, url: 2048, tags: 50, tag: 255, pageSize: 50, search: 100 } as const;

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
  search: z.string().trim().max(productLimits.search).default(''),
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

/**
 * The shopper's market and language, asked with a play step's outcome (`?country=CA&language=fr` on the
 * answers and lead steps): a Shopify quiz's recommended products then show their title, price and
 * currency as that market and language sell them (Storefront API `@inContext`). `country` is the
 * storefront's `localization.country.iso_code`, `language` the language the player shows.
 */
export const ZProductMarketQuery = z.object({
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, { error: 'country must be a two-letter ISO country code in capitals' })
    .optional(),
  language: z.enum(visitorLanguages, { error: 'language must be one of the visitor languages' }).optional(),
});
export type TProductMarket = z.infer<typeof ZProductMarketQuery>;

/** Line-item properties Add to cart sets, read back from orders/create to credit the quiz (underscore: hidden at checkout). */
export const cartProperties = { quizId: '_quizlead_quiz', outcome: '_quizlead_outcome', variant: '_quizlead_variant' } as const;

/** Orders within this many days of the play or spin are credited to it. */
export const attributionWindowDays = 7;

/** What the owner reads when a product request is refused or done (field errors name the field). */
export const productMessages = {
  titleRequired: 'Enter the product’s title.',
  titleTooLong: `The title must be at most ${productLimits.title} characters.`,
  urlInvalid: 'Enter the product’s page as an https:// address.',
  imageInvalid: 'The image must be an uploaded image or an https:// address.',
  priceInvalid: 'Enter the price as a number of 0 or more, like 19.90.',
  currencyInvalid: 'Enter the currency as its three-letter code, like USD or EUR.',
  tagsInvalid: 'Tags must be a list of words.',
  tagsTooMany: `A product can have at most ${productLimits.tags} tags.`,
  tagTooLong: `Each tag must be at most ${productLimits.tag} characters.`,
  availableInvalid: 'Say whether the product is available (true or false).',
  /** POST /products/sync from a standalone account. */
  syncShopifyOnly: 'Only a Shopify store has products to sync. Add your products by hand instead.',
  syncQueued: 'Your store’s products are being synced. They appear here in a minute or two.',
  /** PUT or DELETE of a product that comes from the shop's catalogue. */
  shopifyManaged: 'This product comes from your Shopify store: change or delete it in Shopify and it is updated here.',
  deleted: 'Product deleted.',
} as const;

const ZTag = z
  .string({ error: productMessages.tagsInvalid })
  .trim()
  .min(1, productMessages.tagsInvalid)
  .max(productLimits.tag, productMessages.tagTooLong);

/** A web page an owner links to: https only, no space, quote or bracket a link or markup could trip on. */
const isHttpsAddress = (url: string) => /^https:\/\/[^\s"'<>\\/][^\s"'<>\\]*$/.test(url) && URL.canParse(url);

/** A product a standalone owner types in (POST /products, and PUT /products/{id} with the whole product again). */
export const ZProductRequest = z.object({
  title: z
    .string({ error: productMessages.titleRequired })
    .trim()
    .min(1, productMessages.titleRequired)
    .max(productLimits.title, productMessages.titleTooLong),
  url: z
    .string({ error: productMessages.urlInvalid })
    .trim()
    .max(productLimits.url, productMessages.urlInvalid)
    .refine(isHttpsAddress, productMessages.urlInvalid),
  imageUrl: ZImageRef(productMessages.imageInvalid, productLimits.url),
  /** Up to 12 digits and 4 decimals (currencies differ in their minor units); no sign, no exponent. */
  price: z
    .string({ error: productMessages.priceInvalid })
    .trim()
    .regex(/^\d{1,12}(\.\d{1,4})?$/, productMessages.priceInvalid),
  currency: z
    .string({ error: productMessages.currencyInvalid })
    .trim()
    .regex(/^[A-Za-z]{3}$/, productMessages.currencyInvalid)
    .transform((code) => code.toUpperCase()),
  /** Kept once each, compared without case (as Shopify compares tags). */
  tags: z
    .array(ZTag, { error: productMessages.tagsInvalid })
    .max(productLimits.tags, productMessages.tagsTooMany)
    .default([])
    .transform((tags) =>
      tags.filter((tag, index) => tags.findIndex((kept) => kept.toLowerCase() === tag.toLowerCase()) === index),
    ),
  /** Off: kept, but never recommended. */
  available: z.boolean({ error: productMessages.availableInvalid }).default(true),
});
export type TProductRequest = z.input<typeof ZProductRequest>;

export const ZProductResponse = z.object({ data: ZProduct });
export type TProductResponse = z.infer<typeof ZProductResponse>;

/** POST /products/sync: the sync is queued (202); the list shows the products once it has run. */
export const ZProductSyncResponse = z.object({ data: z.object({ queued: z.literal(true), message: z.string() }) });

/** A shop collection the account's products are in, with how many of them (an outcome can draw from it). */
export const ZProductCollection = z.object({ id: z.string(), title: z.string(), products: z.number().int() });
export type TProductCollection = z.infer<typeof ZProductCollection>;
export const ZProductCollectionsResponse = z.object({ data: z.array(ZProductCollection) });
