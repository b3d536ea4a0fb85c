import { desc, eq } from 'drizzle-orm';
import {
  postPurchaseMessages,
  ZPostPurchaseSettingsRequest,
  ZPostPurchaseSettingsResponse,
  type TPostPurchaseSettingsResponse,
} from '@quizlead/shared/schemas/postPurchase.ts';
import { postPurchaseSurveySaver } from '../../../commands/postPurchaseSurveySaver.ts';
import type { Db } from '../../../db/client.ts';
import { feedbacks, polls, shopOrders } from '../../../db/schema/index.ts';
import { scoped } from '../../../db/scope.ts';
import { NotFoundError } from '../../../errors.ts';
import { findPostPurchaseSurvey, type PostPurchaseSurveyRow } from '../../../policies/postPurchase.ts';
import { findOwnShop } from '../../../policies/shop.ts';
import type { ApiRouter } from '../../apiRouter.ts';

/** The polls and web responses the owner can pick, newest first (at most this many of each). */
const pickableLimit = 200;

async function pickableItems(db: Db, accountId: string) {
  const [pollRows, feedbackRows] = await Promise.all([
    db
      .select({ id: polls.id, title: polls.description })
      .from(polls)
      .where(scoped(polls, accountId))
      .orderBy(desc(polls.createdAt))
      .limit(pickableLimit),
    db
      .select({ id: feedbacks.id, title: feedbacks.title })
      .from(feedbacks)
      .where(scoped(feedbacks, accountId))
      .orderBy(desc(feedbacks.createdAt))
      .limit(pickableLimit),
  ]);
  return [
    ...pollRows.map((row) => ({ kind: 'poll' as const, ...row })),
    ...feedbackRows.map((row) => ({ kind: 'feedback' as const, ...row })),
  ];
}

/** The shop's currency, as its latest order reported it; null before the first order reaches the app. */
async function shopCurrency(db: Db, accountId: string) {
  const [order] = await db
    .select({ currency: shopOrders.currency })
    .from(shopOrders)
    .where(scoped(shopOrders, accountId))
    .orderBy(desc(shopOrders.orderedAt))
    .limit(1);
  return order?.currency ?? null;
}

/** The item's title when it is one of the account's polls or web responses, else undefined. */
async function ownItemTitle(db: Db, accountId: string, kind: 'poll' | 'feedback', id: string) {
  if (kind === 'poll') {
    const [poll] = await db
      .select({ title: polls.description })
      .from(polls)
      .where(scoped(polls, accountId, eq(polls.id, id)))
      .limit(1);
    return poll?.title;
  }
  const [feedback] = await db
    .select({ title: feedbacks.title })
    .from(feedbacks)
    .where(scoped(feedbacks, accountId, eq(feedbacks.id, id)))
    .limit(1);
  return feedback?.title;
}

function presentSettings(survey: PostPurchaseSurveyRow, itemTitle: string) {
  return {
    itemKind: survey.itemKind,
    itemId: survey.itemId,
    itemTitle,
    audience: survey.audience,
    minOrderMinor: survey.minOrderMinor,
    maxOrderMinor: survey.maxOrderMinor,
    oncePerCustomer: survey.oncePerCustomer,
    enabled: survey.enabled,
    updatedAt: survey.updatedAt.toISOString(),
  };
}

async function settingsView(db: Db, accountId: string): Promise<TPostPurchaseSettingsResponse['data']> {
  const [survey, items, currency] = await Promise.all([
    findPostPurchaseSurvey(db, accountId),
    pickableItems(db, accountId),
    shopCurrency(db, accountId),
  ]);
  // A deleted item leaves the survey asking nothing: shown as not set, so the owner picks another.
  const title = survey ? await ownItemTitle(db, accountId, survey.itemKind, survey.itemId) : undefined;
  return { survey: survey && title !== undefined ? presentSettings(survey, title) : null, items, currency };
}

/**
 * The shop's post-purchase survey (issue 36), asked on the thank-you and order status pages by the app's
 * extensions: which poll or web response, for which orders. Shopify accounts only (a standalone account
 * gets 404); an item of another account answers 404 like a missing one.
 */
export function postPurchaseSurveyRoutes(api: ApiRouter): void {
  api.route({
    method: 'get',
    path: '/shopify/post-purchase-survey',
    summary: 'The shop’s post-purchase survey (or null), the polls and web responses it can ask, and the shop currency',
    tags: ['shopify'],
    access: 'owner',
    can: 'engagement.read',
    responses: { 200: ZPostPurchaseSettingsResponse, 404: 'Not a Shopify account' },
    handler: async ({ ctx, db, auth }) => {
      await findOwnShop(db, auth);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { data: await settingsView(db, auth.accountId) };
    },
  });

  api.route({
    method: 'put',
    path: '/shopify/post-purchase-survey',
    summary:
      'Save the post-purchase survey: the poll or web response, audience, order value range (minor units), once per customer, on/off',
    tags: ['shopify'],
    access: 'owner',
    can: 'engagement.write',
    body: ZPostPurchaseSettingsRequest,
    transaction: true,
    responses: {
      200: ZPostPurchaseSettingsResponse,
      400: 'A field is wrong (named), or the range is reversed (maxOrderMinor)',
      404: 'Not a Shopify account, or the item is not one of the account’s polls or web responses',
    },
    handler: async ({ ctx, db, auth, body }) => {
      await findOwnShop(db, auth);
      const title = await ownItemTitle(db, auth.accountId, body.itemKind, body.itemId);
      if (title === undefined) throw NotFoundError(postPurchaseMessages.itemNotFound);
      await postPurchaseSurveySaver({ db, accountId: auth.accountId, settings: body });
      ctx.body = { data: await settingsView(db, auth.accountId) };
    },
  });
}
