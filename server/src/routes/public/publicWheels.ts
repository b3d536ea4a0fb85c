import { eq } from 'drizzle-orm';
import { wheelMessages } from '@quizlead/shared/engagement.ts';
import { ZPublicWheelResponse, ZSpinRequest, ZSpinResponse } from '@quizlead/shared/schemas/wheel.ts';
import { engagementEmail } from '@quizlead/shared/schemas/engagement.ts';
import { wheelSpinner } from '../../commands/wheelSpinner.ts';
import type { Db } from '../../db/client.ts';
import { wheels } from '../../db/schema/index.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { presentPublicWheel } from '../../presenters/wheel.ts';
import { runningExperiment, variantFor } from '../../db/queries/experiments.ts';
import { accountFooter } from '../../db/queries/owner.ts';
import { shopCurrency } from '../../db/queries/wheels.ts';
import { prizeWorth, uniquePrizeOf } from '../../lib/spinPrize.ts';
import type { ApiRouter } from '../apiRouter.ts';
import { ZPublicItemParams } from './schema.ts';
import { widgetLimits } from './widgetLimits.ts';

/** A published wheel by id (public: any account's); `keyShare` keeps it from being deleted under a spin. */
async function findPublishedWheel(db: Db, id: string, options: { keyShare?: boolean } = {}) {
  // tenant-scope: visitors find a wheel by its id, whichever account it is in (only a published one answers)
  const query = db.select().from(wheels).where(eq(wheels.id, id)).limit(1);
  const [wheel] = options.keyShare ? await query.for('key share') : await query;
  if (!wheel || !wheel.published) throw NotFoundError(wheelMessages.unavailable);
  return wheel;
}

export function publicWheelRoutes(api: ApiRouter): void {
  const { limiters } = api.services;
  const limits = widgetLimits(limiters, 'wheel');

  api.route({
    method: 'get',
    path: '/public/wheels/:id',
    summary: 'A published wheel for its page: option texts only (weights and prize codes stay on the server)',
    tags: ['public widgets'],
    access: 'public',
    params: ZPublicItemParams,
    rateLimit: limits,
    responses: { 200: ZPublicWheelResponse, 404: wheelMessages.unavailable },
    handler: async ({ ctx, db, params, services }) => {
      const wheel = await findPublishedWheel(db, params.id);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = {
        data: presentPublicWheel(wheel, await accountFooter(db, wheel.accountId, services.env.SHOPIFY_APP_STORE_URL)),
      };
    },
  });

  api.route({
    method: 'post',
    path: '/public/wheels/:id/spins',
    summary:
      'Spin: the server draws the option (weighted) and the page animates to it. One spin per email unless the wheel allows repeats; the same submissionId gets the same result. A slice with unique Shopify codes gives the visitor one (one per email per wheel), or answers prizePending until one is ready: send the same submissionId again to get it.',
    tags: ['public widgets'],
    access: 'public',
    params: ZPublicItemParams,
    body: ZSpinRequest,
    // Spins also have a tighter limit of their own per address (checked after the widgets' one, as every IP limit comes first).
    rateLimit: [...limits, { limiter: limiters.spinByIp, by: 'ip' }],
    transaction: true,
    responses: {
      201: ZSpinResponse,
      200: 'An earlier spin is the answer: a retried submissionId, or (repeated: true) an email that already spun',
      400: 'email is wrong',
      404: wheelMessages.unavailable,
    },
    handler: async ({ ctx, db, params, body, services }) => {
      const wheel = await findPublishedWheel(db, params.id, { keyShare: true });
      const checked = engagementEmail(body.email, {
        required: wheel.collectEmail,
        requiredMessage: wheelMessages.emailRequired,
        invalidMessage: wheelMessages.emailInvalid,
      });
      if ('error' in checked) throw ValidationError(checked.error, 'email');
      const experiment = await runningExperiment(db, { kind: 'wheel', id: wheel.id, accountId: wheel.accountId });
      // A visitor without a lasting id (storage blocked) is kept in one variant by their email, else by the spin.
      const visitor = body.visitorId ?? checked.email?.toLowerCase() ?? body.submissionId;
      const { spin, created, repeated, prizePending, prizeExpiresAt } = await wheelSpinner({
        db,
        wheel,
        submissionId: body.submissionId,
        email: checked.email,
        // A phone only where the wheel asks for one, with the email; SMS consent only with the phone.
        phone: wheel.askPhone && checked.email && body.phone ? { phone: body.phone, smsConsent: body.smsConsent } : null,
        queue: services.queue,
        language: body.language,
        emailResult: body.emailResult,
        test: variantFor(experiment, visitor),
      });
      ctx.status = created ? 201 : 200;
      ctx.body = {
        data: {
          optionIndex: spin.optionIndex,
          result: spin.result,
          prizeCode: spin.prizeCode,
          prizePending,
          prizeExpiresAt: prizeExpiresAt?.toISOString() ?? null,
          repeated,
          prizeValue: uniquePrizeOf(wheel, spin) ? prizeWorth(wheel, spin, await shopCurrency(db, wheel.accountId)) : null,
        },
      };
    },
  });
}
