import { widgetLimits } from '@quizlead/shared/engagement.ts';
import { ZPollResultsResponse, ZPollVotesResponse } from '@quizlead/shared/schemas/poll.ts';
import { ZExportQuery, ZPageQuery } from '@quizlead/shared/schemas/widgets.ts';
import { pollTally, pollVotesExport, pollVotesPage } from '../../../db/queries/polls.ts';
import { sendExport } from '../../../lib/exports/spreadsheetExport.ts';
import { findOwnPoll } from '../../../policies/poll.ts';
import { presentPollVote } from '../../../presenters/poll.ts';
import type { ApiRouter } from '../../apiRouter.ts';
import { ZPollParams } from './schema.ts';

export function pollVoteRoutes(api: ApiRouter): void {
  api.route({
    method: 'get',
    path: '/polls/:id/results',
    summary: 'A poll’s votes and whole-number percentages per option (adding up to 100), as its public page shows them',
    tags: ['polls'],
    access: 'owner',
    can: 'report.read',
    params: ZPollParams,
    responses: { 200: ZPollResultsResponse, 404: 'No such poll in this account' },
    handler: async ({ ctx, db, auth, params }) => {
      const poll = await findOwnPoll(db, auth, params.id);
      ctx.body = { data: await pollTally(db, poll) };
    },
  });

  api.route({
    method: 'get',
    path: '/polls/:id/votes',
    summary: 'A poll’s votes, newest first: the option voted for, the voter’s email and the date',
    tags: ['polls'],
    access: 'owner',
    can: 'report.read',
    params: ZPollParams,
    query: ZPageQuery,
    responses: { 200: ZPollVotesResponse, 404: 'No such poll in this account' },
    handler: async ({ ctx, db, auth, params, query }) => {
      const poll = await findOwnPoll(db, auth, params.id);
      const pageSize = widgetLimits.submissionsPageSize;
      const { items, total } = await pollVotesPage(db, poll, query.page, pageSize);
      ctx.body = { data: { items: items.map((vote) => presentPollVote(poll, vote)), total, page: query.page, pageSize } };
    },
  });

  api.route({
    method: 'get',
    path: '/polls/:id/votes/export',
    summary: 'Download the votes as .xlsx or .csv (Voter Email, Vote, Date of Vote), streamed',
    tags: ['polls'],
    access: 'owner',
    can: 'report.export',
    params: ZPollParams,
    query: ZExportQuery,
    responses: { 200: 'The spreadsheet (attachment)', 404: 'No such poll in this account' },
    handler: async ({ ctx, db, auth, params, query, services }) => {
      const poll = await findOwnPoll(db, auth, params.id);
      await sendExport(ctx, services.database, {
        format: query.format,
        filename: `${poll.slug || 'poll'}-votes`,
        sheetName: 'Votes',
        query: pollVotesExport(poll),
      });
    },
  });
}
