import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { billingLimits } from '@quizlead/shared/billing.ts';
import type { Services } from '../context.ts';
import type { Db } from '../db/client.ts';
import { findPlan, nextInvoiceNumber } from '../db/queries/billing.ts';
import { accountModeSyncer } from './accountModeSyncer.ts';
import { accounts, discountCodes, invoices, paidPeriods, payments, users } from '../db/schema/index.ts';
import type { InvoiceParty } from '../db/schema/billing.ts';
import { scoped } from '../db/scope.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { planEndingReminderTask } from '../jobs/tasks/PlanEndingReminderTask.ts';
import { sendInvoiceTask } from '../jobs/tasks/SendInvoiceTask.ts';
import { syncAccountModeTask } from '../jobs/tasks/SyncAccountModeTask.ts';
import { periodEnd } from '../lib/pricing.ts';
import { affiliateCommissionRecorder } from './affiliateCommissions.ts';
import { inTransaction, type CommitHooks } from './commitHooks.ts';

export interface CompletionDeps {
  queue: Pick<JobQueue, 'enqueue'>;
  /** INVOICE_SELLER: the seller's name and address lines, separated by "|". */
  invoiceSeller: string;
  /** AFFILIATE_COMMISSION_PERCENT: the referrer's share of a referred account's payment. */
  affiliateCommissionPercent: number;
  /** Told when the account's mode changes: its public pages' branding changes with it. */
  changed: CommitHooks['changed'];
}

export interface Completion {
  accountId: string;
}

const dayMs = 86_400_000;

/**
 * Applies a payment that PayPal captured (or that had nothing to capture), in the caller's transaction,
 * exactly once whoever gets here first, the owner's browser or a PayPal webhook: the payment turns
 * completed, a paid period starts (after the current one for a renewal; an upgrade ends the period it
 * replaces), the next invoice number is issued with the parties as they are today, the account turns
 * paid, the referrer (if any) earns its commission, and the invoice email, the reminders and the
 * period's end are queued. Undefined when the payment was already completed (or refunded).
 */
export async function paymentCompleter(
  tx: Db,
  deps: CompletionDeps,
  paymentId: string,
  outcome: { captureId: string | null },
  now = new Date(),
): Promise<Completion | undefined> {
  // Only a payment not yet applied moves: a second caller finds nothing to update.
  // tenant-scope: the payment of the owner's own checkout or of PayPal's verified webhook: the account follows from the row
  const [payment] = await tx
    .update(payments)
    .set({ status: 'completed', captureId: outcome.captureId, failureMessage: null, completedAt: now, updatedAt: now })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, ['created', 'failed', 'cancelled'])))
    .returning();
  if (!payment) return undefined;
  const plan = await findPlan(tx, payment.planId);
  if (!plan) throw new Error(`payment ${payment.id}: plan ${payment.planId} is gone`);

  if (payment.replacesPeriodId) {
    await tx
      .update(paidPeriods)
      .set({ endedAt: now })
      .where(scoped(paidPeriods, payment.accountId, eq(paidPeriods.id, payment.replacesPeriodId), isNull(paidPeriods.endedAt)));
  }
  const startsAt = payment.startsAt > now ? payment.startsAt : now;
  const endsAt = periodEnd(startsAt, payment.period);
  const [period] = await tx
    .insert(paidPeriods)
    .values({ accountId: payment.accountId, planId: plan.id, period: payment.period, startsAt, endsAt })
    .returning({ id: paidPeriods.id });
  await tx
    .update(payments)
    .set({ paidPeriodId: period!.id })
    .where(scoped(payments, payment.accountId, eq(payments.id, payment.id)));

  const [invoice] = await tx
    .insert(invoices)
    .values({
      number: await nextInvoiceNumber(tx),
      accountId: payment.accountId,
      paymentId: payment.id,
      issuedAt: now,
      transactionId: outcome.captureId ?? payment.id,
      seller: sellerParty(deps.invoiceSeller),
      buyer: await buyerParty(tx, payment.accountId),
      planName: plan.name,
      period: payment.period,
      periodStart: startsAt,
      periodEnd: endsAt,
      currency: payment.currency,
      priceCents: payment.priceCents,
      discountCents: payment.discountCents,
      discountCode: payment.discountCodeId ? await discountCodeOf(tx, payment.discountCodeId) : null,
      creditCents: payment.creditCents,
      taxRateBasisPoints: payment.taxRateBasisPoints,
      taxCents: payment.taxCents,
      totalCents: payment.totalCents,
    })
    .returning({ id: invoices.id });

  await affiliateCommissionRecorder(tx, payment, deps.affiliateCommissionPercent);
  await accountModeSyncer({ db: tx, changed: deps.changed }, { accountId: payment.accountId, at: now });
  await deps.queue.enqueue(tx, sendInvoiceTask, { invoiceId: invoice!.id });
  await deps.queue.enqueue(tx, syncAccountModeTask, { accountId: payment.accountId }, { startAfter: endsAt });
  // A renewal starts later: the mode is checked again then too (it stays paid).
  if (startsAt > now)
    await deps.queue.enqueue(tx, syncAccountModeTask, { accountId: payment.accountId }, { startAfter: startsAt });
  for (const days of billingLimits.reminderDaysBefore) {
    const at = new Date(endsAt.getTime() - days * dayMs);
    if (at > now) await deps.queue.enqueue(tx, planEndingReminderTask, { periodId: period!.id, days }, { startAfter: at });
  }
  return { accountId: payment.accountId };
}

