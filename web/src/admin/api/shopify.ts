import { api } from './client.ts';

/** A shop's plan as Shopify bills it (GET /api/v1/shopify/plan; Shopify accounts only). */
export interface ShopifyPlan {
  /** What the app grants: 'paid' while a subscription is active. */
  mode: 'free' | 'paid';
  planName: string;
  /** Shopify's AppSubscriptionStatus (ACTIVE, PENDING…), or null without a subscription. */
  status: string | null;
  /** Shopify's page for this app's plans, where the merchant picks, changes or cancels one. */
  planPageUrl: string;
  /** False when Shopify could not be asked just now: the plan last recorded. */
  live?: boolean;
}

export const getShopifyPlan = (signal?: AbortSignal) => api.get<ShopifyPlan>('/api/v1/shopify/plan', { signal });
