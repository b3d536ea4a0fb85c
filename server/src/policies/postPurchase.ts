import { and, eq } from 'drizzle-orm';
import { feelingValues } from '@quizlead/shared/engagement.ts';
import { postPurchaseMessages, type TPostPurchaseAnswerRequest } from '@quizlead/shared/schemas/postPurchase.ts';
import type { Db } from '../db/client.ts';
import { feedbacks, polls, postPurchaseAnswers, postPurchaseSurveys, shopOrders } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { ValidationError } from '../errors.ts';
import { isPollClosed } from '../presenters/poll.ts';

export type PostPurchaseSurveyRow = typeof postPurchaseSurveys.$inferSelect;
export type PostPurchaseItem =
  { kind: 'poll'; poll: typeof polls.$inferSelect } | { kind: 'feedback'; feedback: typeof feedbacks.$inferSelect };

/** The account's survey settings, or undefined. */
export async function findPostPurchaseSurvey(db: Db, accountId: string) {
  const [survey] = await db.select().from(postPurchaseSurveys).where(scoped(postPurchaseSurveys, accountId)).limit(1);
  return survey;
}

/**
 * The survey's item when a buyer can answer it: a poll that is published and not closed, or a web
 * response; of the account, else undefined. `lock` takes a share lock (the answer records a vote under it,
 * as the public vote route does).
 */
export async function askableItem(
  db: Db,
  survey: Pick<PostPurchaseSurveyRow, 'accountId' | 'itemKind' | 'itemId'>,
  options: { lock?: boolean } = {},
): Promise<PostPurchaseItem | undefined> {
  if (survey.itemKind === 'poll') {
    const query = db
      .select()
      .from(polls)
      .where(scoped(polls, survey.accountId, eq(polls.id, survey.itemId)))
      .limit(1);
    const [poll] = options.lock ? await query.for('share') : await query;
    return poll && poll.published && !isPollClosed(poll) ? { kind: 'poll', poll } : undefined;
  }
  const query = db
    .select()
    .from(feedbacks)
    .where(scoped(feedbacks, survey.accountId, eq(feedbacks.id, survey.itemId)))
    .limit(1);
  const [feedback] = options.lock ? await query.for('key share') : await query;
  return feedback ? { kind: 'feedback', feedback } : undefined;
}

/** Whether this order (or, once per customer, this customer) has answered the account's survey already. */
export async function alreadyAnswered(
  db: Db,
  survey: Pick<PostPurchaseSurveyRow, 'accountId' | 'oncePerCustomer'>,
  order: { orderId: string; customerId: string | null },
): Promise<boolean> {
  const [byOrder] = await db
    .select({ id: postPurchaseAnswers.id })
    .from(postPurchaseAnswers)
    .where(scoped(postPurchaseAnswers, survey.accountId, eq(postPurchaseAnswers.orderId, order.orderId)))
    .limit(1);
  if (byOrder) return true;
  if (!survey.oncePerCustomer || order.customerId === null) return false;
  const [byCustomer] = await db
    .select({ id: postPurchaseAnswers.id })
    .from(postPurchaseAnswers)
    .where(scoped(postPurchaseAnswers, survey.accountId, and(eq(postPurchaseAnswers.customerId, order.customerId))))
    .limit(1);
  return Boolean(byCustomer);
}

/**
 * Whether the order is one the survey asks, from the order's facts (shop_orders, written by orders/create
 * and orders/paid). A fact the app does not have yet (the webhook comes after the thank-you page, or the
 * payload did not tell) keeps the order out of any rule that needs it: a survey for new or returning
 * customers, or with an order value range, asks only orders it knows; a survey for everyone with no range
 * asks any order.
 */
export async function orderMatches(
  db: Db,
  survey: Pick<PostPurchaseSurveyRow, 'accountId' | 'audience' | 'minOrderMinor' | 'maxOrderMinor'>,
  orderId: string,
): Promise<boolean> {
  const needsFacts = survey.audience !== 'all' || survey.minOrderMinor !== null || survey.maxOrderMinor !== null;
  if (!needsFacts) return true;
  const [order] = await db
    .select({ totalMinor: shopOrders.totalMinor, firstOrder: shopOrders.firstOrder })
    .from(shopOrders)
    .where(scoped(shopOrders, survey.accountId, eq(shopOrders.orderId, orderId)))
    .limit(1);
  if (!order) return false;
  if (survey.audience === 'new' && order.firstOrder !== true) return false;
  if (survey.audience === 'returning' && order.firstOrder !== false) return false;
  if (survey.minOrderMinor !== null && order.totalMinor < survey.minOrderMinor) return false;
  if (survey.maxOrderMinor !== null && order.totalMinor > survey.maxOrderMinor) return false;
  return true;
}

/** A poll option that takes the buyer's own words: one named "Other" (as "Other", "Other:", "Other (please say)"). */
export const otherOptionIndex = (options: readonly string[]) => options.findIndex((option) => /^\s*other\b/i.test(option));

/** The feedback feeling types a buyer rates on a scale (1 to 5) rather than picks from choices. */
export const ratedFeelings: ReadonlySet<string> = new Set(['star', 'scale']);

/** What a buyer's answer means for the item, checked: stored as the answer row and as the item's own submission. */
export type ReadAnswer =
  | { kind: 'poll'; option: number; key: string; label: string; otherText: string | null; rating: null }
  | { kind: 'feedback'; value: string; key: string; label: string; otherText: null; rating: number | null };

/** Reads the answer against the item, or throws a 400 naming the field. */
export function readAnswer(item: PostPurchaseItem, body: TPostPurchaseAnswerRequest): ReadAnswer {
  if (item.kind === 'poll') {
    const { options } = item.poll;
    if (body.choiceId === undefined) throw ValidationError(postPurchaseMessages.choiceRequired, 'choiceId');
    const option = /^\d{1,2}$/.test(body.choiceId) ? Number(body.choiceId) : -1;
    if (option < 0 || option >= options.length) throw ValidationError(postPurchaseMessages.choiceInvalid, 'choiceId');
    const other = option === otherOptionIndex(options);
    if (body.otherText !== undefined && !other) throw ValidationError(postPurchaseMessages.otherTextOnlyForOther, 'otherText');
    return {
      kind: 'poll',
      option,
      key: other ? 'other' : String(option),
      label: options[option]!,
      otherText: other ? (body.otherText ?? null) : null,
      rating: null,
    };
  }
  const { feelingType } = item.feedback;
  const values = feelingValues[feelingType] as readonly string[];
  if (body.otherText !== undefined) throw ValidationError(postPurchaseMessages.otherTextOnlyForOther, 'otherText');
  if (ratedFeelings.has(feelingType)) {
    if (body.rating === undefined) throw ValidationError(postPurchaseMessages.ratingRequired, 'rating');
    if (body.rating > values.length) throw ValidationError(postPurchaseMessages.ratingInvalid, 'rating');
    const value = values[body.rating - 1]!;
    return { kind: 'feedback', value, key: `rating:${body.rating}`, label: value, otherText: null, rating: body.rating };
  }
  if (body.choiceId === undefined) throw ValidationError(postPurchaseMessages.choiceRequired, 'choiceId');
  if (!values.includes(body.choiceId)) throw ValidationError(postPurchaseMessages.choiceInvalid, 'choiceId');
  return { kind: 'feedback', value: body.choiceId, key: body.choiceId, label: body.choiceId, otherText: null, rating: null };
}