/** INVOICE_SELLER "Name|line|line" as the invoice's seller. */
export function sellerParty(setting: string): InvoiceParty {
  const [name = '', ...lines] = setting.split('|').map((part) => part.trim());
  return { name, lines: lines.filter(Boolean) };
}

/** The buyer as the account's profile has it now: company, its URL, the owner's name and email. */
async function buyerParty(db: Db, accountId: string): Promise<InvoiceParty> {
  const [row] = await db
    .select({ companyName: accounts.companyName, companyUrl: accounts.companyUrl, fullName: users.fullName, email: users.email })
    .from(accounts)
    .innerJoin(users, eq(users.accountId, accounts.id))
    .where(eq(accounts.id, accountId))
    .orderBy(asc(users.createdAt))
    .limit(1);
  if (!row) return { name: '', lines: [] };
  const name = row.companyName || row.fullName || row.email;
  const lines = [row.companyName ? row.fullName : '', row.companyUrl, row.email].filter((line) => line && line !== name);
  return { name, lines };
}

async function discountCodeOf(db: Db, discountCodeId: string): Promise<string | null> {
  const [row] = await db
    .select({ code: discountCodes.code })
    .from(discountCodes)
    .where(eq(discountCodes.id, discountCodeId))
    .limit(1);
  return row?.code ?? null;
}

/** The completer's dependencies, from the running services. */
export const completionDeps = (
  services: Pick<Services, 'queue' | 'env'>,
  hooks: Pick<CommitHooks, 'changed'>,
): CompletionDeps => ({
  changed: hooks.changed,
  queue: services.queue,
  invoiceSeller: services.env.INVOICE_SELLER,
  affiliateCommissionPercent: services.env.AFFILIATE_COMMISSION_PERCENT,
});

/** Completes a payment in its own transaction, then drops the account's cached quizzes if its branding changed. */
export async function completePayment(
  services: Pick<Services, 'database' | 'queue' | 'env' | 'quizCache'>,
  paymentId: string,
  outcome: { captureId: string | null },
): Promise<Completion | undefined> {
  return inTransaction({ db: services.database.db, quizCache: services.quizCache }, (tx, hooks) =>
    paymentCompleter(tx, completionDeps(services, hooks), paymentId, outcome),
  );
}
