import { and, eq } from 'drizzle-orm';
import { billingMessages } from '@quizlead/shared/billing.ts';
import type { Services } from '../context.ts';
import type { Db } from '../db/client.ts';
import type { PaymentRow } from '../db/queries/billing.ts';
import { discountCodes, payments } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { AppError } from '../errors.ts';
import { completedCapture, PayPalError, type PayPalOrder } from '../integrations/paypal/paypalClient.ts';
import { discountCodeChecker } from './discountCodeChecker.ts';
import { completePayment } from './paymentCompleter.ts';

/** PayPal answers that mean "not yet", not "no": the payment stays open for a retry or the webhook. */
const notYet = new Set(['ORDER_COMPLETION_IN_PROGRESS']);

/**
 * Captures the PayPal order of a payment the owner approved, once: the capture's PayPal-Request-Id is
 * derived from the payment, so a retried capture replays PayPal's first answer instead of charging
 * again, and ORDER_ALREADY_CAPTURED (the webhook's capture, or another tab's) reads the order and
 * completes from its capture. A refusal (declined, not approved) fails the payment with PayPal's
 * message; no answer at all leaves it open, and PayPal's webhook completes it later. A discount code
 * used up meanwhile is refused before anything is charged. Answers the payment as it now stands.
 */
export async function paymentCapturer(services: Services, payment: PaymentRow): Promise<PaymentRow> {
  if (payment.status !== 'created' || !payment.paypalOrderId) return payment;
  const { db } = services.database;
  if (!services.paypal) throw new AppError(503, 'internal', billingMessages.paymentsUnavailable);

  const refusal = await discountRefusal(db, payment);
  if (refusal) return failPayment(db, payment.id, refusal);

  let order: PayPalOrder;
  try {
    order = await services.paypal.captureOrder(payment.paypalOrderId, `capture-${payment.id}`);
  } catch (error) {
    if (error instanceof PayPalError && error.issue === 'ORDER_ALREADY_CAPTURED') {
      order = await services.paypal.getOrder(payment.paypalOrderId);
    } else if (error instanceof PayPalError && error.status === 422 && !notYet.has(error.issue ?? '')) {
      return failPayment(db, payment.id, error.message);
    } else {
      services.logger.warn({ err: error, paymentId: payment.id }, 'PayPal capture unanswered: left to the webhook');
      return payment;
    }
  }
  const capture = completedCapture(order);
  if (!capture) return payment;
  await completePayment(services, payment.id, { captureId: capture.id });
  return reloadPayment(db, payment.id);
}

/** The owner left PayPal's page without paying. */
export async function paymentCanceller(db: Db, payment: PaymentRow): Promise<PaymentRow> {
  const [cancelled] = await db
    .update(payments)
    .set({ status: 'cancelled', failureMessage: billingMessages.paymentCancelled, updatedAt: new Date() })
    .where(scoped(payments, payment.accountId, eq(payments.id, payment.id), eq(payments.status, 'created')))
    .returning();
  return cancelled ?? payment;
}

export async function failPayment(db: Db, paymentId: string, message: string): Promise<PaymentRow> {
  // tenant-scope: callers hold a payment found in its account (checkout, capture) or named by PayPal's verified webhook
  await db
    .update(payments)
    .set({ status: 'failed', failureMessage: message, updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'created')));
  return reloadPayment(db, paymentId);
}

async function reloadPayment(db: Db, paymentId: string): Promise<PaymentRow> {
  // tenant-scope: the payment this module just changed, as failPayment's callers found it
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  return row!;
}

/** Why the payment's discount code may no longer be used (retired, expired, used up meanwhile), if it may not. */
async function discountRefusal(db: Db, payment: PaymentRow): Promise<string | undefined> {
  if (!payment.discountCodeId) return undefined;
  const [code] = await db
    .select({ code: discountCodes.code })
    .from(discountCodes)
    .where(eq(discountCodes.id, payment.discountCodeId));
  if (!code) return billingMessages.discountCodeUnknown;
  try {
    await discountCodeChecker(db, code.code, {
      planId: payment.planId,
      period: payment.period,
      accountId: payment.accountId,
      at: new Date(),
      paymentId: payment.id,
    });
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
}
