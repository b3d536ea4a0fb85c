import { ZWebVitalsReport, ZWebVitalsReportResponse, webVitalLimits } from '@quizlead/shared/schemas/webVitals.ts';
import { webVitalsRecorder } from '../../../commands/webVitalsRecorder.ts';
import type { ApiRouter } from '../../apiRouter.ts';

/**
 * The admin's field web vitals (issue 38): each shell reports what the browser measured of its own page
 * loads. Only the shell is taken from the caller (a session token is the Shopify admin, a cookie the
 * standalone one); the account limits the rate and is not stored.
 */
export function webVitalRoutes(api: ApiRouter): void {
  const { limiters } = api.services;

  api.route({
    method: 'post',
    path: '/web-vitals',
    summary: `Reports up to ${webVitalLimits.batchSize} web vitals of one admin page load, by route pattern; stored without who sent them`,
    tags: ['web-vitals'],
    access: 'owner',
    can: 'vitals.report',
    body: ZWebVitalsReport,
    rateLimit: [{ limiter: limiters.webVitalsByAccount, by: (_body, ctx) => ctx.state.auth?.accountId ?? ctx.ip }],
    responses: {
      202: ZWebVitalsReportResponse,
      400: "'Page must be one of the admin’s route patterns.'",
      429: 'Too many reports',
    },
    handler: async ({ ctx, db, auth, body }) => {
      const surface = auth.via === 'bearer' ? 'embedded' : 'standalone';
      const recorded = await webVitalsRecorder({ db }, { surface, samples: body.samples });
      ctx.status = 202;
      ctx.body = { data: { recorded } };
    },
  });
}
