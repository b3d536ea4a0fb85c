/**
 * Shopify beside the embedded admin: the storefront pages served through the app proxy, publishing a
 * quiz to the storefront (spec: account-player-management.md §2 and §7, quiz/publishshopifyquiz), plans billed
 * by Shopify (App Pricing) and the privacy webhooks. Zod-free, so the admin and the server share it.
 */
import { embedKindNouns, type EmbedKind } from './embedKinds.ts';

/**
 * The app proxy (shopify.app.toml [app_proxy]): the storefront forwards https://{shop}/apps/quizlead/…
 * to the app, signed. Changing prefix or subpath only reaches shops that install afterwards.
 */
export const shopifyAppProxy = { prefix: 'apps', subpath: 'quizlead' } as const;

/** The storefront path of the proxy, from the shop's root. */
export const shopifyProxyRoot = `/${shopifyAppProxy.prefix}/${shopifyAppProxy.subpath}`;

/** What the proxy serves: every published item a visitor can play or answer. */
export const storefrontKinds: readonly EmbedKind[] = ['quiz', 'poll', 'feedback', 'wheel'];

/** The storefront address of a published item: https://{shop}/apps/quizlead/{kind}/{id}. */
export function shopifyStorefrontUrl(shopDomain: string, kind: EmbedKind, id: string): string {
  return `https://${shopDomain}${shopifyProxyRoot}/${kind}/${encodeURIComponent(id)}`;
}

/** What a visitor does on an item's storefront page. */
const storefrontVisits: Record<EmbedKind, string> = {
  quiz: 'play the quiz',
  poll: 'vote in the poll',
  feedback: 'send their response',
  wheel: 'spin the wheel',
};

export const shopifyStorefrontMessages = {
  /** Shown inline on the share page's Shopify tab, in place of the link (spec section 8). */
  notPublished: (kind: EmbedKind) => `Publish this ${embedKindNouns[kind]} to get its page in your Shopify store.`,
  storefrontLinkLabel: (kind: EmbedKind) => `Your ${embedKindNouns[kind]}’s page in your store`,
  storefrontLinkHelp: (kind: EmbedKind) => `Visitors ${storefrontVisits[kind]} on this page of your store, in your theme.`,
  /** The storefront page of an item that is missing, unpublished or of another shop. */
  notFound: 'This page is not available.',
  /** A storefront request the app cannot trust (not signed by Shopify, or too old): the page in the shop's theme. */
  notSigned: 'This page could not be opened. Reload it, or go back to the store and try again.',
  backToStore: 'Back to the store',
} as const;

// ---------------------------------------------------------------------------------------------
// Plans: Shopify App Pricing. Shopify hosts the plan page and bills the merchant; a Shopify account
// never sees the standalone payment provider.

/** AppSubscriptionStatus (Admin GraphQL). */
export const shopifySubscriptionStatuses = ['ACTIVE', 'CANCELLED', 'DECLINED', 'EXPIRED', 'FROZEN', 'PENDING'] as const;
export type ShopifySubscriptionStatus = (typeof shopifySubscriptionStatuses)[number];

/** Only an active subscription pays; every other status, or none, is the free plan. */
export const modeForSubscriptionStatus = (status: string | null | undefined): 'paid' | 'free' =>
  status === 'ACTIVE' ? 'paid' : 'free';

/** The shop's handle in the admin: its myshopify.com subdomain. */
export const shopifyStoreHandle = (shopDomain: string) => shopDomain.replace(/\.myshopify\.com$/i, '');

/**
 * The plan page Shopify hosts for App Pricing, where the merchant picks, changes or cancels a plan:
 * https://admin.shopify.com/store/{store handle}/charges/{app handle}/pricing_plans.
 */
export function shopifyPlanPageUrl(shopDomain: string, appHandle: string): string {
  return `https://admin.shopify.com/store/${encodeURIComponent(shopifyStoreHandle(shopDomain))}/charges/${encodeURIComponent(appHandle)}/pricing_plans`;
}

/**
 * A screen of the app inside the shop's admin: https://admin.shopify.com/store/{store handle}/apps/{app
 * handle}/shopify/app/{screen}. Shopify loads the rest of the path after the app handle under the app's
 * application_url, where the embedded admin lives at embeddedAppBasePath; the merchant is signed in by
 * Shopify, so the link works from a mail where the standalone sign-in would not.
 */
export function shopifyAdminAppUrl(shopDomain: string, appHandle: string, screen: string): string {
  const store = encodeURIComponent(shopifyStoreHandle(shopDomain));
  return `https://admin.shopify.com/store/${store}/apps/${encodeURIComponent(appHandle)}${embeddedAppBasePath}/${screen.replace(/^\//, '')}`;
}

export const shopifyPlanMessages = {
  freePlan: 'Free',
  notShopify: 'Plans of this account are not billed through Shopify.',
  changePlan: 'Change plan in Shopify',
} as const;

/** Who bills an account: Shopify for shops (App Pricing), the payment provider for standalone accounts. */
export const billedBy = (accountKind: 'shopify' | 'standalone') => (accountKind === 'shopify' ? 'shopify' : 'provider');

// ---------------------------------------------------------------------------------------------
// Privacy: customers/data_request documents kept for the merchant.

export const shopifyDataRequestMessages = {
  fileName: (id: string) => `customer-data-request-${id}.json`,
} as const;

// ---------------------------------------------------------------------------------------------
// The embedded admin: installing, the store-integration login (spec: account-player-management.md §2 and §6).

/** A shop's own domain, as the app accepts it: {handle}.myshopify.com (tighter than the library's). */
export const shopDomainPattern = /^[a-zA-Z0-9][a-zA-Z0-9-]*\.myshopify\.com$/;

/** Where the embedded admin lives in this app (the single-page app's base path). */
export const embeddedAppBasePath = '/shopify/app';

/** The header App Bridge watches for: on a 401 carrying it, it fetches a new session token and retries. */
export const retryInvalidSessionHeader = 'X-Shopify-Retry-Invalid-Session-Request';

export const shopifyInstallMessages = {
  /** The store-integration login page while it works (spec 2: "The text says the user is being logged in"). */
  loggingIn: 'Logging you in to your store…',
  continueToAdmin: 'Continue to the app in your Shopify admin',
  /** A session token that is missing, forged or expired: App Bridge retries with a fresh one. */
  invalidSession: 'Your Shopify session has expired. Please reload the app from your Shopify admin.',
  /** The store-integration login with missing or malformed hmac, shop or timestamp. */
  badRequest: 'This link is incomplete. Open the app from your Shopify admin.',
  badShop: 'This is not a valid Shopify store address (expected your-store.myshopify.com).',
  /** A wrong signature or a link older than 90 seconds. */
  badSignature: 'This link is not valid or has expired. Open the app again from your Shopify admin.',
  /** Shopify did not answer the token exchange or a refresh. */
  shopifyUnavailable: 'Shopify could not be reached. Please try again in a moment.',
  /** The app has no Shopify credentials (a standalone-only deployment). */
  notConfigured: 'This server is not set up as a Shopify app.',
  /** The embedded admin has not been built on this server yet. */
  notBuilt: 'The embedded app is not built yet: run `npm run build`.',
  errorTitle: 'Could not open the app',
} as const;
