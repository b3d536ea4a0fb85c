import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Services } from '../../context.ts';
import { paymentCapturer } from '../../commands/paymentCapturer.ts';
import { payments } from '../../db/schema/index.ts';
import { defineTask } from '../task.ts';

/**
 * Captures a payment PayPal reported approved (CHECKOUT.ORDER.APPROVED), for a payer whose browser
 * never came back to the app. If the browser did come back first, the payment is no longer open and
 * nothing happens; the capture's request id keeps PayPal from charging twice either way. A capture
 * PayPal did not answer is retried.
 */
export const capturePaymentTask = defineTask({
  name: 'billing.capture',
  payload: z.object({ paymentId: z.uuid() }),
  retry: { limit: 8, delaySeconds: 30, backoff: true },
  handler: async (payload, deps: { servicesReady: Promise<Services> }) => {
    const services = await deps.servicesReady;
    const [payment] = await services.database.db.select().from(payments).where(eq(payments.id, payload.paymentId)).limit(1);
    if (!payment) return;
    const after = await paymentCapturer(services, payment);
    if (after.status === 'created') throw new Error(`payment ${payment.id}: PayPal has not confirmed the capture yet`);
  },
});
