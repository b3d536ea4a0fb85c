import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  playMessages,
  ZAnswersRequest,
  ZLeadRequest,
  ZPlayOutcomeResponse,
  type TPlayOutcome,
} from '@quizlead/shared/schemas/play.ts';
import type { TQuestion } from '@quizlead/shared/schemas/quiz.ts';
import { ZProductMarketQuery, type TProductMarket } from '@quizlead/shared/schemas/products.ts';
import { ZProgressRequest } from '@quizlead/shared/schemas/reports.ts';
import type { AppContext, Services } from '../../context.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { UnauthorizedError, ValidationError } from '../../errors.ts';
import { verifyPlayToken } from '../../lib/playToken.ts';
import { playAnswersRecorder } from '../../commands/playAnswersRecorder.ts';
import { playLeadRecorder } from '../../commands/playLeadRecorder.ts';
import type { ApiRouter } from '../apiRouter.ts';
import { findQuizOfPlay, playTokenSecret } from './publicQuizzes.ts';
import { ZPlayParams } from './schema.ts';

/** The play the bearer token names; a token for another play, or none, is refused. */
async function authorizedPlay(ctx: AppContext, services: Services, playId: string) {
  const token = /^Bearer (.+)$/i.exec(ctx.get('authorization'))?.[1];
  const claims = token ? await verifyPlayToken(playTokenSecret(services), token) : undefined;
  if (!claims || claims.playId !== playId) throw UnauthorizedError(playMessages.playTokenInvalid);
  return claims;
}

/** Answers must name the quiz's questions and answers and respect each question's number of picks. */
function checkedAnswers(answers: Record<string, string[]>, questions: readonly TQuestion[], picksNeeded: Map<string, number>) {
  const byId = new Map(questions.map((question) => [question.id, question]));
  for (const [questionId, picks] of Object.entries(answers)) {
    const question = byId.get(questionId);
    if (!question) throw ValidationError(playMessages.unknownQuestion, `answers.${questionId}`);
    const known = new Set(question.answers.map((answer) => answer.id));
    if (picks.some((pick) => !known.has(pick)) || new Set(picks).size !== picks.length) {
      throw ValidationError(playMessages.unknownAnswer, `answers.${questionId}`);
    }
    if (picks.length > (picksNeeded.get(questionId) ?? 1))
      throw ValidationError(playMessages.tooManyPicks, `answers.${questionId}`);
  }
  return answers;
}

/**
 * The outcome with its recommended products as the shopper's market and language sell them (a Shopify
 * quiz asked with `?country=` or `?language=`); read after the step's transaction, from memory when the
 * market is cached, and the synced products whenever the Storefront API cannot say.
 */
async function inMarket(services: Services, accountId: string, outcome: TPlayOutcome, market: TProductMarket) {
  if (outcome.status !== 'completed' || outcome.products.length === 0) return outcome;
  return { ...outcome, products: await services.marketProducts.localized(accountId, market, outcome.products) };
}

/** A play holds at most this many reached questions (a quiz has at most 200). */
const maxReached = 200;

/**
 * The progress event as one statement: the row changes only the first time this play is shown this
 * question, before its answers, so a retried or repeated event (Back, reload) changes nothing; when it
 * changes, the drop-off's deltas commit with it. The question shown before this one counts as
 * answered: the visitor moved on.
 */
// tenant-scope: a visitor's play, named by its signed play token (quiz and play id)
const progressStatement = preparedStatement(
  ['quizId', 'playId', 'questionId', 'maxReached'],
  (value) => sql`
    with moved as (
      update plays set reached = array_append(reached, ${value.questionId}::text)
      where quiz_id = ${value.quizId} and id = ${value.playId} and status = 'started'
        and not (${value.questionId}::text = any(reached)) and cardinality(reached) < ${value.maxReached}
      returning account_id, preview, reached[cardinality(reached) - 1] as previous
    )
    insert into play_stat_deltas (quiz_id, account_id, question_id, reached, answered)
    select ${value.quizId}::uuid, account_id, ${value.questionId}::uuid, 1, 0 from moved where not preview
    union all
    select ${value.quizId}::uuid, account_id, previous::uuid, 0, 1 from moved where not preview and previous is not null`,
);

