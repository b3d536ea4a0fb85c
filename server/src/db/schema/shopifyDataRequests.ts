import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountIdColumn } from './columns.ts';

/**
 * Shopify's customers/data_request: what the shop's app holds about one customer (plays, leads, votes,
 * web responses, spins), assembled as a JSON document the merchant downloads and sends on. It holds
 * the customer's personal data on purpose, so customers/redact and shop/redact delete it too.
 */
export const shopifyDataRequests = pgTable(
  'shopify_data_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    /** The delivery that asked (X-Shopify-Webhook-Id): a redelivered request makes no second document. */
    webhookId: text('webhook_id').notNull(),
    /** Shopify's data_request.id and customer.id, when the payload has them. */
    shopifyRequestId: text('shopify_request_id'),
    shopifyCustomerId: text('shopify_customer_id'),
    customerEmail: text('customer_email'),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('shopify_data_requests_webhook_id_key').on(table.webhookId),
    index('shopify_data_requests_account_created_idx').on(table.accountId, table.createdAt),
  ],
);
