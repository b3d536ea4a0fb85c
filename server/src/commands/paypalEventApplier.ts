import { eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { billingMessages } from '@quizlead/shared/billing.ts';
import type { Db } from '../db/client.ts';
import type { PaymentRow } from '../db/queries/billing.ts';
import { accountModeSyncer } from './accountModeSyncer.ts';
import { invoices, paidPeriods, payments, paypalWebhookEvents } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { capturePaymentTask } from '../jobs/tasks/CapturePaymentTask.ts';
import { moneyValue } from '../lib/pricing.ts';
import { failPayment } from './paymentCapturer.ts';
import { type CompletionDeps, paymentCompleter } from './paymentCompleter.ts';
import { affiliateCommissionReverser } from './affiliateCommissions.ts';
import type { CommitHooks } from './commitHooks.ts';

const ZMoney = z.object({ currency_code: z.string().max(3), value: z.string().max(32) });
const ZIds = {
  /** Our payment's id (purchase_units[].invoice_id). */
  invoice_id: z.string().max(127).optional(),
  custom_id: z.string().max(127).optional(),
};

/** The PayPal webhook events the app applies, by type; the resource shapes of Orders v2 and Payments v2. */
export const paypalEventResources = {
  'CHECKOUT.ORDER.APPROVED': z.object({
    id: z.string().min(1).max(64),
    status: z.string().max(32),
    purchase_units: z.array(z.object(ZIds)).max(10).optional(),
  }),
  'PAYMENT.CAPTURE.COMPLETED': z.object({
    id: z.string().min(1).max(64),
    status: z.string().max(32),
    amount: ZMoney,
    ...ZIds,
    supplementary_data: z.object({ related_ids: z.object({ order_id: z.string().max(64).optional() }).optional() }).optional(),
  }),
  'PAYMENT.CAPTURE.DENIED': z.object({
    id: z.string().min(1).max(64),
    status: z.string().max(32),
    ...ZIds,
    supplementary_data: z.object({ related_ids: z.object({ order_id: z.string().max(64).optional() }).optional() }).optional(),
  }),
  'PAYMENT.CAPTURE.REFUNDED': z.object({
    id: z.string().min(1).max(64),
    status: z.string().max(32),
    amount: ZMoney,
    ...ZIds,
  }),
} as const;
export type PayPalEventType = keyof typeof paypalEventResources;
export const isPayPalEventType = (type: string): type is PayPalEventType => type in paypalEventResources;

export type PayPalEvent = {
  [T in PayPalEventType]: { id: string; type: T; resource: z.infer<(typeof paypalEventResources)[T]> };
}[PayPalEventType];

/** What completing a payment needs (a completed capture completes it). */
export type EventApplierDeps = CompletionDeps;

/**
 * Applies one verified PayPal webhook event in the caller's transaction, once per event id (a
 * redelivery finds its receipt and changes nothing). Each change is also idempotent on its own, so the
 * webhook and the owner's browser can arrive in either order:
 * - CHECKOUT.ORDER.APPROVED: the payer approved but the browser may never come back, so the capture is queued;
 * - PAYMENT.CAPTURE.COMPLETED: the payment completes (period, invoice, paid mode) if it has not yet;
 * - PAYMENT.CAPTURE.DENIED: an open payment fails;
 * - PAYMENT.CAPTURE.REFUNDED: a full refund ends the plan at once and marks the invoice refunded.
 */
export async function paypalEventApplier(tx: Db, deps: EventApplierDeps, event: PayPalEvent): Promise<void> {
  const [receipt] = await tx
    .insert(paypalWebhookEvents)
    .values({ id: event.id, eventType: event.type, resourceId: event.resource.id })
    .onConflictDoNothing()
    .returning({ id: paypalWebhookEvents.id });
  if (!receipt) return;

  switch (event.type) {
    case 'CHECKOUT.ORDER.APPROVED': {
      const payment = await paymentFor(tx, event.resource.purchase_units?.[0]?.invoice_id, event.resource.id);
      if (payment?.status === 'created') await deps.queue.enqueue(tx, capturePaymentTask, { paymentId: payment.id });
      return;
    }
    case 'PAYMENT.CAPTURE.COMPLETED': {
      const { resource } = event;
      const payment = await paymentFor(tx, resource.invoice_id, resource.supplementary_data?.related_ids?.order_id);
      if (!payment || resource.status !== 'COMPLETED') return;
      if (resource.amount.value !== moneyValue(payment.totalCents) || resource.amount.currency_code !== payment.currency)
        throw new Error(
          `PayPal capture ${resource.id} is for ${resource.amount.value}, payment ${payment.id} is for ${payment.totalCents} cents`,
        );
      await paymentCompleter(tx, deps, payment.id, { captureId: resource.id });
      return;
    }
    case 'PAYMENT.CAPTURE.DENIED': {
      const { resource } = event;
      const payment = await paymentFor(tx, resource.invoice_id, resource.supplementary_data?.related_ids?.order_id);
      if (payment?.status === 'created') await failPayment(tx, payment.id, billingMessages.paymentDenied);
      return;
    }
    case 'PAYMENT.CAPTURE.REFUNDED': {
      const { resource } = event;
      const payment = await paymentFor(tx, resource.invoice_id, undefined);
      if (payment?.status !== 'completed' || resource.amount.value !== moneyValue(payment.totalCents)) return;
      await paymentRefunder(tx, deps.changed, payment);
    }
  }
}

/**
 * A full refund: the payment and its invoice are marked refunded, the period it bought ends now and the
 * referrer's commission on it is reversed.
 */
async function paymentRefunder(tx: Db, changed: CommitHooks['changed'], payment: PaymentRow, now = new Date()): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'refunded', updatedAt: now })
    .where(scoped(payments, payment.accountId, eq(payments.id, payment.id)));
  await tx
    .update(invoices)
    .set({ status: 'refunded' })
    .where(scoped(invoices, payment.accountId, eq(invoices.paymentId, payment.id)));
  await affiliateCommissionReverser(tx, payment.id);
  if (payment.paidPeriodId)
    await tx
      .update(paidPeriods)
      .set({ endedAt: now })
      .where(scoped(paidPeriods, payment.accountId, eq(paidPeriods.id, payment.paidPeriodId), isNull(paidPeriods.endedAt)));
  await accountModeSyncer({ db: tx, changed }, { accountId: payment.accountId, at: now });
}

/** The payment a PayPal resource is about: by our id in invoice_id, else by PayPal's order id. */
async function paymentFor(db: Db, invoiceId: string | undefined, orderId: string | undefined): Promise<PaymentRow | undefined> {
  const byId = invoiceId && z.uuid().safeParse(invoiceId).success ? eq(payments.id, invoiceId) : undefined;
  const byOrder = orderId ? eq(payments.paypalOrderId, orderId) : undefined;
  const condition = byId ?? byOrder;
  if (!condition) return undefined;
  // tenant-scope: PayPal's verified webhook names our payment (or its order) by id; the account follows from the row
  const [row] = await db.select().from(payments).where(condition).limit(1);
  return row;
}
