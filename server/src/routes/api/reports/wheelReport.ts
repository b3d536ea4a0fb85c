import { ZWheelReportResponse } from '@quizlead/shared/schemas/reports.ts';
import { itemRevenue, sellsOnShopify, spinsPerSlice } from '../../../db/queries/reports.ts';
import { findOwnWheel } from '../../../policies/wheel.ts';
import type { ApiRouter } from '../../apiRouter.ts';
import { presentWheelRevenue } from './revenue.ts';
import { ZReportWheelParams } from './schema.ts';

export function wheelReportRoutes(api: ApiRouter): void {
  api.route({
    method: 'get',
    path: '/wheels/:id/report',
    summary:
      'A wheel’s report: its spins and (Shopify shops) the orders, revenue, average order value and conversion it brought, per slice',
    tags: ['reports'],
    access: 'owner',
    can: 'report.read',
    params: ZReportWheelParams,
    responses: { 200: ZWheelReportResponse, 404: 'No such wheel in this account' },
    handler: async ({ ctx, db, auth, params }) => {
      const wheel = await findOwnWheel(db, auth, params.id);
      const [spins, shop] = await Promise.all([
        spinsPerSlice(db, wheel.accountId, wheel.id),
        sellsOnShopify(db, wheel.accountId),
      ]);
      const revenue = shop ? presentWheelRevenue(wheel.options, await itemRevenue(db, wheel.accountId, wheel.id), spins) : null;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = {
        data: {
          wheel: { id: wheel.id, description: wheel.description },
          spins: [...spins.values()].reduce((sum, count) => sum + count, 0),
          revenue,
        },
      };
    },
  });
}
