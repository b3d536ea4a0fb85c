import { ZQuizReportResponse } from '@quizlead/shared/schemas/reports.ts';
import { loadQuestions } from '../../../db/queries/quizzes.ts';
import { itemRevenue, questionDropOff, quizTotals, sellsOnShopify } from '../../../db/queries/reports.ts';
import { findOwnQuiz } from '../../../policies/quiz.ts';
import { presentQuizReport } from '../../../presenters/report.ts';
import type { ApiRouter } from '../../apiRouter.ts';
import { presentQuizRevenue } from './revenue.ts';
import { ZReportQuizParams } from './schema.ts';

export function quizReportRoutes(api: ApiRouter): void {
  api.route({
    method: 'get',
    path: '/quizzes/:id/report',
    summary:
      'A quiz’s report: views, starts, completions, completion rate, leads and average score, how far visitors got per question, and (Shopify shops) the orders and revenue it brought, per outcome',
    tags: ['reports'],
    access: 'owner',
    can: 'report.read',
    params: ZReportQuizParams,
    responses: { 200: ZQuizReportResponse, 404: 'No such quiz in this account' },
    handler: async ({ ctx, db, auth, params }) => {
      const quiz = await findOwnQuiz(db, auth, params.id);
      // Roll-ups only (PlayStatsRollup keeps them current, a few seconds behind): no count over plays.
      const [totals, questions, dropOff, shop] = await Promise.all([
        quizTotals(db, quiz),
        loadQuestions(db, quiz.id),
        questionDropOff(db, quiz),
        sellsOnShopify(db, quiz.accountId),
      ]);
      // Orders come from a shop: a standalone account has none to show.
      const revenue = shop ? presentQuizRevenue(quiz, await itemRevenue(db, quiz.accountId, quiz.id), totals.completions) : null;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { data: { ...presentQuizReport(quiz, totals, questions, dropOff), revenue } };
    },
  });
}
