import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { accounts, billingCounters, discountCodes, paidPeriods, payments, plans } from '../schema/index.ts';
import { scoped } from '../scope.ts';

export type PlanRow = typeof plans.$inferSelect;
export type PaidPeriodRow = typeof paidPeriods.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type DiscountCodeRow = typeof discountCodes.$inferSelect;

/** The Plans page's cards, in order. */
export function listedPlans(db: Db): Promise<PlanRow[]> {
  return db.select().from(plans).where(eq(plans.listed, true)).orderBy(asc(plans.position), asc(plans.id));
}

export async function findPlan(db: Db, planId: number): Promise<PlanRow | undefined> {
  const [plan] = await db.select().from(plans).where(eq(plans.id, planId)).limit(1);
  return plan;
}

/** The free plan (seeded as plan 1). */
export async function freePlan(db: Db): Promise<PlanRow> {
  const [plan] = await db.select().from(plans).where(eq(plans.free, true)).orderBy(asc(plans.id)).limit(1);
  if (!plan) throw new Error('No free plan: the billing migration seeds plan 1');
  return plan;
}

const inForce = (at: Date) => and(isNull(paidPeriods.endedAt), lte(paidPeriods.startsAt, at), gt(paidPeriods.endsAt, at));

/** The paid period covering `at`, with its plan; the latest-ending one if several overlap. */
export async function periodInForce(db: Db, accountId: string, at: Date) {
  const [row] = await db
    .select({ period: paidPeriods, plan: plans })
    .from(paidPeriods)
    .innerJoin(plans, eq(plans.id, paidPeriods.planId))
    .where(scoped(paidPeriods, accountId, inForce(at)))
    .orderBy(desc(paidPeriods.endsAt))
    .limit(1);
  return row;
}

/** The last end of the periods paid for that start at or after `from` (a renewal already bought). */
export async function renewedUntil(db: Db, accountId: string, from: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ endsAt: paidPeriods.endsAt })
    .from(paidPeriods)
    .where(scoped(paidPeriods, accountId, isNull(paidPeriods.endedAt), gte(paidPeriods.startsAt, from)))
    .orderBy(desc(paidPeriods.endsAt))
    .limit(1);
  return row?.endsAt;
}

/** What was paid for a period of the account before tax (price less discount and credit): the base of an upgrade's credit. */
export async function periodNetCents(db: Db, accountId: string, periodId: string): Promise<number> {
  const [row] = await db
    .select({ net: sql<number>`${payments.priceCents} - ${payments.discountCents} - ${payments.creditCents}` })
    .from(payments)
    .where(scoped(payments, accountId, eq(payments.paidPeriodId, periodId)))
    .limit(1);
  return Number(row?.net ?? 0);
}

export async function findDiscountCode(db: Db, code: string): Promise<DiscountCodeRow | undefined> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, code)).limit(1);
  return row;
}

/**
 * Uses of a code, in all and by one account: paid orders (a refund does not give a use back) and open
 * payments that reserved a use before their capture. `except` leaves out the payment being completed.
 */
export async function discountRedemptions(db: Db, codeId: string, accountId: string, except?: string) {
  // tenant-scope: a code's redemptions are counted over every account: its limit is global
  const [row] = await db
    .select({
      total: count(),
      byAccount: sql<number>`count(*) filter (where ${payments.accountId} = ${accountId})`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.discountCodeId, codeId),
        or(
          inArray(payments.status, ['completed', 'refunded']),
          and(eq(payments.status, 'created'), isNotNull(payments.discountReservedAt)),
        ),
        except ? ne(payments.id, except) : undefined,
      ),
    );
  return { total: Number(row?.total ?? 0), byAccount: Number(row?.byAccount ?? 0) };
}

/** How many payments refer to each code (codes no payment used are missing). */
export async function discountCodeUses(db: Db, codeIds: string[]): Promise<Map<string, number>> {
  if (codeIds.length === 0) return new Map();
  // tenant-scope: the platform administrator counts a code's uses over every account
  const rows = await db
    .select({ id: payments.discountCodeId, uses: count() })
    .from(payments)
    .where(inArray(payments.discountCodeId, codeIds))
    .groupBy(payments.discountCodeId);
  return new Map(rows.map((row) => [row.id!, Number(row.uses)]));
}

/** The next invoice number: the counter row is locked until the issuing transaction ends, so numbers have no gaps. */
export async function nextInvoiceNumber(db: Db): Promise<number> {
  const [row] = await db
    .update(billingCounters)
    .set({ value: sql`${billingCounters.value} + 1` })
    .where(eq(billingCounters.name, 'invoice_number'))
    .returning({ value: billingCounters.value });
  if (!row) throw new Error('billing_counters has no invoice_number row');
  return row.value;
}

/** Standalone accounts whose mode disagrees with their periods at `at` (a missed end, a renewal that began). */
export async function accountsOutOfStep(db: Db, at: Date, limit: number): Promise<string[]> {
  const hasPeriod = sql`exists (select 1 from ${paidPeriods} where ${paidPeriods.accountId} = ${accounts.id} and ${inForce(at)})`;
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.kind, 'standalone'),
        sql`(${accounts.mode} = 'paid' and not ${hasPeriod}) or (${accounts.mode} = 'free' and ${hasPeriod})`,
      ),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}
