import { eq } from 'drizzle-orm';
import { billingMessages } from '@quizlead/shared/billing.ts';
import { productName } from '@quizlead/shared/constants.ts';
import type { Services } from '../context.ts';
import type { Db } from '../db/client.ts';
import type { PaymentRow } from '../db/queries/billing.ts';
import { payments } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { AppError } from '../errors.ts';
import { approvalUrl, PayPalError } from '../integrations/paypal/paypalClient.ts';
import { paypalOrderRequest } from '../integrations/paypal/paypalOrders.ts';
import { billingSettings, checkoutQuoter, type CheckoutChoice, type CheckoutQuote } from './checkoutQuoter.ts';
import { failPayment } from './paymentCapturer.ts';
import { inTransaction } from './commitHooks.ts';
import { completionDeps, paymentCompleter } from './paymentCompleter.ts';

export interface Checkout {
  payment: PaymentRow;
  /** PayPal's approval page; undefined when nothing was due (the plan started) or PayPal refused. */
  approveUrl: string | undefined;
}

/** PayPal sends the payer back here, with ?token=<order id>&PayerID=… added. */
export const paymentReturnUrl = (appUrl: string, paymentId: string) => `${appUrl}/app/Plans?payment=${paymentId}`;
export const paymentCancelUrl = (appUrl: string, paymentId: string) => `${appUrl}/app/Plans?payment=${paymentId}&cancelled=1`;

/**
 * Starts paying for a plan: the quote is made again here (nothing from the browser but the choice is
 * trusted), the payment row is written, then PayPal's order is created with the payment's id as its
 * PayPal-Request-Id. Nothing due (a full discount or credit) completes at once. PayPal refusing leaves
 * the payment failed with PayPal's message, and nothing else written.
 */
export async function checkoutCreator(services: Services, accountId: string, choice: CheckoutChoice): Promise<Checkout> {
  const { db } = services.database;
  const quote = await checkoutQuoter(db, billingSettings(services.env), accountId, choice);
  if (quote.totalCents > 0 && !services.paypal) throw new AppError(503, 'internal', billingMessages.paymentsUnavailable);
  if (quote.totalCents === 0) {
    // Nothing to collect: the payment and what it buys are written together.
    const paymentId = await inTransaction({ db, quizCache: services.quizCache }, async (tx, hooks) => {
      const free = await insertPayment(tx, accountId, quote);
      await paymentCompleter(tx, completionDeps(services, hooks), free.id, { captureId: null });
      return free.id;
    });
    const [completed] = await db
      .select()
      .from(payments)
      .where(scoped(payments, accountId, eq(payments.id, paymentId)))
      .limit(1);
    return { payment: completed!, approveUrl: undefined };
  }
  const payment = await insertPayment(db, accountId, quote);

  const { APP_URL } = services.env;
  try {
    const order = await services.paypal!.createOrder(
      paypalOrderRequest({
        ...quote,
        paymentId: payment.id,
        accountId,
        planName: quote.plan.name,
        brandName: productName,
        returnUrl: paymentReturnUrl(APP_URL, payment.id),
        cancelUrl: paymentCancelUrl(APP_URL, payment.id),
      }),
      payment.id,
    );
    const approveUrl = approvalUrl(order);
    if (!approveUrl) throw new Error(`PayPal order ${order.id} came without an approval link`);
    const [updated] = await db
      .update(payments)
      .set({ paypalOrderId: order.id, updatedAt: new Date() })
      .where(scoped(payments, accountId, eq(payments.id, payment.id)))
      .returning();
    return { payment: updated!, approveUrl };
  } catch (error) {
    services.logger.warn({ err: error, paymentId: payment.id }, 'PayPal did not create the order');
    const message = error instanceof PayPalError && error.status < 500 ? error.message : billingMessages.paypalUnreachable;
    return { payment: await failPayment(db, payment.id, message), approveUrl: undefined };
  }
}

function insertPayment(db: Db, accountId: string, quote: CheckoutQuote): Promise<PaymentRow> {
  return db
    .insert(payments)
    .values({
      accountId,
      planId: quote.plan.id,
      period: quote.period,
      discountCodeId: quote.discount?.id ?? null,
      priceCents: quote.priceCents,
      discountCents: quote.discountCents,
      creditCents: quote.creditCents,
      taxRateBasisPoints: quote.taxRateBasisPoints,
      taxCents: quote.taxCents,
      totalCents: quote.totalCents,
      currency: quote.currency,
      startsAt: quote.startsAt,
      replacesPeriodId: quote.replacesPeriodId ?? null,
    })
    .returning()
    .then((rows) => rows[0]!);
}
