import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PostPurchaseSurface } from '@quizlead/shared/schemas/postPurchase.ts';
import type { VisitorLanguage } from '@quizlead/shared/i18n/languages.ts';
import type { Db } from '../db/client.ts';
import { postPurchaseAnswers } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { PostPurchaseItem, ReadAnswer } from '../policies/postPurchase.ts';
import { feedbackResponseRecorder } from './feedbackResponseRecorder.ts';
import { pollVoteRecorder } from './pollVoteRecorder.ts';

/**
 * Records a buyer's post-purchase answer, in the caller's transaction: the answer row for the order
 * (unique per account and order, so a second answer for the same order stores nothing and answers
 * `duplicate`), and the same answer as the item's own submission through the commands the public widgets
 * use, a poll vote (pollVoteRecorder) or a web response (feedbackResponseRecorder), so its event,
 * deliveries (CRMs, webhooks, Shopify customers, Flow) and exports follow as for any vote or response.
 * The buyer gives no email here: the submission has none, and the customer is known by the session
 * token's `sub` only, kept on the answer row and on the event (`shopifyCustomerId`), so the Shopify
 * customers destination tags that customer and writes the answer to their metafields, and Flow's trigger
 * names them. The caller holds the item's share lock.
 */
export async function postPurchaseAnswerRecorder(props: {
  db: Db;
  queue: JobQueue;
  accountId: string;
  item: PostPurchaseItem;
  answer: ReadAnswer;
  /** Shopify's numeric order id. */
  orderId: string;
  /** The buyer's customer gid, when the token named one. */
  customerId: string | null;
  surface: PostPurchaseSurface;
  language: VisitorLanguage | null;
}): Promise<{ duplicate: boolean }> {
  const { db, item, answer } = props;
  const submissionId = randomUUID();
  const [stored] = await db
    .insert(postPurchaseAnswers)
    .values({
      accountId: props.accountId,
      itemKind: item.kind,
      itemId: item.kind === 'poll' ? item.poll.id : item.feedback.id,
      orderId: props.orderId,
      customerId: props.customerId,
      surface: props.surface,
      answerKey: answer.key,
      answerLabel: answer.label,
      otherText: answer.otherText,
      rating: answer.rating,
      submissionId,
    })
    .onConflictDoNothing({ target: [postPurchaseAnswers.accountId, postPurchaseAnswers.orderId] })
    .returning({ id: postPurchaseAnswers.id });
  if (!stored) return { duplicate: true };

  if (item.kind === 'poll' && answer.kind === 'poll') {
    const vote = await pollVoteRecorder({
      db,
      poll: item.poll,
      submissionId,
      option: answer.option,
      email: null,
      queue: props.queue,
      language: props.language,
      shopifyCustomerId: props.customerId,
    });
    // A fresh submission id with no email always counts; anything else is a bug, not the buyer's.
    if (vote.outcome !== 'counted') throw new Error(`post-purchase vote not counted: ${vote.outcome}`);
  } else if (item.kind === 'feedback' && answer.kind === 'feedback') {
    await feedbackResponseRecorder({
      db,
      queue: props.queue,
      feedback: item.feedback,
      submissionId,
      value: answer.value,
      email: null,
      language: props.language,
      shopifyCustomerId: props.customerId,
    });
  } else {
    throw new Error('post-purchase answer does not match its item');
  }
  return { duplicate: false };
}

/** The answer stored for an order (tests and the report read it). */
export async function postPurchaseAnswerOf(db: Db, accountId: string, orderId: string) {
  const [answer] = await db
    .select()
    .from(postPurchaseAnswers)
    .where(scoped(postPurchaseAnswers, accountId, eq(postPurchaseAnswers.orderId, orderId)))
    .limit(1);
  return answer;
}
