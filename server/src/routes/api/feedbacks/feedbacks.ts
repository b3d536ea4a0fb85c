import { feedbackMessages } from '@quizlead/shared/engagement.ts';
import type { TEngagementBody } from '@quizlead/shared/schemas/engagementKinds.ts';
import { slugify } from '@quizlead/shared/slug.ts';
import {
  feedbackResponseCount,
  feedbackResponseFields,
  feedbackResponsesExport,
  feedbackResponsesOf,
  feedbackResponseTotal,
  type FeedbackResponseRow,
} from '../../../db/queries/feedbacks.ts';
import { feedbackResponses, feedbacks } from '../../../db/schema/index.ts';
import { findOwnFeedback, type FeedbackRow } from '../../../policies/feedback.ts';
import { presentFeedback, presentFeedbackResponse, presentFeedbackRow } from '../../../presenters/feedback.ts';
import type { ApiRouter } from '../../apiRouter.ts';
import { engagementRoutes, type EngagementApi } from '../engagement/engagementRoutes.ts';

const feedbackColumns = (body: TEngagementBody<'feedback'>) => ({
  title: body.title,
  feelingType: body.feelingType,
  question: body.question,
  customColor: body.customColor,
  collectEmail: body.collectEmail,
  metaPixelId: body.metaPixelId,
  tiktokPixelId: body.tiktokPixelId,
});

/** Web responses (feedback widgets): a question with a row of feelings to pick from. */
export const feedbackKind: EngagementApi<'feedback', FeedbackRow, FeedbackResponseRow> = {
  kind: 'feedback',
  tag: 'web responses',
  noun: 'web response',
  table: feedbacks,
  summaries: {
    list: 'The account’s web responses, newest first; `total` is the list’s “{n} Total”',
    create: 'Create a web response (feedback widget)',
    get: 'A web response with its number of responses',
    update: `Save a web response (the UI then shows '${feedbackMessages.updated}')`,
    delete: 'Delete a web response and its responses',
  },
  find: findOwnFeedback,
  present: async (db, feedback) => presentFeedback(feedback, await feedbackResponseCount(db, feedback)),
  presentRow: presentFeedbackRow,
  submissionTotal: feedbackResponseTotal,
  columns: (_write, body) => feedbackColumns(body),
  deleted: feedbackMessages.deleted,
  submissions: {
    summary: 'A web response’s responses, newest first: feeling type, value (score), email and date',
    exportSummary:
      'Download the responses as .xlsx or .csv (Feedback Type, Feedback Score, Email, Date of feedback send), streamed',
    table: feedbackResponses,
    of: feedbackResponsesOf,
    fields: feedbackResponseFields,
    present: (_feedback, response) => presentFeedbackResponse(response),
    export: (feedback) => ({
      filename: `${slugify(feedback.title) || 'web-response'}-responses`,
      sheetName: 'Responses',
      query: feedbackResponsesExport(feedback),
    }),
  },
};

export function feedbackRoutes(api: ApiRouter): void {
  engagementRoutes(api, feedbackKind);
}
