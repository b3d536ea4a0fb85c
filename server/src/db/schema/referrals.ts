import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  commissionStatuses,
  referralSources,
  type TCommissionStatus as CommissionStatus,
  type TReferralSource as ReferralSource,
} from '@quizlead/shared/schemas/referrals.ts';
import { accounts } from './accounts.ts';
import { accountIdColumn } from './columns.ts';
import { payments } from './billing.ts';
import { oneOf } from './checks.ts';
import { users } from './users.ts';

/** Refer a friend: one invitation per address, ever, whoever sends it. */
export const friendInvitations = pgTable(
  'friend_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    senderUserId: uuid('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    friendName: text('friend_name').notNull(),
    friendEmail: text('friend_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('friend_invitations_email_key').on(sql`lower(${table.friendEmail})`),
    index('friend_invitations_account_created_idx').on(table.accountId, table.createdAt),
  ],
);

/**
 * Addresses that used a friend invitation's unsubscribe link (one-click, RFC 8058), lower-cased: never
 * invited again, by anyone. Kept apart from the invitations, which go with the sender's account, so the
 * wish outlives them. No account owns a row (it is the recipient's, not a tenant's).
 */
export const invitationOptOuts = pgTable('invitation_opt_outs', {
  email: text('email').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An account that signed up through another's referral link (its affiliate code) or invitation.
 * One referrer per account, set at sign-up and never changed.
 */
export const referrals = pgTable(
  'referrals',
  {
    referredAccountId: uuid('referred_account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    referrerAccountId: uuid('referrer_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    source: text('source').$type<ReferralSource>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('referrals_referrer_idx').on(table.referrerAccountId, table.createdAt),
    check('referrals_source_check', oneOf('source', referralSources)),
    check('referrals_not_self_check', sql`${table.referredAccountId} <> ${table.referrerAccountId}`),
  ],
);

/**
 * The affiliate's share of a referred account's completed payment, at the rate in force then
 * (AFFILIATE_COMMISSION_PERCENT), on the amount before tax. A refund reverses it.
 */
export const affiliateCommissions = pgTable(
  'affiliate_commissions',
  {
    paymentId: uuid('payment_id')
      .primaryKey()
      .references(() => payments.id, { onDelete: 'cascade' }),
    referrerAccountId: uuid('referrer_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    referredAccountId: uuid('referred_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    baseCents: integer('base_cents').notNull(),
    ratePercent: integer('rate_percent').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').$type<CommissionStatus>().notNull().default('earned'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('affiliate_commissions_referrer_idx').on(table.referrerAccountId, table.createdAt),
    check('affiliate_commissions_status_check', oneOf('status', commissionStatuses)),
    check('affiliate_commissions_amount_check', sql`${table.amountCents} >= 0 and ${table.baseCents} >= 0`),
    check('affiliate_commissions_rate_check', sql`${table.ratePercent} between 0 and 100`),
  ],
);