const ZProgressResponse = z.object({ data: z.object({ ok: z.literal(true) }) });

export function playRoutes(api: ApiRouter): void {
  const { limiters } = api.services;
  const limits = [{ limiter: limiters.publicByIp, by: 'ip' as const }];

  api.route({
    method: 'post',
    path: '/public/plays/:playId/progress',
    summary:
      'The visitor is shown a question (the report’s drop-off); retries and questions already shown count once (Authorization: Bearer <playToken>)',
    tags: ['play'],
    access: 'public',
    params: ZPlayParams,
    body: ZProgressRequest,
    rateLimit: limits,
    responses: {
      200: ZProgressResponse,
      400: 'questionId is not a question of the play’s quiz',
      401: playMessages.playTokenInvalid,
    },
    handler: async ({ ctx, params, body, services }) => {
      const claims = await authorizedPlay(ctx, services, params.playId);
      const quiz = await findQuizOfPlay(ctx, services, claims.quizId, claims.preview);
      const { questionId } = body;
      if (!quiz.questions.some((question) => question.id === questionId)) {
        throw ValidationError(playMessages.unknownQuestion, 'questionId');
      }
      await progressStatement.rows(services.database.db, {
        quizId: claims.quizId,
        playId: params.playId,
        questionId,
        maxReached,
      });
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { data: { ok: true } };
    },
  });

  api.route({
    method: 'post',
    path: '/public/plays/:playId/answers',
    summary: 'Submit the answers; the server computes and stores the result (Authorization: Bearer <playToken>)',
    tags: ['play'],
    access: 'public',
    params: ZPlayParams,
    query: ZProductMarketQuery,
    body: ZAnswersRequest,
    rateLimit: limits,
    responses: { 200: ZPlayOutcomeResponse, 400: 'A field of the answers is wrong', 401: playMessages.playTokenInvalid },
    handler: async ({ ctx, params, query, body, services }) => {
      const claims = await authorizedPlay(ctx, services, params.playId);
      const quiz = await findQuizOfPlay(ctx, services, claims.quizId, claims.preview);
      const picksNeeded = new Map(quiz.public.questions.map((question) => [question.id, question.picksNeeded]));
      const answers = checkedAnswers(body.answers, quiz.questions, picksNeeded);
      const outcome = await playAnswersRecorder({ db: services.database.db, quiz, playId: params.playId, answers });
      ctx.body = { data: await inMarket(services, quiz.accountId, outcome, query) };
    },
  });

  api.route({
    method: 'post',
    path: '/public/plays/:playId/lead',
    summary: 'Leave name and email after the answers; answers with the result (Authorization: Bearer <playToken>)',
    tags: ['play'],
    access: 'public',
    params: ZPlayParams,
    query: ZProductMarketQuery,
    body: ZLeadRequest,
    rateLimit: limits,
    responses: { 200: ZPlayOutcomeResponse, 400: 'A field of the lead is wrong', 409: 'The answers are not in yet' },
    handler: async ({ ctx, params, query, body, services }) => {
      const claims = await authorizedPlay(ctx, services, params.playId);
      // The quiz is loaded before the transaction: PGlite has one connection, and a cache miss
      // must not wait behind the transaction it runs in.
      const quiz = await findQuizOfPlay(ctx, services, claims.quizId, claims.preview);
      const outcome = await services.database.db.transaction((db) =>
        playLeadRecorder({ db, services, quiz, playId: params.playId, lead: body }),
      );
      ctx.body = { data: await inMarket(services, quiz.accountId, outcome, query) };
    },
  });
}
