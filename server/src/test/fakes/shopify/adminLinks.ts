import { createHmac } from 'node:crypto';

/**
 * The query Shopify signs on links into the app from the admin (install and store-integration
 * login: shop, timestamp, host, …), made as shopify.md 1 documents: drop hmac and signature, sort the
 * keys with localeCompare, encode with URLSearchParams turning + into %20, HMAC-SHA256 hex with the
 * app's secret. Returns the query string with `hmac` added.
 */
export function signAdminQuery(secret: string, params: Record<string, string>): string {
  const sorted = new URLSearchParams(
    Object.keys(params)
      .filter((key) => key !== 'hmac' && key !== 'signature')
      .sort((a, b) => a.localeCompare(b))
      .map((key): [string, string] => [key, params[key]!]),
  );
  const hmac = createHmac('sha256', secret).update(sorted.toString().replace(/\+/g, '%20')).digest('hex');
  return new URLSearchParams({ ...params, hmac }).toString();
}

/** Shopify's `host` parameter: base64 of admin.shopify.com/store/{handle}. */
export const adminHost = (shop: string) =>
  Buffer.from(`admin.shopify.com/store/${shop.replace(/\.myshopify\.com$/, '')}`).toString('base64');
