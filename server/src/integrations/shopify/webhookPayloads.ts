import { z } from 'zod';
import { shopifySubscriptionStatuses } from '@quizlead/shared/shopify.ts';

/**
 * The bodies of the webhook topics the app subscribes to (shopify.app.toml [webhooks]), as Shopify
 * documents them. Only the fields the app uses are read; anything else is dropped. A body that does not
 * match answers 400 naming the field, even with a valid signature.
 */

/** Shopify ids arrive as JSON numbers (sometimes strings): kept as text. */
const ZShopifyId = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]).transform(String);
const ZShopDomain = z.string().regex(/^[a-zA-Z0-9][a-zA-Z0-9-]*\.myshopify\.com$/, 'must be a myshopify.com domain');

const ZCustomer = z.object({
  id: ZShopifyId.nullish(),
  // Matched as text against what visitors typed, so any address Shopify holds is taken (unicode too).
  email: z
    .string()
    .trim()
    .max(320)
    .regex(/^[^@\s]+@[^@\s]+$/, 'must be an email address')
    .nullish(),
  phone: z.string().max(64).nullish(),
});

export const ZCustomersDataRequestPayload = z.object({
  shop_domain: ZShopDomain,
  customer: ZCustomer,
  /** The orders the customer asked about (Shopify's order ids). */
  orders_requested: z.array(ZShopifyId).max(10_000).nullish(),
  data_request: z.object({ id: ZShopifyId.nullish() }).nullish(),
});

export const ZCustomersRedactPayload = z.object({
  shop_domain: ZShopDomain,
  customer: ZCustomer,
});

export const ZShopRedactPayload = z.object({ shop_domain: ZShopDomain });

/** The shop resource; the shop is named by the X-Shopify-Shop-Domain header. */
export const ZAppUninstalledPayload = z.object({ myshopify_domain: ZShopDomain.nullish() });

export const ZAppSubscriptionsUpdatePayload = z.object({
  app_subscription: z.object({
    admin_graphql_api_id: z.string().min(1).max(200),
    name: z.string().max(255),
    status: z.enum(shopifySubscriptionStatuses),
    updated_at: z.iso.datetime({ offset: true }),
  }),
});

export const ZAppScopesUpdatePayload = z.object({
  current: z.array(z.string().regex(/^[a-z_]+$/, 'must be access scope handles')).max(200),
});

/** Money as Shopify writes it: a decimal string ('19.90'), turned into minor units without floating point. */
const ZMoney = z.string().regex(/^\d{1,15}(\.\d{1,6})?$/, 'must be a decimal amount');

/**
 * A line item's properties, only the app's own (cartProperties, `_quizlead_…`): a cart carries the
 * theme's and other apps' too, and any value type. Keeps Shopify's shape, so parsing again (the job
 * does) gives the same.
 */
const ZLineItemProperties = z
  .array(z.object({ name: z.string(), value: z.unknown() }))
  .nullish()
  .transform((properties) =>
    (properties ?? [])
      .filter((property) => property.name.startsWith('_quizlead_'))
      .map((property) => ({
        name: property.name,
        value:
          typeof property.value === 'string' || typeof property.value === 'number' ? String(property.value).slice(0, 200) : null,
      })),
  );

/**
 * The order facts the post-purchase survey keeps (shop_orders, commands/shopOrderRecorder.ts): the sales
 * channel, the financial status, and how many orders the customer has (this one counted) when the
 * payload carries it. Of the customer only that count is asked for (include_fields customer.orders_count),
 * never who they are.
 */
const orderFacts = {
  source_name: z.string().max(255).nullish(),
  financial_status: z.string().max(64).nullish(),
  customer: z.object({ orders_count: z.number().int().nonnegative().nullish() }).nullish(),
};

/** An order's ids, time and total in the shop's currency, as both order topics carry them. */
const orderBase = {
  admin_graphql_api_id: z.string().regex(/^gid:\/\/shopify\/Order\/\d+$/, 'must be an order id'),
  name: z.string().max(255).nullish(),
  created_at: z.iso.datetime({ offset: true }),
  /** The total after edits; at creation it equals total_price, which older payloads have alone. */
  current_total_price: ZMoney.nullish(),
  total_price: ZMoney.nullish(),
  /** The shop's currency, which both totals are in (presentment_currency is the buyer's). */
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code'),
  ...orderFacts,
};

