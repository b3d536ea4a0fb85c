import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountIdColumn } from './columns.ts';

/**
 * The post-purchase survey (issue 36): the poll or web response a shop asks on its thank-you and order
 * status pages (the checkout and customer account extensions), the answers given per order, and the
 * facts of the shop's orders (orders/create and orders/paid) the report joins them to for revenue per
 * answer. Every table is a tenant table (account_id leads its keys).
 */

/** The account's survey: the item it asks and the rules that decide whether an order is asked. */
export const postPurchaseSurveys = pgTable(
  'post_purchase_surveys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    itemKind: text('item_kind', { enum: ['poll', 'feedback'] }).notNull(),
    itemId: uuid('item_id').notNull(),
    /** Which buyers are asked: everyone, first orders only, or returning customers only. */
    audience: text('audience', { enum: ['all', 'new', 'returning'] })
      .notNull()
      .default('all'),
    /** The order value range, in minor units of the shop currency (null: no bound). */
    minOrderMinor: bigint('min_order_minor', { mode: 'number' }),
    maxOrderMinor: bigint('max_order_minor', { mode: 'number' }),
    /** A customer who answered once (any order) is not asked again. */
    oncePerCustomer: boolean('once_per_customer').notNull().default(true),
    enabled: boolean('enabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('post_purchase_surveys_account_idx').on(table.accountId),
    check('post_purchase_surveys_item_kind_check', sql`${table.itemKind} in ('poll', 'feedback')`),
    check('post_purchase_surveys_audience_check', sql`${table.audience} in ('all', 'new', 'returning')`),
  ],
);

/** One answer per order: what the buyer picked, and the poll vote or web response it was also recorded as. */
export const postPurchaseAnswers = pgTable(
  'post_purchase_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    itemKind: text('item_kind', { enum: ['poll', 'feedback'] }).notNull(),
    itemId: uuid('item_id').notNull(),
    /** Shopify's numeric order id (normalised from gid://shopify/Order/… or gid://shopify/OrderIdentity/…). */
    orderId: text('order_id').notNull(),
    /** Shopify's customer gid from the session token's `sub`, when the buyer was known. */
    customerId: text('customer_id'),
    surface: text('surface', { enum: ['thank_you', 'order_status'] }).notNull(),
    /** The choice id, 'rating:N' or 'other'. */
    answerKey: text('answer_key').notNull(),
    /** The choice's label (or the rating) as the item had it when answered. */
    answerLabel: text('answer_label').notNull(),
    otherText: text('other_text'),
    rating: integer('rating'),
    /** The poll vote or web response this answer also created. */
    submissionId: uuid('submission_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('post_purchase_answers_account_order_idx').on(table.accountId, table.orderId),
    index('post_purchase_answers_account_created_idx').on(table.accountId, table.createdAt),
    index('post_purchase_answers_account_customer_idx')
      .on(table.accountId, table.customerId)
      .where(sql`${table.customerId} is not null`),
    check('post_purchase_answers_item_kind_check', sql`${table.itemKind} in ('poll', 'feedback')`),
    check('post_purchase_answers_surface_check', sql`${table.surface} in ('thank_you', 'order_status')`),
  ],
);

/** The facts of a shop order (no personal data), from orders/create and orders/paid. */
export const shopOrders = pgTable(
  'shop_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    /** Shopify's numeric order id. */
    orderId: text('order_id').notNull(),
    orderName: text('order_name').notNull().default(''),
    /** The order's total in minor units of its currency (exact, never a float). */
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** The sales channel as Shopify names it: web, pos, shopify_draft_order, an app's id… */
    sourceName: text('source_name').notNull().default(''),
    /** Which order of its customer this is (1 = first), when the webhook tells. */
    customerOrderIndex: integer('customer_order_index'),
    /** The customer's first order, when known. */
    firstOrder: boolean('first_order'),
    financialStatus: text('financial_status').notNull().default(''),
    orderedAt: timestamp('ordered_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('shop_orders_account_order_idx').on(table.accountId, table.orderId),
    index('shop_orders_account_ordered_idx').on(table.accountId, table.orderedAt),
  ],
);
