import { pollMessages } from '@quizlead/shared/engagement.ts';
import { ZPollResponse, ZPollResultsResponse, ZPollStatusRequest } from '@quizlead/shared/schemas/poll.ts';
import { slugify } from '@quizlead/shared/slug.ts';
import type { TEngagementBody } from '@quizlead/shared/schemas/engagementKinds.ts';
import {
  pollTally,
  pollVoteCount,
  pollVoteFields,
  pollVotesExport,
  pollVoteTotal,
  pollVotesOf,
  type PollVoteRow,
} from '../../../db/queries/polls.ts';
import { pollStatusSetter } from '../../../commands/pollStatusSetter.ts';
import { polls, pollVotes } from '../../../db/schema/index.ts';
import { ValidationError } from '../../../errors.ts';
import { findOwnPoll, type PollRow } from '../../../policies/poll.ts';
import { presentPoll, presentPollRow, presentPollVote } from '../../../presenters/poll.ts';
import type { ApiRouter } from '../../apiRouter.ts';
import { engagementRoutes, ZEngagementParams, type EngagementApi } from '../engagement/engagementRoutes.ts';

/** The stored columns of a poll as the builder sends it. */
const pollColumns = (body: TEngagementBody<'poll'>) => ({
  description: body.description,
  slug: slugify(body.description),
  options: body.options,
  published: body.status === 'published',
  collectEmail: body.collectEmail,
  allowRepeatVotes: body.allowRepeatVotes,
  colors: body.colors,
  expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
  metaPixelId: body.metaPixelId,
  tiktokPixelId: body.tiktokPixelId,
});

const sameOptions = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((text, index) => text === b[index]);

const present = async (db: Parameters<typeof pollVoteCount>[0], poll: PollRow) =>
  presentPoll(poll, await pollVoteCount(db, poll));

export const pollKind: EngagementApi<'poll', PollRow, PollVoteRow> = {
  kind: 'poll',
  tag: 'polls',
  noun: 'poll',
  table: polls,
  summaries: {
    list: 'The account’s polls, newest first, with their total votes',
    create: 'Create a poll (published, collecting emails and in the default colours unless told otherwise)',
    get: 'A poll with its total votes (options are locked once it is above 0)',
    update: 'Save a poll; once votes exist its options cannot change (description, status and colours can)',
    delete: 'Delete a poll and its votes',
  },
  find: findOwnPoll,
  present,
  presentRow: presentPollRow,
  submissionTotal: pollVoteTotal,
  // The poll's row lock (taken by the save) waits for votes in flight, which hold a share lock on it,
  // and holds off new ones while the options are compared.
  async columns({ db }, body, stored) {
    if (stored && !sameOptions(stored.options, body.options) && (await pollVoteCount(db, stored)) > 0) {
      throw ValidationError(pollMessages.votingStarted, 'options');
    }
    return pollColumns(body);
  },
  published: (poll) => poll.published,
  deleted: pollMessages.deleted,
  updateRefusal: pollMessages.votingStarted,
  submissions: {
    summary: 'A poll’s votes, newest first: the option voted for, the voter’s email and the date',
    exportSummary: 'Download the votes as .xlsx or .csv (Voter Email, Vote, Date of Vote), streamed',
    table: pollVotes,
    of: pollVotesOf,
    fields: pollVoteFields,
    present: presentPollVote,
    export: (poll) => ({ filename: `${poll.slug || 'poll'}-votes`, sheetName: 'Votes', query: pollVotesExport(poll) }),
  },
};

/** The poll kind's routes, and the two only polls have: the results as the public page shows them, and the list's switch. */
export function pollRoutes(api: ApiRouter): void {
  engagementRoutes(api, pollKind);

  api.route({
    method: 'get',
    path: '/polls/:id/results',
    summary: 'A poll’s votes and whole-number percentages per option (adding up to 100), as its public page shows them',
    tags: ['polls'],
    access: 'owner',
    can: 'report.read',
    params: ZEngagementParams,
    responses: { 200: ZPollResultsResponse, 404: 'No such poll in this account' },
    handler: async ({ ctx, db, auth, params }) => {
      const poll = await findOwnPoll(db, auth, params.id);
      ctx.body = { data: await pollTally(db, poll) };
    },
  });

  api.route({
    method: 'put',
    path: '/polls/:id/status',
    summary: 'Publish or unpublish a poll (the list’s switch), whether or not it has votes',
    tags: ['polls'],
    access: 'owner',
    can: 'engagement.write',
    params: ZEngagementParams,
    body: ZPollStatusRequest,
    responses: { 200: ZPollResponse, 400: `'${pollMessages.statusRequired}'`, 404: 'No such poll in this account' },
    handler: async ({ ctx, db, auth, params, body }) => {
      const stored = await pollStatusSetter({ db }, { accountId: auth.accountId, pollId: params.id, status: body.status });
      ctx.body = { data: await present(db, stored) };
    },
  });
}
