import { and, eq } from 'drizzle-orm';
import { playMessages, ZPublicQuizResponse, ZStartPlayResponse } from '@quizlead/shared/schemas/play.ts';
import type { AppContext, Services } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { loadQuestions } from '../../db/queries/quizzes.ts';
import { accounts, plays, quizzes } from '../../db/schema/index.ts';
import { NotFoundError } from '../../errors.ts';
import { signPlayToken } from '../../lib/playToken.ts';
import { resolveSessionAuth } from '../../middlewares/authenticate.ts';
import { presentPublicQuiz } from '../../presenters/publicQuiz.ts';
import type { ApiRouter } from '../apiRouter.ts';
import { ZPreviewQuery, ZPublicQuizParams, ZStartPlayBody } from './schema.ts';

export type PlayableQuiz = NonNullable<Awaited<ReturnType<typeof loadPlayableQuiz>>>;

/** A quiz with what playing it needs; `published` limits it to what visitors may see. */
export async function loadPlayableQuiz(db: Db, quizId: string, options: { published: boolean }) {
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
      if (!preview) services.stats.count(quiz.quiz.id, quiz.accountId, { views: 1 });
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
    responses: { 201: ZStartPlayResponse, 404: playMessages.notFound },
    handler: async ({ ctx, db, params, body, services, afterCommit }) => {
      const quiz = await findPlayableQuiz(ctx, services, params.id, body.preview);
      const place = services.geo.locate(ctx.ip, ctx.headers);
      const inserted = await db
        .insert(plays)
        .values({
          quizId: quiz.quiz.id,
          id: body.playId,
          accountId: quiz.accountId,
          preview: body.preview,
          userAgent: ctx.get('user-agent').slice(0, 400),
          ...place,
        })
        .onConflictDoNothing()
        .returning({ id: plays.id });
      if (inserted.length > 0 && !body.preview) {
        afterCommit(async () => services.stats.count(quiz.quiz.id, quiz.accountId, { starts: 1 }));
      }
      const playToken = await signPlayToken(playTokenSecret(services), { playId: body.playId, quizId: quiz.quiz.id });
      ctx.status = 201;
      ctx.body = { data: { playId: body.playId, playToken } };
    },
  });
}
