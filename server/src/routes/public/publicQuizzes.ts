import { and, eq, sql } from 'drizzle-orm';
import { playMessages, ZPublicQuizResponse, ZStartPlayResponse } from '@quizlead/shared/schemas/play.ts';
import type { AppContext, Services } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { loadQuestions } from '../../db/queries/quizzes.ts';
import { accounts, quizzes } from '../../db/schema/index.ts';
import { AppError, NotFoundError } from '../../errors.ts';
import { safeEqual, sha256 } from '../../lib/crypto.ts';
import { signPlayToken } from '../../lib/playToken.ts';
import { resolveSessionAuth } from '../../middlewares/authenticate.ts';
import { presentPublicQuiz } from '../../presenters/publicQuiz.ts';
import type { ApiRouter } from '../apiRouter.ts';
import { ZPreviewQuery, ZPublicQuizParams, ZStartPlayBody } from './schema.ts';

export type PlayableQuiz = NonNullable<Awaited<ReturnType<typeof loadPlayableQuiz>>>;

/** A quiz with what playing it needs; `published` limits it to what visitors may see. */
export async function loadPlayableQuiz(db: Db, quizId: string, options: { published: boolean }) {
  // tenant-scope: visitors load a published quiz by its id, whichever account it is in
  const [row] = await db
    .select({ quiz: quizzes, account: accounts })
    .from(quizzes)
    .innerJoin(accounts, eq(accounts.id, quizzes.accountId))
    .where(and(eq(quizzes.id, quizId), options.published ? eq(quizzes.status, 'published') : undefined))
    .limit(1);
  if (!row) return undefined;
  const questions = await loadQuestions(db, quizId);
  return { ...row, accountId: row.quiz.accountId, questions, public: presentPublicQuiz(row.quiz, questions, row.account) };
}

/** The published quiz from the cache; with `preview`, the owner's own quiz in any state, fresh. */
export async function findPlayableQuiz(ctx: AppContext, services: Services, quizId: string, preview: boolean) {
  if (!preview) {
    const cached = await services.quizCache.get(quizId);
    if (!cached) throw NotFoundError(playMessages.notFound);
    return cached;
  }
  const quiz = await loadPlayableQuiz(services.database.db, quizId, { published: false });
  // Templates are a catalogue every owner may try (/previewtemplate); other quizzes only their owner.
  if (quiz?.quiz.isTemplate) return quiz;
  const auth = await resolveSessionAuth(ctx, services);
  if (!quiz || quiz.accountId !== auth?.accountId) throw NotFoundError(playMessages.notFound);
  return quiz;
}

/**
 * The quiz of a play already started: its preview flag was granted at the start, when the owner
 * (or a template) was checked, so the later steps need only the play token.
 */
export async function findQuizOfPlay(ctx: AppContext, services: Services, quizId: string, preview: boolean) {
  if (!preview) return findPlayableQuiz(ctx, services, quizId, false);
  const quiz = await loadPlayableQuiz(services.database.db, quizId, { published: false });
  if (!quiz) throw NotFoundError(playMessages.notFound);
  return quiz;
}

export const playTokenSecret = (services: Services) => `${services.env.SESSION_SECRET}:play`;

export function publicQuizRoutes(api: ApiRouter): void {
  const { limiters } = api.services;
  const limits = [
    { limiter: limiters.publicByIp, by: 'ip' as const },
    { limiter: limiters.publicByQuiz, by: (_body: unknown, ctx: AppContext) => String(ctx.params.id ?? '') },
  ];

  api.route({
    method: 'get',
    path: '/public/quizzes/:id',
    summary: 'A published quiz for the player (preview=1: the signed-in owner’s draft)',
    tags: ['play'],
    access: 'public',
    params: ZPublicQuizParams,
    query: ZPreviewQuery,
    rateLimit: limits,
    responses: { 200: ZPublicQuizResponse, 404: playMessages.notFound },
    handler: async ({ ctx, params, query, services }) => {
      const preview = Boolean(query.preview);
      const quiz = await findPlayableQuiz(ctx, services, params.id, preview);
      if (!preview) services.stats.countView(quiz.quiz.id, quiz.accountId);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { data: quiz.public };
    },
  });

  api.route({
    method: 'post',
    path: '/public/quizzes/:id/plays',
    summary: 'Start a play; the same play id starts it once',
    tags: ['play'],
    access: 'public',
    params: ZPublicQuizParams,
    body: ZStartPlayBody,
    rateLimit: limits,
    responses: { 201: ZStartPlayResponse, 404: playMessages.notFound, 409: playMessages.playTaken },
    handler: async ({ ctx, params, body, services }) => {
      const quiz = await findPlayableQuiz(ctx, services, params.id, body.preview);
      const place = services.geo.locate(ctx.ip, ctx.headers);
      const keyHash = sha256(body.playKey);
      // One statement: the play and its start count commit together. A play id seen before answers
      // with the key its first start stored, so only that browser can start it again.
      // tenant-scope: a visitor starts a play of a published quiz (or a preview the owner check allowed), with the quiz's account
      const result = (await services.database.db.execute(sql`
        with started as (
          insert into plays (quiz_id, id, account_id, preview, start_key_hash, user_agent, country, state, city)
          values (${quiz.quiz.id}, ${body.playId}, ${quiz.accountId}, ${body.preview}, ${keyHash},
            ${ctx.get('user-agent').slice(0, 400)}, ${place.country}, ${place.state}, ${place.city})
          on conflict do nothing
          returning quiz_id, account_id, preview
        ), counted as (
          insert into play_stat_deltas (quiz_id, account_id, starts)
          select quiz_id, account_id, 1 from started where not preview
        )
        select exists (select 1 from started) as "started",
          (select start_key_hash from plays where quiz_id = ${quiz.quiz.id} and id = ${body.playId}) as "keyHash"`)) as unknown as {
        rows: { started: boolean; keyHash: string | null }[];
      };
      const [row] = result.rows;
      if (!row?.started && !(row?.keyHash && safeEqual(row.keyHash, keyHash))) {
        throw new AppError(409, 'conflict', playMessages.playTaken);
      }
      const playToken = await signPlayToken(playTokenSecret(services), { playId: body.playId, quizId: quiz.quiz.id });
      ctx.status = 201;
      ctx.body = { data: { playId: body.playId, playToken } };
    },
  });
}
