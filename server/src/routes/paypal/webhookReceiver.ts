import Router from '@koa/router';
import { z } from 'zod';
import type { AppContext, AppState, Services } from '../../context.ts';
import { AppError, UnauthorizedError, ValidationError } from '../../errors.ts';
import {
  isPayPalEventType,
  paypalEventApplier,
  paypalEventResources,
  type PayPalEvent,
} from '../../commands/paypalEventApplier.ts';
import { inTransaction } from '../../commands/commitHooks.ts';
import { completionDeps } from '../../commands/paymentCompleter.ts';
import { readRawBody } from '../../lib/rawBody.ts';
import { rejectUnsafeText } from '../../lib/unsafeText.ts';

/** Orders and captures are a few kilobytes. */
const maxBodyBytes = 256 * 1024;

export const paypalWebhookPath = '/paypal/webhooks';

const ZEnvelope = z.object({
  id: z.string().min(1).max(255),
  event_type: z.string().min(1).max(100),
  resource: z.record(z.string(), z.unknown()),
});

/**
 * POST /paypal/webhooks: PayPal's notifications about orders and captures (C2). Mounted before the
 * JSON body parser: the event PayPal signed is passed back to it as received. In order: the body must
 * be a JSON event (400 naming the field); PayPal's verify-webhook-signature must answer SUCCESS (401
 * and nothing written otherwise; 503 when PayPal cannot be asked, so it delivers again); the event is
 * applied in one transaction with its receipt, so a redelivery changes nothing. Types the app does not
 * use are acknowledged.
 */
export function paypalWebhookRoutes(services: Services): Router<AppState> {
  const router = new Router<AppState>();
  router.post(paypalWebhookPath, async (ctx: AppContext) => {
    const paypal = services.paypal;
    if (!paypal) throw UnauthorizedError();
    const raw = await readRawBody(ctx.req, maxBodyBytes, 'Webhook body too large');
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      throw ValidationError('Webhook body must be JSON');
    }
    // Before anything is looked up or stored: PostgreSQL cannot hold a NUL or a lone surrogate.
    rejectUnsafeText(json);
    const envelope = ZEnvelope.safeParse(json);
    if (!envelope.success) throw invalid(envelope.error);

    let genuine: boolean;
    try {
      genuine = await paypal.verifyWebhook(
        {
          authAlgo: ctx.get('paypal-auth-algo') || undefined,
          certUrl: ctx.get('paypal-cert-url') || undefined,
          transmissionId: ctx.get('paypal-transmission-id') || undefined,
          transmissionSig: ctx.get('paypal-transmission-sig') || undefined,
          transmissionTime: ctx.get('paypal-transmission-time') || undefined,
        },
        json,
      );
    } catch (error) {
      ctx.state.log.warn({ err: error }, 'PayPal webhook could not be verified now');
      throw new AppError(503, 'internal', 'The webhook could not be verified now. Deliver it again later.');
    }
    if (!genuine) throw UnauthorizedError('The webhook signature does not hold.');

    const type = envelope.data.event_type;
    if (isPayPalEventType(type)) {
      const resource = paypalEventResources[type].safeParse(envelope.data.resource);
      if (!resource.success) throw invalid(resource.error, 'resource');
      const event = { id: envelope.data.id, type, resource: resource.data } as PayPalEvent;
      await inTransaction({ db: services.database.db, quizCache: services.quizCache }, (tx, hooks) =>
        paypalEventApplier(tx, completionDeps(services, hooks), event),
      );
    } else {
      ctx.state.log.info({ type }, 'PayPal webhook type not used: acknowledged');
    }
    ctx.status = 200;
    ctx.body = { data: { received: true } };
  });
  return router;
}

function invalid(error: z.ZodError, prefix?: string): AppError {
  const issue = error.issues[0]!;
  const field = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
  return ValidationError(field ? issue.message : 'Webhook body must be a JSON object', field || undefined);
}
