import { desc, eq, sql } from 'drizzle-orm';
import { cursorOf, keysetPages, olderThan } from '../../lib/exports/keysetPages.ts';
import type { FeedbackRow } from '../../policies/feedback.ts';
import type { Db } from '../client.ts';
import { feedbackResponses } from '../schema/index.ts';
import { scoped } from '../scope.ts';

type FeedbackRef = Pick<FeedbackRow, 'id' | 'accountId'>;

/** Written out in full: in a one-table select drizzle leaves columns unqualified. */
export const feedbackResponseTotal = sql<number>`(select count(*)::int from "feedback_responses" as "r" where "r"."feedback_id" = "feedbacks"."id")`;

const ofFeedback = (feedback: FeedbackRef) =>
  scoped(feedbackResponses, feedback.accountId, eq(feedbackResponses.feedbackId, feedback.id));

export async function feedbackResponseCount(db: Db, feedback: FeedbackRef): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(feedbackResponses)
    .where(ofFeedback(feedback));
  return row?.total ?? 0;
}

const responseFields = {
  id: feedbackResponses.id,
  feelingType: feedbackResponses.feelingType,
  value: feedbackResponses.value,
  email: feedbackResponses.email,
  createdAt: feedbackResponses.createdAt,
  cursor: cursorOf(feedbackResponses.createdAt),
};
export type FeedbackResponseRow = {
  id: string;
  feelingType: string;
  value: string;
  email: string | null;
  createdAt: Date;
  cursor: string;
};

/** One page of the responses table, newest first. */
export async function feedbackResponsesPage(db: Db, feedback: FeedbackRef, page: number, pageSize: number) {
  const [items, total] = await Promise.all([
    db
      .select(responseFields)
      .from(feedbackResponses)
      .where(ofFeedback(feedback))
      .orderBy(desc(feedbackResponses.createdAt), desc(feedbackResponses.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    feedbackResponseCount(db, feedback),
  ]);
  return { items, total };
}

/** Every response, newest first, a page at a time (exports). */
export const allFeedbackResponses = (db: Db, feedback: FeedbackRef) =>
  keysetPages<FeedbackResponseRow>((after, limit) =>
    db
      .select(responseFields)
      .from(feedbackResponses)
      .where(
        scoped(
          feedbackResponses,
          feedback.accountId,
          eq(feedbackResponses.feedbackId, feedback.id),
          olderThan(feedbackResponses.createdAt, feedbackResponses.id, after),
        ),
      )
      .orderBy(desc(feedbackResponses.createdAt), desc(feedbackResponses.id))
      .limit(limit),
  );
