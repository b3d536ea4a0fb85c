import { sql } from 'drizzle-orm';
import { playMessages, ZPublicQuizResponse, ZStartPlayResponse } from '@quizlead/shared/schemas/play.ts';
import type { AppContext, Services } from '../../context.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { variantFor } from '../../db/queries/experiments.ts';
import { AppError, NotFoundError } from '../../errors.ts';
import { safeEqual, sha256 } from '../../lib/crypto.ts';
import { signPlayToken } from '../../lib/playToken.ts';
import { resolveSessionAuth } from '../../middlewares/authenticate.ts';
import { readyBytesOf, sendReadyBytes } from '../../lib/readyBytes.ts';
import { loadPlayableQuiz } from '../../lib/playableQuiz.ts';
import type { ApiRouter } from '../apiRouter.ts';
import { ZPreviewQuery, ZPublicQuizParams, ZStartPlayBody } from './schema.ts';

/** The published quiz from the cache; with `preview`, the owner's own quiz in any state, fresh. */
export async function findPlayableQuiz(ctx: AppContext, services: Services, quizId: string, preview: boolean) {
  if (!preview) {
    const cached = await services.quizCache.get(quizId);
    if (!cached) throw NotFoundError(playMessages.notFound);
    return cached;
  }
  const quiz = await loadPlayableQuiz(services.database.db, quizId, {
    published: false,
    appStoreUrl: services.env.SHOPIFY_APP_STORE_URL,
  });
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
  const quiz = await loadPlayableQuiz(services.database.db, quizId, {
    published: false,
    appStoreUrl: services.env.SHOPIFY_APP_STORE_URL,
  });
  if (!quiz) throw NotFoundError(playMessages.notFound);
  return quiz;
}

/**
 * A play's start as one statement: the play and its start count commit together. A play id seen before
 * answers with the key its first start stored, so only that browser can start it again.
 */
// tenant-scope: a visitor starts a play of a published quiz (or a preview the owner check allowed), with the quiz's account
const startStatement = preparedStatement(
  [
    'quizId',
    'playId',
    'accountId',
    'preview',
    'keyHash',
    'userAgent',
    'country',
    'state',
    'city',
    'experimentId',
    'variant',
    'language',
  ],
  (value) => sql`
    with started as (
      insert into plays (quiz_id, id, account_id, preview, start_key_hash, user_agent, country, state, city,
        experiment_id, variant, language)
      values (${value.quizId}, ${value.playId}, ${value.accountId}, ${value.preview}, ${value.keyHash},
        ${value.userAgent}, ${value.country}, ${value.state}, ${value.city}, ${value.experimentId}, ${value.variant},
        ${value.language})
      on conflict do nothing
      returning quiz_id, account_id, preview
    ), counted as (
      insert into play_stat_deltas (quiz_id, account_id, starts)
      select quiz_id, account_id, 1 from started where not preview
    )
    select exists (select 1 from started) as "started", p.start_key_hash as "keyHash", p.variant as "variant",
      p.preview as "preview"
    from (select 1) as one
    left join plays as p on p.quiz_id = ${value.quizId} and p.id = ${value.playId}`,
);

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
      if (preview) {
        ctx.set('Cache-Control', 'no-store');
        ctx.body = { data: quiz.public };
        return;
      }
      services.stats.countView(quiz.quiz.id, quiz.accountId);
      // The cached quiz's answer, encoded once: a repeat with its ETag is a 304, any other gets the bytes
      // in the encoding it accepts. A browser may keep it, but asks again each time (no-cache).
      sendReadyBytes(
        ctx,
        readyBytesOf(quiz, () => ({ data: quiz.public })),
        'no-cache',
      );
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
      // A visitor counts in the variant their browser's visitor id falls in (the player showed it them).
      const assigned = body.preview ? null : variantFor(quiz.experiment, body.visitorId ?? body.playKey);
      const [row] = await startStatement.rows<{
        started: boolean;
        keyHash: string | null;
        variant: string | null;
        preview: boolean | null;
      }>(services.database.db, {
        quizId: quiz.quiz.id,
        playId: body.playId,
        accountId: quiz.accountId,
        preview: body.preview,
        keyHash,
        userAgent: ctx.get('user-agent').slice(0, 400),
        country: place.country,
        state: place.state,
        city: place.city,
        experimentId: assigned?.experimentId ?? null,
        variant: assigned?.variant.key ?? null,
        language: body.language ?? null,
      });
      if (!row?.started && !(row?.keyHash && safeEqual(row.keyHash, keyHash))) {
        throw new AppError(409, 'conflict', playMessages.playTaken);
      }
      // The token says whether the play is a preview (as its first start stored it): later steps look nothing up.
      const playToken = await signPlayToken(playTokenSecret(services), {
        playId: body.playId,
        quizId: quiz.quiz.id,
        preview: row?.started ? body.preview : Boolean(row?.preview),
      });
      ctx.status = 201;
      // A new play's variant is the one just assigned (the row is not visible to this statement's own select).
      const variant = row?.started ? (assigned?.variant.key ?? null) : row?.variant;
      ctx.body = { data: { playId: body.playId, playToken, variant: variant ?? null } };
    },
  });
}
