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

/** Each topic as X-Shopify-Topic names it, once the library has normalised it (APP_UNINSTALLED…). */
export const webhookTopics = {
  APP_UNINSTALLED: ZAppUninstalledPayload,
  APP_SUBSCRIPTIONS_UPDATE: ZAppSubscriptionsUpdatePayload,
  APP_SCOPES_UPDATE: ZAppScopesUpdatePayload,
  CUSTOMERS_DATA_REQUEST: ZCustomersDataRequestPayload,
  CUSTOMERS_REDACT: ZCustomersRedactPayload,
  SHOP_REDACT: ZShopRedactPayload,
} as const;

export type WebhookTopic = keyof typeof webhookTopics;
export const isWebhookTopic = (topic: string): topic is WebhookTopic => Object.hasOwn(webhookTopics, topic);
