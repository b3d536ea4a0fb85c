import { reportLimits } from '@quizlead/shared/reports.ts';
import { ZRespondentsExportQuery, ZRespondentsQuery, ZRespondentsResponse } from '@quizlead/shared/schemas/reports.ts';
import { respondentsExport, respondentsInLanguage, respondentsPage } from '../../../db/queries/reports.ts';
import { sendExport } from '../../../lib/exports/spreadsheetExport.ts';
import { findOwnQuiz } from '../../../policies/quiz.ts';
import { presentRespondent } from '../../../presenters/report.ts';
import type { ApiRouter } from '../../apiRouter.ts';
import { ZReportQuizParams } from './schema.ts';

export function respondentRoutes(api: ApiRouter): void {
  api.route({
    method: 'get',
    path: '/quizzes/:id/respondents',
    summary:
      'A quiz’s respondents (completed plays, previews left out): email, result, date, place and language, sorted and paged, optionally of one language',
    tags: ['reports'],
    access: 'owner',
    can: 'report.read',
    params: ZReportQuizParams,
    query: ZRespondentsQuery,
    responses: { 200: ZRespondentsResponse, 404: 'No such quiz in this account' },
    handler: async ({ ctx, db, auth, params, query }) => {
      const quiz = await findOwnQuiz(db, auth, params.id);
      const pageSize = reportLimits.respondentsPageSize;
      const items = await respondentsPage(db, quiz, { ...query, pageSize });
      // The total is the quiz's Played counter (quizzes.completed_plays, the same roll-up as the
      // report's completions), not count(*) over plays: counting reads every completed play of the
      // quiz on each page turn, while the page itself reads 20 index entries. The counter is flushed
      // every few seconds, so it may lag the newest plays briefly; the pages themselves do not.
      ctx.set('Cache-Control', 'no-store');
      // Under a language filter the roll-up (every language) is no total: those plays are counted.
      const total = query.language ? await respondentsInLanguage(db, quiz, query.language) : quiz.completedPlays;
      ctx.body = { data: { items: items.map(presentRespondent), total, page: query.page, pageSize } };
    },
  });

  api.route({
    method: 'get',
    path: '/quizzes/:id/respondents/export',
    summary:
      'Download the respondents as .xlsx or .csv (Email, Phone, Quiz Result, Date of play, Country, State, City, Language), latest first, optionally of one language, streamed; X-Export-Rows tells the expected row count',
    tags: ['reports'],
    access: 'owner',
    can: 'report.export',
    params: ZReportQuizParams,
    query: ZRespondentsExportQuery,
    responses: { 200: 'The spreadsheet (attachment)', 404: 'No such quiz in this account' },
    handler: async ({ ctx, db, auth, params, query, services }) => {
      const quiz = await findOwnQuiz(db, auth, params.id);
      await sendExport(ctx, services.database, {
        format: query.format,
        filename: `${quiz.slug || 'quiz'}-respondents`,
        sheetName: 'Respondents',
        query: respondentsExport(quiz, query.language),
      });
      // The roll-up's figure (as the respondents table's total): for a progress bar, not a promise.
      const rows = query.language ? await respondentsInLanguage(db, quiz, query.language) : quiz.completedPlays;
      ctx.set('X-Export-Rows', String(rows));
    },
  });
}
