import { shopifyProxyRoot } from '@quizlead/shared/shopify.ts';

/**
 * Where Shopify calls the app. shopify.app.toml names them as paths relative to application_url (the
 * CLI appends them to it), so application_url is the app's origin with no path of its own; a test
 * (shopifyAppToml.test.ts) checks that the toml and these routes agree.
 */
export const shopifyRoutePaths = {
  /** [webhooks]: every subscription and the compliance topics. */
  webhooks: '/webhooks/shopify',
  /** Shopify Flow's trigger lifecycle callback (extensions/flow-lifecycle/shopify.extension.toml `url`). */
  flowLifecycle: '/webhooks/shopify/flow-lifecycle',
  /** [app_proxy] url: the storefront's /apps/quizlead/… arrives here with the same rest of the path. */
  appProxy: shopifyProxyRoot,
} as const;
