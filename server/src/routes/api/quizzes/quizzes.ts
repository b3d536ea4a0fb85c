import { asc, desc, eq, ilike } from 'drizzle-orm';
import { quizLimits, quizMessages } from '@quizlead/shared/quizzes.ts';
import { ZMessageResponse } from '@quizlead/shared/schemas/auth.ts';
import {
  ZCreateQuizRequest,
  ZQuizDetail,
  ZQuizInput,
  ZQuizListQuery,
  ZQuizListResponse,
  ZQuizStatusRequest,
} from '@quizlead/shared/schemas/quiz.ts';
import { z } from 'zod';
import { quizCreator } from '../../../commands/quizCreator.ts';
import { quizDeleter } from '../../../commands/quizDeleter.ts';
import { quizPublisher } from '../../../commands/quizPublisher.ts';
import { quizSaver } from '../../../commands/quizSaver.ts';
import { loadQuestions, quizQuestionCount } from '../../../db/queries/quizzes.ts';
import { quizzes } from '../../../db/schema/index.ts';
import { pageOf } from '../../../db/queries/pagination.ts';
import { scoped } from '../../../db/scope.ts';
import { likePattern } from '../../../lib/likePattern.ts';
import { findOwnQuiz } from '../../../policies/quiz.ts';
import { presentQuiz, presentQuizRow } from '../../../presenters/quiz.ts';
import type { ApiRouter } from '../../apiRouter.ts';
import { ZQuizParams } from './schema.ts';
import { prizeSlotsSyncer, quizPrizeSlots } from '../../../commands/prizes/prizeSlotsSyncer.ts';

const ZQuizResponse = z.object({ data: ZQuizDetail });

const sortColumns = {
  date: quizzes.createdAt,
  questions: quizQuestionCount,
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
        .select({ quiz: quizzes, questionCount: quizQuestionCount })
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
      const quiz = await quizCreator({ db }, { accountId: auth.accountId, request: body });
      ctx.status = 201;
      ctx.body = { data: presentQuiz(quiz, []) };
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
    handler: async ({ ctx, db, auth, params, body, services, afterCommit, changed }) => {
      const quiz = await findOwnQuiz(db, auth, params.id, { forUpdate: true });
      const saved = await quizSaver(
        { db, storage: services.storage, afterCommit, changed },
        { quiz, data: body, questions: await loadQuestions(db, quiz.id) },
      );
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
    handler: async ({ ctx, db, auth, params, body, afterCommit, changed }) => {
      const quiz = await findOwnQuiz(db, auth, params.id, { forUpdate: true });
      const list = await loadQuestions(db, quiz.id);
      const stored = await quizPublisher({ db, afterCommit, changed }, { quiz, questions: list, status: body.status });
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
    handler: async ({ ctx, db, auth, params, services, afterCommit, changed }) => {
      const quiz = await findOwnQuiz(db, auth, params.id, { forUpdate: true });
      await quizDeleter({ db, storage: services.storage, afterCommit, changed }, { quiz });
      ctx.body = { data: { message: quizMessages.deleted } };
    },
  });
}
