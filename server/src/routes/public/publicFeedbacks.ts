import { eq } from 'drizzle-orm';
import { feedbackMessages, isFeelingValue } from '@quizlead/shared/engagement.ts';
import { ZFeedbackSubmission, ZFeedbackSubmissionResponse, ZPublicFeedbackResponse } from '@quizlead/shared/schemas/feedback.ts';
import { engagementEmail } from '@quizlead/shared/schemas/engagement.ts';
import type { Db } from '../../db/client.ts';
import { feedbacks } from '../../db/schema/index.ts';
import { feedbackResponseRecorder } from '../../commands/feedbackResponseRecorder.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { presentPublicFeedback } from '../../presenters/feedback.ts';
import { accountFooter } from '../../db/queries/owner.ts';
import type { ApiRouter } from '../apiRouter.ts';
import { ZPublicItemParams } from './schema.ts';
import { widgetLimits } from './widgetLimits.ts';

/** A web response by id (public: any account's); `keyShare` keeps it from being deleted under a response. */
async function findPublicFeedback(db: Db, id: string, options: { keyShare?: boolean } = {}) {
  // tenant-scope: visitors find a web response by its id, whichever account it is in
  const query = db.select().from(feedbacks).where(eq(feedbacks.id, id)).limit(1);
  const [feedback] = options.keyShare ? await query.for('key share') : await query;
  if (!feedback) throw NotFoundError();
  return feedback;
}

export function publicFeedbackRoutes(api: ApiRouter): void {
  const limits = widgetLimits(api.services.limiters, 'feedback');

  api.route({
    method: 'get',
    path: '/public/feedbacks/:id',
    summary: 'A web response for its widget, with the values a visitor can pick',
    tags: ['public widgets'],
    access: 'public',
    params: ZPublicItemParams,
    rateLimit: limits,
    responses: { 200: ZPublicFeedbackResponse, 404: 'No such web response' },
    handler: async ({ ctx, db, params, services }) => {
      const feedback = await findPublicFeedback(db, params.id);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = {
        data: presentPublicFeedback(feedback, await accountFooter(db, feedback.accountId, services.env.SHOPIFY_APP_STORE_URL)),
      };
    },
  });

  api.route({
    method: 'post',
    path: '/public/feedbacks/:id/responses',
    summary: `Send a feedback value; answers '${feedbackMessages.thanks}'. The same submissionId is stored once.`,
    tags: ['public widgets'],
    access: 'public',
    params: ZPublicItemParams,
    body: ZFeedbackSubmission,
    rateLimit: limits,
    transaction: true,
    responses: {
      201: ZFeedbackSubmissionResponse,
      200: 'The submission was already stored: same answer',
      400: 'value or email is wrong',
      404: 'No such web response',
    },
    handler: async ({ ctx, db, params, body, services }) => {
      const feedback = await findPublicFeedback(db, params.id, { keyShare: true });
      if (!isFeelingValue(feedback.feelingType, body.value)) throw ValidationError(feedbackMessages.valueRequired, 'value');
      const checked = engagementEmail(body.email, {
        required: feedback.collectEmail,
        requiredMessage: feedbackMessages.emailRequired,
        invalidMessage: feedbackMessages.emailInvalid,
      });
      if ('error' in checked) throw ValidationError(checked.error, 'email');
      const { created } = await feedbackResponseRecorder({
        db,
        queue: services.queue,
        feedback,
        submissionId: body.submissionId,
        value: body.value,
        email: checked.email,
        language: body.language,
      });
      ctx.status = created ? 201 : 200;
      ctx.body = { data: { message: feedbackMessages.thanks } };
    },
  });
}
