import { ZAnswerSheetResponse } from '@quizlead/shared/schemas/reports.ts';
import { loadQuestions } from '../../../db/queries/quizzes.ts';
import { findOwnPlay } from '../../../db/queries/reports.ts';
import { NotFoundError } from '../../../errors.ts';
import { findOwnQuiz } from '../../../policies/quiz.ts';
import { presentAnswerSheet } from '../../../presenters/report.ts';
import type { ApiRouter } from '../../apiRouter.ts';
import { ZAnswerSheetParams } from './schema.ts';

export function answerSheetRoutes(api: ApiRouter): void {
  api.route({
    method: 'get',
    path: '/plays/:id/answer-sheet',
    summary:
      'One play’s answer sheet: who, when, the result, and the questions answered with every option and the picked ones marked',
    tags: ['reports'],
    access: 'owner',
    can: 'report.read',
    params: ZAnswerSheetParams,
    responses: { 200: ZAnswerSheetResponse, 404: 'No such play in this account (preview plays included)' },
    handler: async ({ ctx, db, auth, params }) => {
      const play = await findOwnPlay(db, auth.accountId, params.id);
      if (!play) throw NotFoundError();
      const quiz = await findOwnQuiz(db, auth, play.quizId);
      // A play still at its start has no answers: an empty sheet ('No data found').
      const questions = play.answers ? await loadQuestions(db, quiz.id) : [];
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { data: presentAnswerSheet(play, quiz, questions) };
    },
  });
}