const hasTotal = {
  check: (order: { current_total_price?: string | null; total_price?: string | null }) =>
    order.current_total_price != null || order.total_price != null,
  params: { message: 'must have a total', path: ['total_price'] },
};

/**
 * orders/create: the order resource (REST shape). Read: its ids, when it was placed, its total in the
 * shop's currency, the discount codes used and the app's line-item properties (orderAttributor), and the
 * order facts (shopOrderRecorder). shopify.app.toml asks for these fields only (include_fields), so the
 * body stays small.
 */
export const ZOrdersCreatePayload = z
  .object({
    ...orderBase,
    discount_codes: z
      .array(z.object({ code: z.string().trim().max(255) }))
      .max(250)
      .nullish(),
    line_items: z
      .array(z.object({ properties: ZLineItemProperties }))
      .max(5000)
      .nullish(),
  })
  .refine(hasTotal.check, hasTotal.params);

/** orders/paid: the same order resource when it is paid; read for the order facts only (shopOrderRecorder). */
export const ZOrdersPaidPayload = z.object(orderBase).refine(hasTotal.check, hasTotal.params);

/** The include_fields of an order topic: nested fields are written with a period. */
export const orderIncludeFields = (shape: Record<string, unknown>) =>
  Object.keys(shape).map((field) =>
    field === 'line_items' ? 'line_items.properties' : field === 'customer' ? 'customer.orders_count' : field,
  );

/**
 * products/create and products/update: the REST product resource (numeric ids, lowercase status, tags
 * as one comma-separated string, variants with their REST fields). It carries no currency, no storefront
 * URL and no "for sale" flag; the app reads those from the Admin API when it needs them
 * (productWebhooks.ts). shopify.app.toml asks for these fields only (include_fields).
 */
export const ZProductVariantPayload = z.object({
  id: ZShopifyId,
  price: z.string().regex(/^\d{1,15}(\.\d{1,6})?$/, 'must be a decimal amount'),
  position: z.number().int().nullish(),
  inventory_policy: z.string().max(32).nullish(),
  inventory_quantity: z.number().int().nullish(),
});

export const ZProductPayload = z.object({
  id: ZShopifyId,
  admin_graphql_api_id: z.string().regex(/^gid:\/\/shopify\/Product\/\d+$/, 'must be a product gid'),
  title: z.string().max(1000),
  handle: z.string().max(1000).nullish(),
  status: z.string().max(32),
  tags: z.string().max(100_000).nullish(),
  updated_at: z.iso.datetime({ offset: true }).nullish(),
  variants: z.array(ZProductVariantPayload).max(2048).nullish(),
  /** The featured image. */
  image: z.object({ src: z.string().max(4096).nullish() }).nullish(),
});

/** products/delete: only the id. */
export const ZProductDeletePayload = z.object({ id: ZShopifyId });

/**
 * shop/update: the shop resource (REST shape). Read: `email`, the address Shopify writes to the owner
 * with, and `customer_email`, the public contact address (shopify.app.toml asks for these two only).
 * Either may be missing or null; an address that does not look like one is dropped by the recorder.
 */
export const ZShopUpdatePayload = z.object({
  email: z.string().max(320).nullish(),
  customer_email: z.string().max(320).nullish(),
});

/** Each topic as X-Shopify-Topic names it, once the library has normalised it (APP_UNINSTALLED…). */
export const webhookTopics = {
  APP_UNINSTALLED: ZAppUninstalledPayload,
  APP_SUBSCRIPTIONS_UPDATE: ZAppSubscriptionsUpdatePayload,
  APP_SCOPES_UPDATE: ZAppScopesUpdatePayload,
  CUSTOMERS_DATA_REQUEST: ZCustomersDataRequestPayload,
  CUSTOMERS_REDACT: ZCustomersRedactPayload,
  SHOP_REDACT: ZShopRedactPayload,
  PRODUCTS_CREATE: ZProductPayload,
  PRODUCTS_UPDATE: ZProductPayload,
  PRODUCTS_DELETE: ZProductDeletePayload,
  ORDERS_CREATE: ZOrdersCreatePayload,
  ORDERS_PAID: ZOrdersPaidPayload,
  SHOP_UPDATE: ZShopUpdatePayload,
} as const;

export type WebhookTopic = keyof typeof webhookTopics;
export const isWebhookTopic = (topic: string): topic is WebhookTopic => Object.hasOwn(webhookTopics, topic);
