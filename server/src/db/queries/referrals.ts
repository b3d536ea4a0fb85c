import { and, count, desc, eq, gte, min, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  accounts,
  affiliateCommissions,
  friendInvitations,
  invitationOptOuts,
  payments,
  referrals,
  users,
} from '../schema/index.ts';
import { scoped } from '../scope.ts';

/** Reads behind Refer Friend and the affiliate figures. The referrer's id is the tenant key of referrals and commissions. */

const lowerEmail = (email: string) => email.trim().toLowerCase();

/** Whether any user has this address (the users' unique index is on lower(email)). */
export async function emailHasAccount(db: Db, email: string): Promise<boolean> {
  // tenant-scope: whether any account has this email: addresses are unique across accounts
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${lowerEmail(email)}`)
    .limit(1);
  return row !== undefined;
}

/** Whether anyone has invited this address already (one invitation per address, ever). */
export async function emailInvited(db: Db, email: string): Promise<boolean> {
  // tenant-scope: one invitation per address, whoever sent it
  const [row] = await db
    .select({ id: friendInvitations.id })
    .from(friendInvitations)
    .where(sql`lower(${friendInvitations.friendEmail}) = ${lowerEmail(email)}`)
    .limit(1);
  return row !== undefined;
}

/** Whether this address used an invitation's unsubscribe link (nobody invites it again). */
export async function emailOptedOut(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ email: invitationOptOuts.email })
    .from(invitationOptOuts)
    .where(eq(invitationOptOuts.email, lowerEmail(email)))
    .limit(1);
  return row !== undefined;
}

/** How many invitations the account sent since `since`, and when the oldest of them went. */
export async function invitationsSentSince(db: Db, accountId: string, since: Date) {
  const [row] = await db
    .select({ sent: count(), oldest: min(friendInvitations.createdAt) })
    .from(friendInvitations)
    .where(scoped(friendInvitations, accountId, gte(friendInvitations.createdAt, since)));
  return { sent: row?.sent ?? 0, oldest: row?.oldest ?? null };
}

/** The account's invitations, newest first, each with whether its address has an account now. */
export function invitationsOf(db: Db, accountId: string, limit: number) {
  return db
    .select({
      id: friendInvitations.id,
      friendName: friendInvitations.friendName,
      friendEmail: friendInvitations.friendEmail,
      createdAt: friendInvitations.createdAt,
      signedUp: sql<boolean>`exists (select 1 from ${users} where lower(${users.email}) = lower(${friendInvitations.friendEmail}))`,
    })
    .from(friendInvitations)
    .where(scoped(friendInvitations, accountId))
    .orderBy(desc(friendInvitations.createdAt), desc(friendInvitations.id))
    .limit(limit);
}

/** The address of an account's first user (who signed up), to name an account without a company. */
const firstUserEmail = sql<
  string | null
>`(select u.email from ${users} u where u.account_id = ${accounts.id} order by u.created_at limit 1)`;

/** The accounts credited to the referrer, newest first. */
export function referredAccountsOf(db: Db, referrerAccountId: string, limit: number) {
  return db
    .select({
      createdAt: referrals.createdAt,
      source: referrals.source,
      companyName: accounts.companyName,
      mode: accounts.mode,
      email: firstUserEmail,
    })
    .from(referrals)
    .innerJoin(accounts, eq(accounts.id, referrals.referredAccountId))
    .where(eq(referrals.referrerAccountId, referrerAccountId))
    .orderBy(desc(referrals.createdAt), desc(referrals.referredAccountId))
    .limit(limit);
}

/** How many accounts the referrer brought, and how many of those have a commission still earned. */
export async function referralCounts(db: Db, referrerAccountId: string) {
  const [referred] = await db
    .select({ total: count() })
    .from(referrals)
    .where(eq(referrals.referrerAccountId, referrerAccountId));
  const [paying] = await db
    .select({ total: sql<number>`count(distinct ${affiliateCommissions.referredAccountId})::int` })
    .from(affiliateCommissions)
    .where(and(eq(affiliateCommissions.referrerAccountId, referrerAccountId), eq(affiliateCommissions.status, 'earned')));
  return { referrals: referred?.total ?? 0, paidReferrals: paying?.total ?? 0 };
}

/** Earned and reversed commission per currency (the payment's). */
export function commissionTotals(db: Db, referrerAccountId: string) {
  return db
    .select({
      currency: payments.currency,
      earnedCents: sql<number>`coalesce(sum(${affiliateCommissions.amountCents}) filter (where ${affiliateCommissions.status} = 'earned'), 0)::int`,
      reversedCents: sql<number>`coalesce(sum(${affiliateCommissions.amountCents}) filter (where ${affiliateCommissions.status} = 'reversed'), 0)::int`,
    })
    .from(affiliateCommissions)
    .innerJoin(payments, eq(payments.id, affiliateCommissions.paymentId))
    .where(eq(affiliateCommissions.referrerAccountId, referrerAccountId))
    .groupBy(payments.currency)
    .orderBy(payments.currency);
}

/** The referrer's commissions, newest first, with the referred account's name parts and the payment's currency. */
export function commissionsOf(db: Db, referrerAccountId: string, limit: number) {
  return db
    .select({
      paymentId: affiliateCommissions.paymentId,
      createdAt: affiliateCommissions.createdAt,
      baseCents: affiliateCommissions.baseCents,
      ratePercent: affiliateCommissions.ratePercent,
      amountCents: affiliateCommissions.amountCents,
      status: affiliateCommissions.status,
      currency: payments.currency,
      companyName: accounts.companyName,
      email: firstUserEmail,
    })
    .from(affiliateCommissions)
    .innerJoin(payments, eq(payments.id, affiliateCommissions.paymentId))
    .innerJoin(accounts, eq(accounts.id, affiliateCommissions.referredAccountId))
    .where(eq(affiliateCommissions.referrerAccountId, referrerAccountId))
    .orderBy(desc(affiliateCommissions.createdAt), desc(affiliateCommissions.paymentId))
    .limit(limit);
}
