import type { Db } from '../db/client.ts';
import { feedbackResponses, type feedbacks } from '../db/schema/index.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { feedbackAnswers } from '../lib/leadAnswers.ts';
import { eventRecorder } from './eventRecorder.ts';
import { widgetVisitor } from './widgetEvents.ts';

/**
 * Stores a visitor's web response once per submission id (a retry inserts nothing) and, for a new
 * one, records its `feedback.sent` event in the same transaction. Answers whether it was new.
 */
export async function feedbackResponseRecorder(props: {
  db: Db;
  queue: JobQueue;
  feedback: typeof feedbacks.$inferSelect;
  submissionId: string;
  value: string;
  email: string | null;
  /** The language the visitor was shown, when their browser sent it. */
  language?: string | null;
  /** The shop's customer gid who answered, when Shopify named them (the post-purchase survey). */
  shopifyCustomerId?: string | null;
}): Promise<{ created: boolean }> {
  const { db, feedback } = props;
  const [inserted] = await db
    .insert(feedbackResponses)
    .values({
      feedbackId: feedback.id,
      id: props.submissionId,
      accountId: feedback.accountId,
      feelingType: feedback.feelingType,
      value: props.value,
      email: props.email,
      language: props.language ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: feedbackResponses.id, createdAt: feedbackResponses.createdAt });
  if (!inserted) return { created: false };
  await eventRecorder({
    db,
    queue: props.queue,
    event: {
      type: 'feedback.sent',
      version: 1,
      occurredAt: inserted.createdAt.toISOString(),
      accountId: feedback.accountId,
      item: { tool: 'feedback', id: feedback.id, title: feedback.title },
      answers: feedbackAnswers(feedback.question || feedback.title, props.value),
      responseId: inserted.id,
      rating: { value: props.value },
      ...widgetVisitor(props.email),
      ...(props.shopifyCustomerId ? { shopifyCustomerId: props.shopifyCustomerId } : {}),
    },
  });
  return { created: true };
}
