// The node adapter must load before the library is used; it sets the library's fetch to
// globalThis.fetch, which is replaced below by the one door for third-party calls.
import '@shopify/shopify-api/adapters/node';
import { ApiVersion, LogSeverity, shopifyApi, type Shopify } from '@shopify/shopify-api';
import { setAbstractFetchFunc } from '@shopify/shopify-api/runtime';
import type { Env } from '../../env.ts';
import type { Logger } from '../../logger.ts';
import { externalFetch } from '../external/externalFetch.ts';

setAbstractFetchFunc(externalFetch as typeof fetch);

/** The Admin API version the app is built against (also shopify.app.toml's [webhooks] api_version). */
export const shopifyApiVersion = ApiVersion.October26;

export type ShopifyApp = Shopify;

/**
 * The configured @shopify/shopify-api instance, or undefined when the app has no Shopify credentials
 * (a standalone-only deployment). Its log lines go to our logger at warning and above; the library
 * keeps tokens and request bodies of the token endpoint out of them.
 */
export function createShopifyApp(env: Env & { APP_URL: string }, logger: Logger): ShopifyApp | undefined {
  if (!env.SHOPIFY_API_KEY || !env.SHOPIFY_API_SECRET) return undefined;
  const appUrl = new URL(env.APP_URL);
  return shopifyApi({
    apiKey: env.SHOPIFY_API_KEY,
    apiSecretKey: env.SHOPIFY_API_SECRET,
    scopes: env.SCOPES.split(',')
      .map((scope) => scope.trim())
      .filter(Boolean),
    hostName: appUrl.host,
    hostScheme: appUrl.protocol === 'http:' ? 'http' : 'https',
    apiVersion: shopifyApiVersion,
    isEmbeddedApp: true,
    logger: {
      level: LogSeverity.Warning,
      httpRequests: false,
      log: (severity, message) => {
        const level = severity === LogSeverity.Error ? 'error' : severity === LogSeverity.Warning ? 'warn' : 'debug';
        logger[level]({ source: 'shopify-api' }, message);
      },
    },
  });
}
