import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accounts, affiliateCommissions, invoices, paidPeriods, payments, referrals } from '../db/schema/index.ts';
import { periodEnd } from '../lib/pricing.ts';
import { createDiscountCode, insertPaidPeriod, insertPayment, proPlanId, recordingCompletionDeps } from '../test/billingKit.ts';
import { createOwner } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { paymentCompleter } from './paymentCompleter.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const dayMs = 86_400_000;
const db = () => server.services.database.db;

/** Deps whose queue and cache listener record what they were given. */
const completionDeps = () =>
  recordingCompletionDeps({ invoiceSeller: 'Quizlead Ltd | 1 Main Street |  | Dublin', affiliateCommissionPercent: 20 });

/** The checkout's row with a discount, credit and tax, as the completion's figures are checked against it. */
const createPayment = (accountId: string, values: Partial<typeof payments.$inferInsert> = {}) =>
  insertPayment(server, accountId, {
    discountCents: 400,
    creditCents: 500,
    taxRateBasisPoints: 2000,
    taxCents: 400,
    totalCents: 2400,
    ...values,
  });

it('completes a payment once: period, invoice with both parties, paid mode, commission, and the jobs after it', async () => {
  const owner = await createOwner(server);
  const { account: referrer } = await createOwner(server);
  await db().insert(referrals).values({ referredAccountId: owner.account.id, referrerAccountId: referrer.id, source: 'link' });
  const code = await createDiscountCode(server, { code: `DONE${randomUUID().slice(0, 6).toUpperCase()}` });
  const payment = await createPayment(owner.account.id, { discountCodeId: code.id });
  const now = new Date();
  const run = completionDeps();

  expect(await paymentCompleter(db(), run.deps, payment.id, { captureId: 'CAPTURE-1' }, now)).toEqual({
    accountId: owner.account.id,
  });

  const [paid] = await db().select().from(payments).where(eq(payments.id, payment.id));
  expect(paid).toMatchObject({ status: 'completed', captureId: 'CAPTURE-1', completedAt: now });
  const periods = await db().select().from(paidPeriods).where(eq(paidPeriods.accountId, owner.account.id));
  const endsAt = periodEnd(now, 'monthly');
  expect(periods).toMatchObject([
    { id: paid!.paidPeriodId, planId: proPlanId, period: 'monthly', startsAt: now, endsAt, endedAt: null },
  ]);

  const [invoice] = await db().select().from(invoices).where(eq(invoices.paymentId, payment.id));
  expect(invoice).toMatchObject({
    accountId: owner.account.id,
    status: 'paid',
    transactionId: 'CAPTURE-1',
    seller: { name: 'Quizlead Ltd', lines: ['1 Main Street', 'Dublin'] },
    buyer: { name: 'Acme', lines: ['Olive Owner', owner.email] },
    planName: expect.any(String),
    periodStart: now,
    periodEnd: endsAt,
    currency: 'USD',
    priceCents: 2900,
    discountCents: 400,
    discountCode: code.code,
    creditCents: 500,
    taxRateBasisPoints: 2000,
    taxCents: 400,
    totalCents: 2400,
  });

  const [account] = await db().select({ mode: accounts.mode }).from(accounts).where(eq(accounts.id, owner.account.id));
  expect(account!.mode).toBe('paid');
  expect(run.told).toEqual([{ accountId: owner.account.id }]);
  // The commission is on what was paid before tax: 2900 - 400 - 500 = 2000, 20% of it.
  expect(await db().select().from(affiliateCommissions).where(eq(affiliateCommissions.paymentId, payment.id))).toMatchObject([
    {
      referrerAccountId: referrer.id,
      referredAccountId: owner.account.id,
      baseCents: 2000,
      ratePercent: 20,
      amountCents: 400,
      status: 'earned',
    },
  ]);
  expect(run.queued).toEqual([
    { name: 'billing.send-invoice', payload: { invoiceId: invoice!.id } },
    { name: 'billing.sync-mode', payload: { accountId: owner.account.id }, startAfter: endsAt },
    {
      name: 'billing.plan-ending',
      payload: { periodId: paid!.paidPeriodId, days: 7 },
      startAfter: new Date(endsAt.getTime() - 7 * dayMs),
    },
    {
      name: 'billing.plan-ending',
      payload: { periodId: paid!.paidPeriodId, days: 1 },
      startAfter: new Date(endsAt.getTime() - dayMs),
    },
  ]);

  // The second caller (the webhook after the browser) finds it done and changes nothing.
  const again = completionDeps();
  expect(await paymentCompleter(db(), again.deps, payment.id, { captureId: 'CAPTURE-2' })).toBeUndefined();
  expect(again.queued).toEqual([]);
  expect(again.told).toEqual([]);
  expect(await db().select().from(invoices).where(eq(invoices.paymentId, payment.id))).toHaveLength(1);
  expect(await db().select().from(paidPeriods).where(eq(paidPeriods.accountId, owner.account.id))).toHaveLength(1);
  expect((await db().select().from(payments).where(eq(payments.id, payment.id)))[0]!.captureId).toBe('CAPTURE-1');
});

