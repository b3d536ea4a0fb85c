import { webVitalLimits, ZAdminWebVitalsResponse } from '@quizlead/shared/schemas/webVitals.ts';
import { webVitalFigures } from '../../../db/queries/webVitals.ts';
import { presentWebVital } from '../../../presenters/webVitals.ts';
import type { ApiRouter } from '../../apiRouter.ts';

/** Platform administrators: the admin's field vitals, p75 per page, shell and metric over 28 days (issue 38). */
export function adminWebVitalRoutes(api: ApiRouter): void {
  api.route({
    method: 'get',
    path: '/admin/web-vitals',
    summary: `Administrators: the admin's web vitals from the field, 75th percentile and samples per page over ${webVitalLimits.windowDays} days`,
    tags: ['admin'],
    access: 'admin',
    responses: { 200: ZAdminWebVitalsResponse },
    handler: async ({ ctx, db }) => {
      const { since, items } = await webVitalFigures(db);
      ctx.body = { data: { windowDays: webVitalLimits.windowDays, since, items: items.map(presentWebVital) } };
    },
  });
}
