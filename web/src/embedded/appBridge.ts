import type { AppBridgeWebVitals } from '@quizlead/web/admin/vitals/embeddedVitals.ts';

/**
 * The parts of App Bridge's `shopify` global the embedded app uses (types after
 * @shopify/app-bridge-types' ShopifyGlobal). App Bridge is a CDN script, never bundled: index.html
 * loads it first, and a test can define `window.shopify` in its place.
 */
export interface ShopifyGlobal {
  /** A fresh session token (a signed JWT, valid for a minute) for the app's own API. */
  idToken(): Promise<string>;
  toast: {
    show(message: string, options?: { duration?: number; isError?: boolean }): string;
  };
  config?: { apiKey?: string; shop?: string; host?: string; locale?: string };
  /** Shows or hides the `ui-save-bar` element with this id (web/src/admin/saveBar.tsx). */
  saveBar?: {
    show(id: string): Promise<void>;
    hide(id: string): Promise<void>;
  };
  /** The app's web vitals as App Bridge measures them (shopify.md §2, `webVitals`). */
  webVitals?: AppBridgeWebVitals;
}

declare global {
  interface Window {
    shopify?: ShopifyGlobal;
  }
}

/** App Bridge, or null when its script did not load (blocked, offline, or a page opened outside the admin). */
export function appBridge(): ShopifyGlobal | null {
  const shopify = window.shopify;
  return shopify && typeof shopify.idToken === 'function' ? shopify : null;
}
