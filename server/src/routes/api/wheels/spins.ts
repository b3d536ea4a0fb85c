import { widgetLimits } from '@quizlead/shared/engagement.ts';
import { ZWheelSpinsResponse } from '@quizlead/shared/schemas/wheel.ts';
import { ZExportQuery, ZPageQuery } from '@quizlead/shared/schemas/widgets.ts';
import { wheelSpinsExport, wheelSpinsPage } from '../../../db/queries/wheels.ts';
import { sendExport } from '../../../lib/exports/spreadsheetExport.ts';
import { findOwnWheel } from '../../../policies/wheel.ts';
import { presentWheelSpin } from '../../../presenters/wheel.ts';
import type { ApiRouter } from '../../apiRouter.ts';
import { ZWheelParams } from './schema.ts';

export function wheelSpinRoutes(api: ApiRouter): void {
  api.route({
    method: 'get',
    path: '/wheels/:id/spins',
    summary: 'A wheel’s spins, newest first: the player’s email, the result (and prize code) and the date',
    tags: ['wheels'],
    access: 'owner',
    can: 'report.read',
    params: ZWheelParams,
    query: ZPageQuery,
    responses: { 200: ZWheelSpinsResponse, 404: 'No such wheel in this account' },
    handler: async ({ ctx, db, auth, params, query }) => {
      const wheel = await findOwnWheel(db, auth, params.id);
      const pageSize = widgetLimits.submissionsPageSize;
      const { items, total } = await wheelSpinsPage(db, wheel, query.page, pageSize);
      ctx.body = { data: { items: items.map(presentWheelSpin), total, page: query.page, pageSize } };
    },
  });

  api.route({
    method: 'get',
    path: '/wheels/:id/spins/export',
    summary: 'Download the spins as .xlsx or .csv (Player Email, Spin Result, Date of Spin, Prize Code), streamed',
    tags: ['wheels'],
    access: 'owner',
    can: 'report.export',
    params: ZWheelParams,
    query: ZExportQuery,
    responses: { 200: 'The spreadsheet (attachment)', 404: 'No such wheel in this account' },
    handler: async ({ ctx, db, auth, params, query, services }) => {
      const wheel = await findOwnWheel(db, auth, params.id);
      await sendExport(ctx, services.database, {
        format: query.format,
        filename: `${wheel.slug || 'wheel'}-spins`,
        sheetName: 'Spins',
        query: wheelSpinsExport(wheel),
      });
    },
  });
}
