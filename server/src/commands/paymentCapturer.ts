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
 * message and gives back its discount code's use; no answer at all leaves it open (the use still held),
 * and PayPal's webhook completes it later. A limited discount code's use is reserved before PayPal is
 * asked (discountReserver): a capture that loses the race fails uncharged with the code's message.
 * Answers the payment as it now stands.
 */
export async function paymentCapturer(services: Services, payment: PaymentRow): Promise<PaymentRow> {
  if (payment.status !== 'created' || !payment.paypalOrderId) return payment;
  const { db } = services.database;
  if (!services.paypal) throw new AppError(503, 'internal', billingMessages.paymentsUnavailable);

  if (!(await discountReserver(db, payment))) return reloadPayment(db, payment.id);

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
    .set({
      status: 'cancelled',
      failureMessage: billingMessages.paymentCancelled,
      discountReservedAt: null,
      updatedAt: new Date(),
    })
    .where(scoped(payments, payment.accountId, eq(payments.id, payment.id), eq(payments.status, 'created')))
    .returning();
  return cancelled ?? payment;
}

export async function failPayment(db: Db, paymentId: string, message: string): Promise<PaymentRow> {
  // tenant-scope: callers hold a payment found in its account (checkout, capture) or named by PayPal's verified webhook
  await db
    .update(payments)
    .set({ status: 'failed', failureMessage: message, discountReservedAt: null, updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'created')));
  return reloadPayment(db, paymentId);
}

async function reloadPayment(db: Db, paymentId: string): Promise<PaymentRow> {
  // tenant-scope: the payment this module just changed, as failPayment's callers found it
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  return row!;
}

/**
 * Takes one use of the payment's discount code for it before anything is charged: the code's row is
 * locked, its uses (paid orders and other open payments holding a reservation) counted and this
 * payment's reservation written in one transaction, so of several captures at once only as many as
 * the code allows go on to PayPal. A code that may no longer be used (retired, expired, used up
 * meanwhile) fails the payment in the same transaction with the code's message. A payment that
 * already holds its reservation (a retried capture, the webhook's) keeps it. Answers whether PayPal
 * may be asked to capture: not for a payment refused here or no longer open.
 */
async function discountReserver(db: Db, payment: PaymentRow): Promise<boolean> {
  const codeId = payment.discountCodeId;
  if (!codeId) return true;
  return db.transaction(async (tx) => {
    const [code] = await tx
      .select({ code: discountCodes.code })
      .from(discountCodes)
      .where(eq(discountCodes.id, codeId))
      .for('update');
    // tenant-scope: the payment the caller found in its account (or named by PayPal's verified webhook)
    const [current] = await tx.select().from(payments).where(eq(payments.id, payment.id)).limit(1);
    if (!current || current.status !== 'created') return false;
    if (current.discountReservedAt) return true;
    const refusal = code ? await checkerRefusal(tx, code.code, current) : billingMessages.discountCodeUnknown;
    if (refusal) {
      await failPayment(tx, payment.id, refusal);
      return false;
    }
    // tenant-scope: as above
    await tx.update(payments).set({ discountReservedAt: new Date() }).where(eq(payments.id, payment.id));
    return true;
  });
}

/** Why the code may not be used for this payment now, if it may not. */
async function checkerRefusal(db: Db, code: string, payment: PaymentRow): Promise<string | undefined> {
  try {
    await discountCodeChecker(db, code, {
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
