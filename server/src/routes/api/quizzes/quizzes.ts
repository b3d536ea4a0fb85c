import { asc, desc, eq, ilike, sql } from 'drizzle-orm';
import { withDefaultRanges } from '@quizlead/shared/engine/index.ts';
import { quizLimits, quizMessages, starterPersonalityCount } from '@quizlead/shared/quizzes.ts';
import { ZMessageResponse } from '@quizlead/shared/schemas/auth.ts';
import {
  ZCreateQuizRequest,
  ZQuizDetail,
  ZQuizInput,
  ZQuizListQuery,
  ZQuizListResponse,
  ZQuizStatusRequest,
  ZPersonality,
} from '@quizlead/shared/schemas/quiz.ts';
import { slugify } from '@quizlead/shared/slug.ts';
import { z } from 'zod';
import { quizDeleter } from '../../../commands/quizDeleter.ts';
import { quizPublisher } from '../../../commands/quizPublisher.ts';
import { quizSaver } from '../../../commands/quizSaver.ts';
import { loadQuestions } from '../../../db/queries/quizzes.ts';
import { quizzes } from '../../../db/schema/index.ts';
import { pageOf } from '../../../db/queries/pagination.ts';
import { scoped } from '../../../db/scope.ts';
import { randomToken } from '../../../lib/crypto.ts';
import { likePattern } from '../../../lib/likePattern.ts';
import { findOwnQuiz } from '../../../policies/quiz.ts';
import { presentQuiz, presentQuizRow } from '../../../presenters/quiz.ts';
import type { ApiRouter } from '../../apiRouter.ts';
import { ZQuizParams } from './schema.ts';
import { prizeSlotsSyncer, quizPrizeSlots } from '../../../commands/prizes/prizeSlotsSyncer.ts';

const ZQuizResponse = z.object({ data: ZQuizDetail });

// Written out in full: in a one-table select drizzle leaves columns unqualified, and "id" would
// then name the question's id inside the subquery.
export const questionCount = sql<number>`(select count(*)::int from "questions" as "q" where "q"."quiz_id" = "quizzes"."id")`;

const sortColumns = {
  date: quizzes.createdAt,
  questions: questionCount,
  plays: quizzes.completedPlays,
  status: quizzes.status,
} as const;

