import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  billingPeriods,
  discountKinds,
  invoiceStatuses,
  paymentStatuses,
  type TBillingPeriod,
  type TDiscountKind,
  type TInvoiceStatus,
  type TPaymentStatus,
} from '@quizlead/shared/billing.ts';
import { accountIdColumn } from './columns.ts';
import { oneOf } from './checks.ts';
import { users } from './users.ts';

/**
 * Plans, payments and invoices of standalone accounts (docs/decisions/055-billing-of-standalone-accounts.md). A payment
 * buys a paid period; accounts.mode is 'paid' while one covers now. Shopify shops are billed by
 * Shopify instead (shop_plans).
 */

/** What an owner can buy. Plan 1 is the free plan (seeded); an administrator edits the rest. */
export const plans = pgTable(
  'plans',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    free: boolean('free').notNull().default(false),
    monthlyPriceCents: integer('monthly_price_cents').notNull(),
    /** Sanitized when saved. */
    descriptionHtml: text('description_html').notNull().default(''),
    position: integer('position').notNull().default(0),
    /** Shown on the Plans page; an unlisted (retired) plan stays with the accounts that paid for it. */
    listed: boolean('listed').notNull().default(true),
    /** The card marked current for a paid account whose own plan is not listed. At most one plan. */
    currentForUnlisted: boolean('current_for_unlisted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('plans_price_check', sql`${table.monthlyPriceCents} >= 0 and (not ${table.free} or ${table.monthlyPriceCents} = 0)`),
    uniqueIndex('plans_current_for_unlisted_key')
      .on(table.currentForUnlisted)
      .where(sql`${table.currentForUnlisted}`),
  ],
);

export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Upper case; matched case-insensitively by upper-casing what the owner typed. */
    code: text('code').notNull(),
    kind: text('kind').$type<TDiscountKind>().notNull(),
    percent: integer('percent'),
    amountCents: integer('amount_cents'),
    /** Only for this plan, when set. */
    planId: integer('plan_id').references(() => plans.id, { onDelete: 'cascade' }),
    /** Only for this period, when set. */
    period: text('period').$type<TBillingPeriod>(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Completed payments that may use it, in all and per account; null: no limit. */
    maxRedemptions: integer('max_redemptions'),
    maxPerAccount: integer('max_per_account'),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('discount_codes_code_key').on(table.code),
    check('discount_codes_kind_check', oneOf('kind', discountKinds)),
    check('discount_codes_period_check', sql`${table.period} is null or ${oneOf('period', billingPeriods)}`),
    check(
      'discount_codes_value_check',
      sql`(${table.kind} = 'percent' and ${table.percent} between 1 and 100) or (${table.kind} = 'amount' and ${table.amountCents} > 0)`,
    ),
  ],
);

/** The plan a paid period or a payment is for; a plan that has either cannot be deleted (no cascade). */
function planIdColumn() {
  return integer('plan_id')
    .notNull()
    .references(() => plans.id);
}

/** A time an account is on a paid plan. `endedAt` cuts it short (a refund, or an upgrade that replaced it). */
export const paidPeriods = pgTable(
  'paid_periods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    planId: planIdColumn(),
    period: text('period').$type<TBillingPeriod>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The platform administrator who granted this period from the admin area; null when it was paid for. */
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('paid_periods_account_ends_idx').on(table.accountId, table.endsAt),
    check('paid_periods_period_check', oneOf('period', billingPeriods)),
    check('paid_periods_dates_check', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/**
 * One checkout: what the owner chose, every amount as the server computed it, and PayPal's order.
 * Its id is the PayPal-Request-Id and the order's custom_id.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    planId: planIdColumn(),
    period: text('period').$type<TBillingPeriod>().notNull(),
    discountCodeId: uuid('discount_code_id').references(() => discountCodes.id, { onDelete: 'set null' }),
    priceCents: integer('price_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    creditCents: integer('credit_cents').notNull().default(0),
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<TPaymentStatus>().notNull().default('created'),
    /** The period the new one starts: now, or the current period's end for a renewal. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** The paid period this one cuts short when it completes (an upgrade's credit came from it). */
    replacesPeriodId: uuid('replaces_period_id').references(() => paidPeriods.id, { onDelete: 'set null' }),
    paypalOrderId: text('paypal_order_id'),
    /** PayPal's capture id: the invoice's transaction id. */
    captureId: text('capture_id'),
    failureMessage: text('failure_message'),
    /**
     * When this open payment took one use of its limited discount code, under the code's lock, before
     * PayPal was asked to capture; an open payment holding it counts as a use. Cleared when it fails.
     */
    discountReservedAt: timestamp('discount_reserved_at', { withTimezone: true }),
    paidPeriodId: uuid('paid_period_id').references(() => paidPeriods.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payments_paypal_order_id_key').on(table.paypalOrderId),
    index('payments_account_created_idx').on(table.accountId, table.createdAt),
    index('payments_discount_code_idx').on(table.discountCodeId, table.status),
    check('payments_status_check', oneOf('status', paymentStatuses)),
    check('payments_period_check', oneOf('period', billingPeriods)),
    check(
      'payments_total_check',
      sql`${table.totalCents} >= 0 and ${table.totalCents} = ${table.priceCents} - ${table.discountCents} - ${table.creditCents} + ${table.taxCents}`,
    ),
  ],
);

export interface InvoiceParty {
  name: string;
  lines: string[];
}

/** A completed payment's invoice, numbered without gaps (billing_counters), its parties copied when issued. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').notNull(),
    accountId: accountIdColumn(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    status: text('status').$type<TInvoiceStatus>().notNull().default('paid'),
    /** PayPal's capture id, or the payment's id when nothing was due. */
    transactionId: text('transaction_id').notNull(),
    seller: jsonb('seller').$type<InvoiceParty>().notNull(),
    buyer: jsonb('buyer').$type<InvoiceParty>().notNull(),
    planName: text('plan_name').notNull(),
    period: text('period').$type<TBillingPeriod>().notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    currency: text('currency').notNull(),
    priceCents: integer('price_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    discountCode: text('discount_code'),
    creditCents: integer('credit_cents').notNull(),
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('invoices_number_key').on(table.number),
    uniqueIndex('invoices_payment_key').on(table.paymentId),
    index('invoices_account_issued_idx').on(table.accountId, table.issuedAt),
    check('invoices_status_check', oneOf('status', invoiceStatuses)),
  ],
);

/** Gapless counters (the invoice number): bumped with UPDATE … RETURNING inside the issuing transaction. */
export const billingCounters = pgTable('billing_counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull().default(0),
});

/** PayPal webhook events already applied, so a redelivery changes nothing. */
export const paypalWebhookEvents = pgTable('paypal_webhook_events', {
  id: text('id').primaryKey(),
  eventType: text('event_type').notNull(),
  resourceId: text('resource_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
