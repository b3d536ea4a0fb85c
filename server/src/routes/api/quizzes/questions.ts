import { validateQuestion } from '@quizlead/shared/engine/index.ts';
import { quizMessages } from '@quizlead/shared/quizzes.ts';
import { ZQuizDetail, ZSaveBranchesRequest, ZSaveQuestionsRequest } from '@quizlead/shared/schemas/quiz.ts';
import { z } from 'zod';
import { quizData, quizSaver } from '../../../commands/quizSaver.ts';
import { loadQuestions } from '../../../db/queries/quizzes.ts';
import { NotFoundError, ValidationError } from '../../../errors.ts';
import { findOwnQuiz } from '../../../policies/quiz.ts';
import { presentQuiz } from '../../../presenters/quiz.ts';
import type { ApiRouter } from '../../apiRouter.ts';
import { ZQuestionParams, ZQuizParams } from './schema.ts';

const ZQuizResponse = z.object({ data: ZQuizDetail });

export function questionRoutes(api: ApiRouter): void {
  api.route({
    method: 'put',
    path: '/quizzes/:id/questions',
    summary: 'Save all of a quiz’s questions at once, in order',
    tags: ['quizzes'],
    access: 'owner',
    can: 'quiz.write',
    params: ZQuizParams,
    body: ZSaveQuestionsRequest,
    transaction: true,
    responses: { 200: ZQuizResponse, 400: 'The first rule a question breaks', 404: 'No such quiz in this account' },
    handler: async ({ ctx, db, auth, params, body, services, afterCommit, changed }) => {
      const quiz = await findOwnQuiz(db, auth, params.id, { forUpdate: true });
      const ids = new Set<string>();
      for (const [index, question] of body.questions.entries()) {
        if (ids.has(question.id)) throw ValidationError('Question ids must be unique', `questions.${index}.id`);
        ids.add(question.id);
        const problem = validateQuestion(question, quiz.quizType);
        if (problem) throw ValidationError(problem, `questions.${index}`);
      }
      const saved = await loadQuestions(db, quiz.id);
      if (quiz.status === 'published') {
        const kinds = new Map(saved.map((question) => [question.id, question.kind]));
        const changed = body.questions.findIndex((question) => (kinds.get(question.id) ?? question.kind) !== question.kind);
        if (changed >= 0) throw ValidationError(quizMessages.questionTypeLocked, `questions.${changed}.kind`);
      }
      const stored = await quizSaver(
        { db, storage: services.storage, afterCommit, changed },
        { quiz, data: quizData(quiz), questions: body.questions },
      );
      ctx.body = { data: presentQuiz(stored.quiz, stored.questions) };
    },
  });

  api.route({
    method: 'delete',
    path: '/quizzes/:id/questions/:questionId',
    summary: 'Delete one question (branches that pointed at it go too)',
    tags: ['quizzes'],
    access: 'owner',
    can: 'quiz.write',
    params: ZQuestionParams,
    transaction: true,
    responses: { 200: ZQuizResponse, 404: 'No such quiz or question in this account' },
    handler: async ({ ctx, db, auth, params, services, afterCommit, changed }) => {
      const quiz = await findOwnQuiz(db, auth, params.id, { forUpdate: true });
      const saved = await loadQuestions(db, quiz.id);
      const remaining = saved.filter((question) => question.id !== params.questionId);
      if (remaining.length === saved.length) throw NotFoundError();
      const stored = await quizSaver(
        { db, storage: services.storage, afterCommit, changed },
        { quiz, data: quizData(quiz), questions: remaining },
      );
      ctx.body = { data: presentQuiz(stored.quiz, stored.questions) };
    },
  });

  api.route({
    method: 'put',
    path: '/quizzes/:id/branches',
    summary: 'Turn logic branching on or off and save its rules (off clears them)',
    tags: ['quizzes'],
    access: 'owner',
    can: 'quiz.write',
    params: ZQuizParams,
    body: ZSaveBranchesRequest,
    transaction: true,
    responses: { 200: ZQuizResponse, 404: 'No such quiz in this account' },
    handler: async ({ ctx, db, auth, params, body, services, afterCommit, changed }) => {
      const quiz = await findOwnQuiz(db, auth, params.id, { forUpdate: true });
      const data = { ...quizData(quiz), branching: body };
      const stored = await quizSaver(
        { db, storage: services.storage, afterCommit, changed },
        { quiz, data, questions: await loadQuestions(db, quiz.id) },
      );
      ctx.body = { data: presentQuiz(stored.quiz, stored.questions) };
    },
  });
}