export function quizRoutes(api: ApiRouter): void {
  api.route({
    method: 'get',
    path: '/quizzes',
    summary: 'The account’s quizzes, 7 a page: title search and sorting by date, questions, plays or status',
    tags: ['quizzes'],
    access: 'owner',
    can: 'quiz.read',
    query: ZQuizListQuery,
    responses: { 200: ZQuizListResponse },
    handler: async ({ ctx, db, auth, query }) => {
      const where = scoped(
        quizzes,
        auth.accountId,
        eq(quizzes.isTemplate, false),
        query.search ? ilike(quizzes.title, likePattern(query.search)) : undefined,
      );
      const order = query.direction === 'asc' ? asc : desc;
      const rows = db
        .select({ quiz: quizzes, questionCount })
        .from(quizzes)
        .where(where)
        .orderBy(order(sortColumns[query.sort]), desc(quizzes.createdAt), asc(quizzes.id));
      const page = await pageOf(db, rows, { from: quizzes, where }, query.page, quizLimits.listPageSize);
      ctx.body = {
        data: { ...page, items: page.items.map((row) => presentQuizRow({ ...row.quiz, questionCount: row.questionCount })) },
      };
    },
  });

  api.route({
    method: 'post',
    path: '/quizzes',
    summary: 'Create a quiz as a draft with default settings',
    tags: ['quizzes'],
    access: 'owner',
    can: 'quiz.write',
    body: ZCreateQuizRequest,
    responses: { 201: ZQuizResponse },
    handler: async ({ ctx, db, auth, body }) => {
      // The outcomes the type needs, blank for the owner to fill in; the range types' hold 0–100% between them.
      const personalities = withDefaultRanges(
        Array.from({ length: starterPersonalityCount(body.quizType) }, () =>
          ZPersonality.parse({ id: randomToken(6), title: '' }),
        ),
      );
      const data = ZQuizInput.parse({
        title: body.title,
        quizType: body.quizType,
        settings: body.theme ? { theme: body.theme } : {},
        personalities,
      });
      const [quiz] = await db
        .insert(quizzes)
        .values({
          accountId: auth.accountId,
          title: data.title,
          quizType: data.quizType,
          slug: slugify(data.title),
          settings: data.settings,
          personalities: data.personalities,
          categories: data.categories,
          branching: data.branching,
        })
        .returning();
      ctx.status = 201;
      ctx.body = { data: presentQuiz(quiz!, []) };
    },
  });

  api.route({
    method: 'get',
    path: '/quizzes/:id',
    summary: 'A quiz with its settings, outcomes, branches and questions',
    tags: ['quizzes'],
    access: 'owner',
    can: 'quiz.read',
    params: ZQuizParams,
    responses: { 200: ZQuizResponse, 404: 'No such quiz in this account' },
    handler: async ({ ctx, db, auth, params }) => {
      const quiz = await findOwnQuiz(db, auth, params.id);
      ctx.body = { data: presentQuiz(quiz, await loadQuestions(db, quiz.id)) };
    },
  });

  api.route({
    method: 'put',
    path: '/quizzes/:id',
    summary: 'Save a quiz’s title, type, settings, outcomes and branches (normalised for its type)',
    tags: ['quizzes'],
    access: 'owner',
    can: 'quiz.write',
    params: ZQuizParams,
    body: ZQuizInput,
    transaction: true,
    responses: { 200: ZQuizResponse, 404: 'No such quiz in this account' },
    handler: async ({ ctx, db, auth, params, body, services, afterCommit }) => {
      const quiz = await findOwnQuiz(db, auth, params.id, { forUpdate: true });
      const saved = await quizSaver({
        db,
        quiz,
        data: body,
        questions: await loadQuestions(db, quiz.id),
        images: { storage: services.storage, afterCommit },
        quizCache: services.quizCache,
      });
      await prizeSlotsSyncer({ db, queue: services.queue, item: quizPrizeSlots(saved.quiz) });
      ctx.body = { data: presentQuiz(saved.quiz, saved.questions) };
    },
  });

  api.route({
    method: 'put',
    path: '/quizzes/:id/status',
    summary: 'Publish (after every builder rule passes) or unpublish a quiz',
    tags: ['quizzes'],
    access: 'owner',
    can: 'quiz.write',
    params: ZQuizParams,
    body: ZQuizStatusRequest,
    transaction: true,
    responses: { 200: ZQuizResponse, 400: 'The first rule the quiz breaks', 404: 'No such quiz in this account' },
    handler: async ({ ctx, db, auth, params, body, services, afterCommit }) => {
      const quiz = await findOwnQuiz(db, auth, params.id, { forUpdate: true });
      const list = await loadQuestions(db, quiz.id);
      const stored = await quizPublisher(
        { db, quizCache: services.quizCache, afterCommit },
        { quiz, questions: list, status: body.status },
      );
      ctx.body = { data: presentQuiz(stored, list) };
    },
  });

  api.route({
    method: 'delete',
    path: '/quizzes/:id',
    summary: 'Delete a quiz and its questions',
    tags: ['quizzes'],
    access: 'owner',
    can: 'quiz.write',
    params: ZQuizParams,
    responses: { 200: ZMessageResponse, 404: 'No such quiz in this account' },
    transaction: true,
    handler: async ({ ctx, db, auth, params, services, afterCommit }) => {
      const quiz = await findOwnQuiz(db, auth, params.id, { forUpdate: true });
      await quizDeleter({ db, quizCache: services.quizCache, storage: services.storage, afterCommit }, { quiz });
      ctx.body = { data: { message: quizMessages.deleted } };
    },
  });
}
