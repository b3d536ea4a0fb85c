import { desc, eq, sql } from 'drizzle-orm';
import { feedbackMessages, widgetLimits } from '@quizlead/shared/engagement.ts';
import { ZMessageResponse } from '@quizlead/shared/schemas/auth.ts';
import {
  ZCreateFeedbackRequest,
  ZFeedbackListResponse,
  ZFeedbackResponse,
  ZUpdateFeedbackRequest,
} from '@quizlead/shared/schemas/feedback.ts';
import { ZPageQuery } from '@quizlead/shared/schemas/widgets.ts';
import type { z } from 'zod';
import { feedbackResponseCount, feedbackResponseTotal } from '../../../db/queries/feedbacks.ts';
import { feedbacks } from '../../../db/schema/index.ts';
import { scoped } from '../../../db/scope.ts';
import { NotFoundError } from '../../../errors.ts';
import { findOwnFeedback } from '../../../policies/feedback.ts';
import { presentFeedback, presentFeedbackRow } from '../../../presenters/feedback.ts';
import type { ApiRouter } from '../../apiRouter.ts';
import { ZFeedbackParams } from './schema.ts';

const feedbackColumns = (body: z.infer<typeof ZCreateFeedbackRequest>) => ({
  title: body.title,
  feelingType: body.feelingType,
  question: body.question,
  customColor: body.customColor,
  collectEmail: body.collectEmail,
});

export function feedbackRoutes(api: ApiRouter): void {
  api.route({
    method: 'get',
    path: '/feedbacks',
    summary: 'The account’s web responses, newest first; `total` is the list’s “{n} Total”',
    tags: ['web responses'],
    access: 'owner',
    can: 'engagement.read',
    query: ZPageQuery,
    responses: { 200: ZFeedbackListResponse },
    handler: async ({ ctx, db, auth, query }) => {
      const pageSize = widgetLimits.listPageSize;
      const where = scoped(feedbacks, auth.accountId);
      const [rows, [counted]] = await Promise.all([
        db
          .select({ feedback: feedbacks, totalResponses: feedbackResponseTotal })
          .from(feedbacks)
          .where(where)
          .orderBy(desc(feedbacks.createdAt), desc(feedbacks.id))
          .limit(pageSize)
          .offset((query.page - 1) * pageSize),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(feedbacks)
          .where(where),
      ]);
      ctx.body = {
        data: {
          items: rows.map((row) => presentFeedbackRow(row.feedback, row.totalResponses)),
          total: counted?.total ?? 0,
          page: query.page,
          pageSize,
        },
      };
    },
  });

  api.route({
    method: 'post',
    path: '/feedbacks',
    summary: 'Create a web response (feedback widget)',
    tags: ['web responses'],
    access: 'owner',
    can: 'engagement.write',
    body: ZCreateFeedbackRequest,
    responses: { 201: ZFeedbackResponse, 400: 'The first field that is wrong' },
    handler: async ({ ctx, db, auth, body }) => {
      const [feedback] = await db
        .insert(feedbacks)
        .values({ accountId: auth.accountId, ...feedbackColumns(body) })
        .returning();
      ctx.status = 201;
      ctx.body = { data: presentFeedback(feedback!, 0) };
    },
  });

  api.route({
    method: 'get',
    path: '/feedbacks/:id',
    summary: 'A web response with its number of responses',
    tags: ['web responses'],
    access: 'owner',
    can: 'engagement.read',
    params: ZFeedbackParams,
    responses: { 200: ZFeedbackResponse, 404: 'No such web response in this account' },
    handler: async ({ ctx, db, auth, params }) => {
      const feedback = await findOwnFeedback(db, auth, params.id);
      ctx.body = { data: presentFeedback(feedback, await feedbackResponseCount(db, feedback)) };
    },
  });

  api.route({
    method: 'put',
    path: '/feedbacks/:id',
    summary: `Save a web response (the UI then shows '${feedbackMessages.updated}')`,
    tags: ['web responses'],
    access: 'owner',
    can: 'engagement.write',
    params: ZFeedbackParams,
    body: ZUpdateFeedbackRequest,
    responses: { 200: ZFeedbackResponse, 400: 'The first field that is wrong', 404: 'No such web response in this account' },
    handler: async ({ ctx, db, auth, params, body }) => {
      const [stored] = await db
        .update(feedbacks)
        .set({ ...feedbackColumns(body), updatedAt: new Date() })
        .where(scoped(feedbacks, auth.accountId, eq(feedbacks.id, params.id)))
        .returning();
      if (!stored) throw NotFoundError();
      ctx.body = { data: presentFeedback(stored, await feedbackResponseCount(db, stored)) };
    },
  });

  api.route({
    method: 'delete',
    path: '/feedbacks/:id',
    summary: 'Delete a web response and its responses',
    tags: ['web responses'],
    access: 'owner',
    can: 'engagement.write',
    params: ZFeedbackParams,
    responses: { 200: ZMessageResponse, 404: 'No such web response in this account' },
    handler: async ({ ctx, db, auth, params }) => {
      const deleted = await db
        .delete(feedbacks)
        .where(scoped(feedbacks, auth.accountId, eq(feedbacks.id, params.id)))
        .returning({ id: feedbacks.id });
      if (deleted.length === 0) throw NotFoundError();
      ctx.body = { data: { message: feedbackMessages.deleted } };
    },
  });
}
