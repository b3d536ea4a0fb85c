import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountIdColumn } from './columns.ts';

/**
 * Selling with quizzes and wheels (issue 16): the products a quiz can recommend, the unique discount
 * codes a wheel slice or a quiz outcome hands out, and the orders those bring. Every table is a
 * tenant table (account_id leads its keys).
 */

/**
 * A product a quiz can recommend: copied from the shop's catalogue (source 'shopify', kept current by
 * products/update and products/delete webhooks and a sync), or typed in by a standalone owner ('manual').
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    source: text('source', { enum: ['shopify', 'manual'] }).notNull(),
    /** Shopify's product gid (gid://shopify/Product/1); null for manual products. */
    externalId: text('external_id'),
    /** The numeric id of the variant Add to cart puts in the cart (cart/add.js wants legacyResourceId). */
    variantId: text('variant_id'),
    title: text('title').notNull(),
    handle: text('handle').notNull().default(''),
    /** The product page (Shopify's onlineStoreUrl, or the owner's link). */
    url: text('url').notNull().default(''),
    imageUrl: text('image_url'),
    /** Decimal string as Shopify gives it ('19.90'), with its currency code. */
    price: text('price').notNull().default('0.00'),
    currency: text('currency').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The shop collections the product is in (gid and title), as the last sync read them. */
    collections: jsonb('collections').$type<{ id: string; title: string }[]>().notNull().default([]),
    /** Active and for sale; archived or sold-out products are never recommended. */
    available: boolean('available').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('products_account_external_idx')
      .on(table.accountId, table.externalId)
      .where(sql`${table.externalId} is not null`),
    index('products_account_title_idx').on(table.accountId, table.title),
    check('products_source_check', sql`${table.source} in ('shopify', 'manual')`),
  ],
);

/**
 * One Shopify discount behind a prize: a wheel slice (`slot` = the option's index) or a quiz outcome
 * (`slot` = the outcome's key). Its unique codes are added to it in bulk ahead of demand.
 */
export const prizeDiscounts = pgTable(
  'prize_discounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    itemKind: text('item_kind', { enum: ['wheel', 'quiz'] }).notNull(),
    itemId: uuid('item_id').notNull(),
    slot: text('slot').notNull(),
    /** What the merchant chose: value, expiry, combinations (shared/src/schemas/prizes.ts). */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    /** gid://shopify/DiscountCodeNode/…, once created. */
    shopifyDiscountId: text('shopify_discount_id'),
    status: text('status', { enum: ['pending', 'ready', 'failed'] })
      .notNull()
      .default('pending'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('prize_discounts_item_slot_idx').on(table.itemId, table.slot),
    index('prize_discounts_account_idx').on(table.accountId),
  ],
);

/**
 * A single-use code of a prize discount: made ahead (email null), then given to one visitor. A code
 * is given once (the row is taken with FOR UPDATE SKIP LOCKED), and one item never gives two codes to
 * one email (the partial unique index).
 */
export const prizeCodes = pgTable(
  'prize_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    discountId: uuid('discount_id')
      .notNull()
      .references(() => prizeDiscounts.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').notNull(),
    code: text('code').notNull(),
    /** Added to the Shopify discount (discountRedeemCodeBulkAdd finished); only those are given out. */
    live: boolean('live').notNull().default(false),
    email: text('email'),
    /** The spin or play that won it. */
    submissionId: uuid('submission_id'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('prize_codes_account_code_idx').on(table.accountId, sql`upper(${table.code})`),
    uniqueIndex('prize_codes_item_email_idx')
      .on(table.itemId, sql`lower(${table.email})`)
      .where(sql`${table.email} is not null`),
    index('prize_codes_free_idx')
      .on(table.discountId, table.createdAt)
      .where(sql`${table.assignedAt} is null and ${table.live}`),
  ],
);

/**
 * A shop order credited to a quiz or a wheel (orders/create webhook): it used a prize code the item gave,
 * or its cart carried the quiz's line-item property, within 7 days of the play or spin.
 */
export const attributedOrders = pgTable(
  'attributed_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    /** Shopify's order gid. */
    orderId: text('order_id').notNull(),
    orderName: text('order_name').notNull().default(''),
    itemKind: text('item_kind', { enum: ['wheel', 'quiz'] }).notNull(),
    itemId: uuid('item_id').notNull(),
    /** The wheel slice or quiz outcome that led to it, when known. */
    slot: text('slot'),
    /** The A/B test and variant the visitor saw, when the item ran a test. */
    experimentId: uuid('experiment_id'),
    variant: text('variant'),
    via: text('via', { enum: ['code', 'cart'] }).notNull(),
    prizeCode: text('prize_code'),
    /** The order's total in minor units (cents) and currency, as Shopify reported it. */
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    orderedAt: timestamp('ordered_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('attributed_orders_order_item_idx').on(table.accountId, table.orderId, table.itemId),
    index('attributed_orders_item_idx').on(table.itemId, table.orderedAt),
    index('attributed_orders_experiment_idx')
      .on(table.experimentId, table.variant)
      .where(sql`${table.experimentId} is not null`),
  ],
);

/** How many codes a prize keeps ready ahead of demand (one discountRedeemCodeBulkAdd call adds 250 at most). */
export const prizeCodeBatch = 250;