it('starts a renewal after the current period and ends the period an upgrade replaces', async () => {
  const owner = await createOwner(server);
  const now = new Date();
  const current = await insertPaidPeriod(
    server,
    owner.account.id,
    new Date(now.getTime() - dayMs),
    new Date(now.getTime() + 10 * dayMs),
  );

  const renewal = await createPayment(owner.account.id, { startsAt: current.endsAt });
  const run = completionDeps();
  await paymentCompleter(db(), run.deps, renewal.id, { captureId: null }, now);
  const [renewed] = await db().select().from(payments).where(eq(payments.id, renewal.id));
  const [next] = await db().select().from(paidPeriods).where(eq(paidPeriods.id, renewed!.paidPeriodId!));
  expect(next).toMatchObject({ startsAt: current.endsAt, endsAt: periodEnd(current.endsAt, 'monthly') });
  // Nothing captured: the invoice names the payment itself.
  expect((await db().select().from(invoices).where(eq(invoices.paymentId, renewal.id)))[0]!.transactionId).toBe(renewal.id);
  expect(run.queued.filter((job) => job.name === 'billing.sync-mode').map((job) => job.startAfter)).toEqual([
    next!.endsAt,
    current.endsAt,
  ]);

  const upgrade = await createPayment(owner.account.id, { replacesPeriodId: current.id });
  await paymentCompleter(db(), completionDeps().deps, upgrade.id, { captureId: 'CAPTURE-UP' }, now);
  expect((await db().select().from(paidPeriods).where(eq(paidPeriods.id, current.id)))[0]!.endedAt).toEqual(now);
});

it('refuses a refunded payment and records no commission without a referral', async () => {
  const owner = await createOwner(server);
  const refunded = await createPayment(owner.account.id, { status: 'refunded' });
  const run = completionDeps();
  expect(await paymentCompleter(db(), run.deps, refunded.id, { captureId: 'CAPTURE-X' })).toBeUndefined();
  expect((await db().select().from(payments).where(eq(payments.id, refunded.id)))[0]!.status).toBe('refunded');
  expect(await db().select().from(invoices).where(eq(invoices.paymentId, refunded.id))).toEqual([]);
  expect(run.queued).toEqual([]);

  const failed = await createPayment(owner.account.id, { status: 'failed', failureMessage: 'declined' });
  expect(await paymentCompleter(db(), completionDeps().deps, failed.id, { captureId: 'CAPTURE-Y' })).toEqual({
    accountId: owner.account.id,
  });
  expect((await db().select().from(payments).where(eq(payments.id, failed.id)))[0]).toMatchObject({
    status: 'completed',
    failureMessage: null,
  });
  expect(await db().select().from(affiliateCommissions).where(eq(affiliateCommissions.paymentId, failed.id))).toEqual([]);
});
