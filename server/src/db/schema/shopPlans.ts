import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * A shop's plan as Shopify bills it (App Pricing): the subscription last reported, so a late webhook
 * about an older subscription cannot undo a newer one. accounts.mode follows it.
 */
export const shopPlans = pgTable('shop_plans', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  /** gid://shopify/AppSubscription/…, or null on the free plan (no subscription). */
  subscriptionId: text('subscription_id'),
  name: text('name').notNull().default(''),
  /** AppSubscriptionStatus, or null without a subscription. */
  status: text('status'),
  /** A test charge (development stores). */
  test: boolean('test').notNull().default(false),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  /** When Shopify changed what is recorded here: news older than this is ignored. */
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
});
