import { eq, sql } from 'drizzle-orm';
import { feedbackResponseExportColumns, feelingTypeLabels, feelingTypes } from '@quizlead/shared/engagement.ts';
import type { ExportQuery } from '../../lib/exports/exportQuery.ts';
import type { FeedbackRow } from '../../policies/feedback.ts';
import type { Db } from '../client.ts';
import { feedbackResponses } from '../schema/index.ts';
import { scoped } from '../scope.ts';

type FeedbackRef = Pick<FeedbackRow, 'id' | 'accountId'>;

/** Written out in full: in a one-table select drizzle leaves columns unqualified. */
export const feedbackResponseTotal = sql<number>`(select count(*)::int from "feedback_responses" as "r" where "r"."feedback_id" = "feedbacks"."id")`;

/** The item's submissions (tenant-scoped). */
export const feedbackResponsesOf = (feedback: FeedbackRef) =>
  scoped(feedbackResponses, feedback.accountId, eq(feedbackResponses.feedbackId, feedback.id));

export async function feedbackResponseCount(db: Db, feedback: FeedbackRef): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(feedbackResponses)
    .where(feedbackResponsesOf(feedback));
  return row?.total ?? 0;
}

/** The columns of the submissions table. */
export const feedbackResponseFields = {
  id: feedbackResponses.id,
  feelingType: feedbackResponses.feelingType,
  value: feedbackResponses.value,
  email: feedbackResponses.email,
  createdAt: feedbackResponses.createdAt,
  language: feedbackResponses.language,
};
export type FeedbackResponseRow = {
  id: string;
  feelingType: string;
  value: string;
  email: string | null;
  createdAt: Date;
  language: string | null;
};

/** 'Emotion' for 'emotion'; a type the widget no longer knows stays as stored. */
const feelingTypeLabel = sql`case ${feedbackResponses.feelingType} ${sql.join(
  feelingTypes.map((type) => sql`when ${type} then ${feelingTypeLabels[type]}`),
  sql` `,
)} else ${feedbackResponses.feelingType} end`;

/** Every response, newest first (the export): the feeling type, the value (score), the email and the date. */
export const feedbackResponsesExport = (feedback: FeedbackRef): ExportQuery => ({
  from: feedbackResponses,
  where: feedbackResponsesOf(feedback),
  createdAt: feedbackResponses.createdAt,
  id: feedbackResponses.id,
  columns: [
    { header: feedbackResponseExportColumns.feelingType, value: feelingTypeLabel, kind: 'text', width: 16 },
    { header: feedbackResponseExportColumns.value, value: feedbackResponses.value, kind: 'score', width: 16 },
    { header: feedbackResponseExportColumns.email, value: feedbackResponses.email, kind: 'text', width: 32 },
    { header: feedbackResponseExportColumns.date, value: feedbackResponses.createdAt, kind: 'date', width: 22 },
    { header: feedbackResponseExportColumns.language, value: feedbackResponses.language, kind: 'text', width: 10 },
  ],
});
