import { shopifyInstallMessages } from '@quizlead/shared/shopify.ts';

/** The embedded shell's own words (the pages' are shared with the standalone shell). */
export const embeddedTexts = {
  errorTitle: shopifyInstallMessages.errorTitle,
  /** window.shopify is missing: the CDN script was blocked or the page was opened outside the admin. */
  noAppBridge:
    'Shopify’s App Bridge did not load, so the app cannot sign in to your store. Reload the page, or open the app again from your Shopify admin.',
  /** A call still refused after App Bridge's retry with a fresh session token. */
  sessionExpired: shopifyInstallMessages.invalidSession,
  retry: 'Try again',
} as const;
