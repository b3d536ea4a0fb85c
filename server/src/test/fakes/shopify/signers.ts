import { createHmac, randomUUID } from 'node:crypto';
import { getHmac } from '@shopify/shopify-api/test-helpers';
import { adminApiVersion } from './fakeShopify.ts';

/**
 * Shopify's signatures, made the way Shopify makes them (shopify.md 4, 5 and 10), for requests a test
 * sends to the app as if it were Shopify.
 */

export interface SignedWebhook {
  body: string;
  headers: Record<string, string>;
}

/**
 * A webhook delivery: `X-Shopify-Hmac-Sha256` is base64 HMAC-SHA256 of the raw body with the app's
 * secret, with the other headers Shopify sends. `body` may be a string to sign exactly those bytes.
 */
export function signWebhook(
  secret: string,
  delivery: { topic: string; shop: string; body: unknown; webhookId?: string; triggeredAt?: Date },
): SignedWebhook {
  const body = typeof delivery.body === 'string' ? delivery.body : JSON.stringify(delivery.body);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-shopify-hmac-sha256': getHmac(body, secret),
      'x-shopify-topic': delivery.topic,
      'x-shopify-shop-domain': delivery.shop,
      'x-shopify-api-version': adminApiVersion,
      'x-shopify-webhook-id': delivery.webhookId ?? randomUUID(),
      'x-shopify-triggered-at': (delivery.triggeredAt ?? new Date()).toISOString(),
      'x-shopify-event-id': randomUUID(),
    },
  };
}

/**
 * The query string an app proxy request arrives with: Shopify's parameters plus the visitor's own,
 * signed with `signature` = hex HMAC-SHA256 of the parameters sorted by name and written as key=value
 * with no separators (a repeated key's values joined with commas).
 */
export function signAppProxyQuery(
  secret: string,
  shop: string,
  options: { params?: [string, string][]; timestamp?: number; customerId?: string } = {},
): string {
  const params: [string, string][] = [
    ...(options.params ?? []),
    ['shop', shop],
    ['logged_in_customer_id', options.customerId ?? ''],
    ['path_prefix', '/apps/quizlead'],
    ['timestamp', String(options.timestamp ?? Math.floor(Date.now() / 1000))],
  ];
  const grouped = new Map<string, string[]>();
  for (const [key, value] of params) grouped.set(key, [...(grouped.get(key) ?? []), value]);
  const message = [...grouped.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, values]) => `${key}=${values.join(',')}`)
    .join('');
  const signature = createHmac('sha256', secret).update(message).digest('hex');
  return new URLSearchParams([...params, ['signature', signature]]).toString();
}

/**
 * A request Shopify Flow sends the app (the trigger lifecycle callback): the JSON body with
 * `X-Shopify-Hmac-Sha256` = base64 HMAC-SHA256 of the raw body with the app's secret (reference C6).
 */
export function signFlowRequest(secret: string, body: unknown): SignedWebhook {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  return { body: raw, headers: { 'content-type': 'application/json', 'x-shopify-hmac-sha256': getHmac(raw, secret) } };
}
