import Router from '@koa/router';
import type { Next } from 'koa';
import {
  ZPostPurchaseAnswerRequest,
  ZPostPurchaseSurveyQuery,
  postPurchaseMessages,
} from '@quizlead/shared/schemas/postPurchase.ts';
import type { AppContext, AppState, Services } from '../../context.ts';
import { findInstalledShop } from '../../commands/shopInstaller.ts';
import { postPurchaseAnswerRecorder } from '../../commands/postPurchaseAnswerRecorder.ts';
import { numericOrderId } from '../../commands/shopOrderRecorder.ts';
import { AppError, UnauthorizedError, ValidationError } from '../../errors.ts';
import { verifyExtensionSessionToken } from '../../integrations/shopify/sessionToken.ts';
import { rejectUnsafeText } from '../../lib/unsafeText.ts';
import { visitorTranslator } from '../../lib/visitorLanguage.ts';
import { alreadyAnswered, askableItem, findPostPurchaseSurvey, orderMatches, readAnswer } from '../../policies/postPurchase.ts';
import { presentPostPurchaseSurvey, surveyLanguage } from '../../presenters/postPurchaseSurvey.ts';
import { parse } from '../apiRouter.ts';

/** Where the thank-you and order status extensions call (the contract of issue 36). */
export const postPurchasePaths = {
  survey: '/extensions/post-purchase/survey',
  answers: '/extensions/post-purchase/answers',
} as const;

/**
 * Every answer of these routes, the preflight and the errors included: the extensions run in a web
 * worker whose origin is null or may change (reference E, "CORS"), so any origin may read them; no
 * cookie is ever involved, the session token is the credential.
 */
const corsHeaders: readonly (readonly [string, string])[] = [
  ['Access-Control-Allow-Origin', '*'],
  ['Access-Control-Allow-Headers', 'Authorization, Content-Type'],
];
const preflightHeaders: readonly (readonly [string, string])[] = [
  ['Access-Control-Allow-Methods', 'GET, POST, OPTIONS'],
  ['Access-Control-Max-Age', '86400'],
];

const extensionPrefix = '/extensions/post-purchase/';

/**
 * The CORS headers on every answer under /extensions/post-purchase/, mounted before the body parser so a
 * body it refuses (400) carries them too; the preflight is answered here (204).
 */
export const postPurchaseCors = () => async (ctx: AppContext, next: Next) => {
  if (!ctx.path.startsWith(extensionPrefix)) return next();
  for (const [name, value] of corsHeaders) ctx.set(name, value);
  ctx.set('Cache-Control', 'no-store');
  if (ctx.method === 'OPTIONS') {
    for (const [name, value] of preflightHeaders) ctx.set(name, value);
    ctx.status = 204;
    return;
  }
  await next();
};

/**
 * The shop and buyer a request comes from: its session token verified as Shopify mints extension tokens
 * (verifyExtensionSessionToken), for a shop that has the app installed. Anything else is a 401, the same
 * for every reason (no token, bad signature, wrong audience, expired, unknown or uninstalled shop).
 */
async function extensionCaller(ctx: AppContext, services: Services) {
  const token = /^Bearer (\S+)$/i.exec(ctx.get('authorization'))?.[1];
  if (!token || !services.shopify) throw UnauthorizedError();
  const verified = await verifyExtensionSessionToken(services.shopify, token);
  if (!verified) throw UnauthorizedError();
  const installed = await findInstalledShop(services.database.db, services.secrets, verified.shop);
  if (!installed) throw UnauthorizedError();
  return { accountId: installed.accountId, customerId: verified.customerId };
}

/**
 * GET /extensions/post-purchase/survey and POST /extensions/post-purchase/answers: the post-purchase
 * survey's questions and answers for the thank-you page (checkout UI extension) and the order status page
 * (customer account UI extension). The rules are the server's: an order already answered, a customer who
 * answered once (when the survey says so), a disabled survey, an item that cannot take answers, or an order
 * outside the audience or value range gets `{ survey: null }`. An answer is stored once per order. Both
 * take the public widgets' rate limits (per address; an answer also per item), as a vote or response does;
 * polls and web responses have no other plan limit.
 */
export function postPurchaseExtensionRoutes(services: Services): Router<AppState> {
  const router = new Router<AppState>();

  router.get(postPurchasePaths.survey, async (ctx: AppContext) => {
    await services.limiters.widgetByIp.hit(ctx.ip);
    const caller = await extensionCaller(ctx, services);
    rejectUnsafeText(ctx.query);
    const query = parse(ZPostPurchaseSurveyQuery, ctx.query, 'query');
    const orderId = numericOrderId(query.orderId)!;
    const db = services.database.db;
    const survey = await findPostPurchaseSurvey(db, caller.accountId);
    const item =
      survey?.enabled &&
      !(await alreadyAnswered(db, survey, { orderId, customerId: caller.customerId })) &&
      (await orderMatches(db, survey, orderId))
        ? await askableItem(db, survey)
        : undefined;
    if (!item) {
      ctx.body = { survey: null };
      return;
    }
    const { language, t } = await visitorTranslator(
      surveyLanguage(item, { locale: query.locale, acceptLanguage: ctx.get('accept-language') }),
    );
    ctx.body = { survey: presentPostPurchaseSurvey(item, language, t) };
  });

  router.post(postPurchasePaths.answers, async (ctx: AppContext) => {
    await services.limiters.widgetByIp.hit(ctx.ip);
    const caller = await extensionCaller(ctx, services);
    const requestBody = (ctx.request as { body?: unknown }).body;
    rejectUnsafeText(requestBody);
    const body = parse(ZPostPurchaseAnswerRequest, requestBody, 'body');
    const orderId = numericOrderId(body.orderId)!;
    const outcome = await services.database.db.transaction(async (tx) => {
      const survey = await findPostPurchaseSurvey(tx, caller.accountId);
      // An answer for an order answered already changes nothing, whatever the survey has become since.
      if (await alreadyAnswered(tx, { accountId: caller.accountId, oncePerCustomer: false }, { orderId, customerId: null })) {
        return { duplicate: true };
      }
      if (!survey || survey.itemId !== body.surveyId) throw ValidationError(postPurchaseMessages.surveyChanged, 'surveyId');
      // The item's own budget, shared with its public widget's votes or responses (widgetLimits).
      await services.limiters.widgetByItem.hit(`${survey.itemKind}:${survey.itemId}`);
      const item = await askableItem(tx, survey, { lock: true });
      if (!item) throw new AppError(409, 'conflict', postPurchaseMessages.pollClosed);
      const answer = readAnswer(item, body);
      const language = surveyLanguage(item, { acceptLanguage: ctx.get('accept-language') });
      return postPurchaseAnswerRecorder({
        db: tx,
        queue: services.queue,
        accountId: caller.accountId,
        item,
        answer,
        orderId,
        customerId: caller.customerId,
        surface: body.surface,
        language,
      });
    });
    ctx.status = outcome.duplicate ? 200 : 201;
    ctx.body = outcome.duplicate ? { ok: true, duplicate: true } : { ok: true };
  });
  return router;
}
