import { z } from 'zod';
import { ZId } from './common.ts';

/**
 * A Shopify account's own resources: its plan as Shopify bills it (App Pricing) and the customer data
 * requests Shopify forwarded (customers/data_request).
 */

// GET /api/v1/shopify/plan

export const ZShopifyPlan = z.object({
  /** What the app grants: 'paid' while a subscription is ACTIVE. */
  mode: z.enum(['free', 'paid']),
  /** The subscription's name, or 'Free' without one. */
  planName: z.string(),
  /** AppSubscriptionStatus, or null without a subscription. */
  status: z.string().nullable(),
  test: z.boolean(),
  currentPeriodEnd: z.iso.datetime().nullable(),
  /** Shopify's plan page for this app, where the merchant picks or changes a plan. */
  planPageUrl: z.url(),
  /** False when Shopify could not be asked just now: the figures are the last ones recorded. */
  live: z.boolean(),
  /** What the plan includes, in the owner's words (shared/src/planFeatures.ts). */
  features: z.array(z.string()),
});
export type TShopifyPlan = z.infer<typeof ZShopifyPlan>;
export const ZShopifyPlanResponse = z.object({ data: ZShopifyPlan });

// GET /api/v1/shopify/data-requests, GET /api/v1/shopify/data-requests/{id}

export const ZDataRequestParams = z.object({ id: ZId });

export const ZDataRequestRow = z.object({
  id: z.uuid(),
  customerEmail: z.string().nullable(),
  shopifyCustomerId: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** Shopify's ids of the orders the customer asked about. */
  ordersRequested: z.array(z.string()),
  /** How many rows of each tool the document holds. */
  counts: z.object({
    quizPlays: z.number().int(),
    pollVotes: z.number().int(),
    webResponses: z.number().int(),
    wheelSpins: z.number().int(),
  }),
});
export type TDataRequestRow = z.infer<typeof ZDataRequestRow>;
export const ZDataRequestListResponse = z.object({ data: z.array(ZDataRequestRow) });

/** How a data request names its customer: their email, else Shopify's customer id. */
export const dataRequestCustomer = (row: { customerEmail: string | null; shopifyCustomerId: string | null }) =>
  row.customerEmail ?? (row.shopifyCustomerId ? `Customer ${row.shopifyCustomerId}` : 'A customer');
