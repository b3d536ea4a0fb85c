import { z } from 'zod';
import { limits } from '../validations.ts';
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

export const dataRequestTexts = {
  title: 'Customer data requests',
  description: 'Customers who asked your store for the data the app holds about them.',
  empty: 'No customer has asked for their data.',
  intro:
    'Shopify passes on each customer’s request for their data. Download the document and send it to the customer within 30 days.',
  download: 'Download',
  downloadLabel: (customer: string) => `Download the data of ${customer}`,
  customer: (row: { customerEmail: string | null; shopifyCustomerId: string | null }) =>
    row.customerEmail ?? (row.shopifyCustomerId ? `Customer ${row.shopifyCustomerId}` : 'A customer'),
  orders: (count: number) => (count === 0 ? 'No orders named' : count === 1 ? '1 order' : `${count} orders`),
  columns: { date: 'Received', customer: 'Customer', orders: 'Orders', document: 'Document' },
} as const;

// GET and PUT /api/v1/shopify/notification-email

export const shopNotificationEmailMessages = {
  invalid: 'Enter the email address for notifications, like you@example.com.',
  saved: 'Notification email saved.',
  label: 'Notification email',
  /** Under the field: where mail goes when it is left empty. */
  help: (shopEmail: string | null) =>
    shopEmail
      ? `Lead notifications, customer data requests and other mail from the app go here. Leave it empty to use your store’s email, ${shopEmail}.`
      : 'Lead notifications, customer data requests and other mail from the app go here.',
} as const;

export const ZShopNotificationEmail = z.object({
  /** Where mail to the merchant goes now. */
  email: z.string(),
  /** The store's own address from Shopify (shop.email, else shop.contactEmail); null until it is read. */
  shopEmail: z.string().nullable(),
  /** The address the merchant typed, or '' when mail goes to the store's address. */
  custom: z.string(),
});
export type TShopNotificationEmail = z.infer<typeof ZShopNotificationEmail>;
export const ZShopNotificationEmailResponse = z.object({ data: ZShopNotificationEmail });

/** An address, or '' to send to the store's own address again. */
export const ZShopNotificationEmailRequest = z.object({
  email: z
    .string({ error: shopNotificationEmailMessages.invalid })
    .trim()
    .max(limits.email, shopNotificationEmailMessages.invalid)
    .refine((value) => value === '' || z.email().safeParse(value).success, shopNotificationEmailMessages.invalid),
});
export type TShopNotificationEmailRequest = z.input<typeof ZShopNotificationEmailRequest>;
