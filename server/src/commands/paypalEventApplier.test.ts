import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { billingMessages } from '@quizlead/shared/billing.ts';
import {
  accounts,
  affiliateCommissions,
  invoices,
  paidPeriods,
  payments,
  paypalWebhookEvents,
  referrals,
} from '../db/schema/index.ts';
import { insertPayment, recordingCompletionDeps } from '../test/billingKit.ts';
import { createOwner } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { paypalEventApplier, type PayPalEvent } from './paypalEventApplier.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const db = () => server.services.database.db;

const applierDeps = () => recordingCompletionDeps({ invoiceSeller: 'Quizlead Ltd|Dublin', affiliateCommissionPercent: 10 });

/** Applies `event` in a transaction, as the webhook receiver does. */
async function apply(event: PayPalEvent) {
  const run = applierDeps();
  await db().transaction((tx) => paypalEventApplier(tx, run.deps, event));
  return run;
}

const createPayment = (accountId: string, values: Partial<typeof payments.$inferInsert> = {}) =>
  insertPayment(server, accountId, { paypalOrderId: `ORDER-${randomUUID().slice(0, 12)}`, ...values });

const paymentRow = async (id: string) => (await db().select().from(payments).where(eq(payments.id, id)))[0]!;
const eventId = () => `WH-${randomUUID()}`;

it('queues the capture of an approved order once per event id', async () => {
  const { account } = await createOwner(server);
  const payment = await createPayment(account.id);
  const event: PayPalEvent = {
    id: eventId(),
    type: 'CHECKOUT.ORDER.APPROVED',
    resource: { id: payment.paypalOrderId!, status: 'APPROVED', purchase_units: [{ invoice_id: payment.id }] },
  };
  expect((await apply(event)).queued).toEqual([{ name: 'billing.capture', payload: { paymentId: payment.id } }]);
  expect(await db().select().from(paypalWebhookEvents).where(eq(paypalWebhookEvents.id, event.id))).toMatchObject([
    { eventType: 'CHECKOUT.ORDER.APPROVED', resourceId: payment.paypalOrderId },
  ]);
  // A redelivery finds its receipt.
  expect((await apply(event)).queued).toEqual([]);
  // An approval of a payment no longer open queues nothing either.
  await db().update(payments).set({ status: 'cancelled' }).where(eq(payments.id, payment.id));
  expect((await apply({ ...event, id: eventId() })).queued).toEqual([]);
});

it('completes the payment of a completed capture (found by order id) and refuses a capture of another amount', async () => {
  const { account } = await createOwner(server);
  const payment = await createPayment(account.id);
  const capture = (value: string, id = eventId()): PayPalEvent => ({
    id,
    type: 'PAYMENT.CAPTURE.COMPLETED',
    resource: {
      id: `CAP-${id.slice(3, 11)}`,
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value },
      supplementary_data: { related_ids: { order_id: payment.paypalOrderId! } },
    },
  });

  const wrong = capture('1.00');
  await expect(apply(wrong)).rejects.toThrow(/is for 1\.00/);
  // The transaction rolled back: no receipt, so PayPal's retry is applied.
  expect(await db().select().from(paypalWebhookEvents).where(eq(paypalWebhookEvents.id, wrong.id))).toEqual([]);
  expect((await paymentRow(payment.id)).status).toBe('created');

  const right = capture('29.00');
  const run = await apply(right);
  expect(await paymentRow(payment.id)).toMatchObject({ status: 'completed', captureId: right.resource.id });
  expect(run.told).toEqual([{ accountId: account.id }]);
  expect(await db().select().from(invoices).where(eq(invoices.paymentId, payment.id))).toHaveLength(1);
});

it('fails an open payment on a denied capture, with the reason, and leaves a completed one alone', async () => {
  const { account } = await createOwner(server);
  const open = await createPayment(account.id);
  const denied = (invoiceId: string): PayPalEvent => ({
    id: eventId(),
    type: 'PAYMENT.CAPTURE.DENIED',
    resource: { id: `CAP-${randomUUID().slice(0, 8)}`, status: 'DECLINED', invoice_id: invoiceId },
  });
  await apply(denied(open.id));
  expect(await paymentRow(open.id)).toMatchObject({ status: 'failed', failureMessage: billingMessages.paymentDenied });

  const done = await createPayment(account.id, { status: 'completed' });
  await apply(denied(done.id));
  expect(await paymentRow(done.id)).toMatchObject({ status: 'completed', failureMessage: null });
});

it('a full refund ends the period now, marks payment and invoice refunded, reverses the commission and frees the account', async () => {
  const owner = await createOwner(server);
  const { account: referrer } = await createOwner(server);
  await db()
    .insert(referrals)
    .values({ referredAccountId: owner.account.id, referrerAccountId: referrer.id, source: 'invitation' });
  const payment = await createPayment(owner.account.id);
  await apply({
    id: eventId(),
    type: 'PAYMENT.CAPTURE.COMPLETED',
    resource: {
      id: 'CAP-REFUND-ME',
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '29.00' },
      invoice_id: payment.id,
    },
  });
  const paid = await paymentRow(payment.id);
  expect(paid.status).toBe('completed');

  // A partial refund changes nothing.
  const refund = (value: string): PayPalEvent => ({
    id: eventId(),
    type: 'PAYMENT.CAPTURE.REFUNDED',
    resource: {
      id: `REF-${randomUUID().slice(0, 8)}`,
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value },
      invoice_id: payment.id,
    },
  });
  const partial = await apply(refund('10.00'));
  expect(partial.told).toEqual([]);
  expect((await paymentRow(payment.id)).status).toBe('completed');

  const before = new Date();
  const full = await apply(refund('29.00'));
  expect((await paymentRow(payment.id)).status).toBe('refunded');
  expect((await db().select().from(invoices).where(eq(invoices.paymentId, payment.id)))[0]!.status).toBe('refunded');
  const [period] = await db().select().from(paidPeriods).where(eq(paidPeriods.id, paid.paidPeriodId!));
  expect(period!.endedAt!.getTime()).toBeGreaterThanOrEqual(before.getTime());
  expect((await db().select().from(affiliateCommissions).where(eq(affiliateCommissions.paymentId, payment.id)))[0]!.status).toBe(
    'reversed',
  );
  expect((await db().select({ mode: accounts.mode }).from(accounts).where(eq(accounts.id, owner.account.id)))[0]!.mode).toBe(
    'free',
  );
  expect(full.told).toEqual([{ accountId: owner.account.id }]);
});
