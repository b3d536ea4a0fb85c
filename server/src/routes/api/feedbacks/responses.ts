import { widgetLimits } from '@quizlead/shared/engagement.ts';
import { ZFeedbackResponsesResponse } from '@quizlead/shared/schemas/feedback.ts';
import { ZExportQuery, ZPageQuery } from '@quizlead/shared/schemas/widgets.ts';
import { slugify } from '@quizlead/shared/slug.ts';
import { feedbackResponsesExport, feedbackResponsesPage } from '../../../db/queries/feedbacks.ts';
import { sendExport } from '../../../lib/exports/spreadsheetExport.ts';
import { findOwnFeedback } from '../../../policies/feedback.ts';
import { presentFeedbackResponse } from '../../../presenters/feedback.ts';
import type { ApiRouter } from '../../apiRouter.ts';
import { ZFeedbackParams } from './schema.ts';

export function feedbackResponseRoutes(api: ApiRouter): void {
  api.route({
    method: 'get',
    path: '/feedbacks/:id/responses',
    summary: 'A web response’s responses, newest first: feeling type, value (score), email and date',
    tags: ['web responses'],
    access: 'owner',
    can: 'report.read',
    params: ZFeedbackParams,
    query: ZPageQuery,
    responses: { 200: ZFeedbackResponsesResponse, 404: 'No such web response in this account' },
    handler: async ({ ctx, db, auth, params, query }) => {
      const feedback = await findOwnFeedback(db, auth, params.id);
      const pageSize = widgetLimits.submissionsPageSize;
      const { items, total } = await feedbackResponsesPage(db, feedback, query.page, pageSize);
      ctx.body = { data: { items: items.map(presentFeedbackResponse), total, page: query.page, pageSize } };
    },
  });

  api.route({
    method: 'get',
    path: '/feedbacks/:id/responses/export',
    summary: 'Download the responses as .xlsx or .csv (Feedback Type, Feedback Score, Email, Date of feedback send), streamed',
    tags: ['web responses'],
    access: 'owner',
    can: 'report.export',
    params: ZFeedbackParams,
    query: ZExportQuery,
    responses: { 200: 'The spreadsheet (attachment)', 404: 'No such web response in this account' },
    handler: async ({ ctx, db, auth, params, query, services }) => {
      const feedback = await findOwnFeedback(db, auth, params.id);
      await sendExport(ctx, services.database, {
        format: query.format,
        filename: `${slugify(feedback.title) || 'web-response'}-responses`,
        sheetName: 'Responses',
        query: feedbackResponsesExport(feedback),
      });
    },
  });
}
