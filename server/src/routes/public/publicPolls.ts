import { eq } from 'drizzle-orm';
import { pollMessages } from '@quizlead/shared/engagement.ts';
import { ZPollVoteRequest, ZPollVoteResponse, ZPublicPollResponse } from '@quizlead/shared/schemas/poll.ts';
import { engagementEmail, ZDemoQuery } from '@quizlead/shared/schemas/engagement.ts';
import { pollVoteRecorder } from '../../commands/pollVoteRecorder.ts';
import type { Db } from '../../db/client.ts';
import { pollTally } from '../../db/queries/polls.ts';
import { polls } from '../../db/schema/index.ts';
import { AppError, NotFoundError, ValidationError } from '../../errors.ts';
import { isPollClosed, presentPublicPoll } from '../../presenters/poll.ts';
import { accountFooter } from '../../db/queries/owner.ts';
import type { ApiRouter } from '../apiRouter.ts';
import { widgetLimits } from './widgetLimits.ts';
import { ZPublicItemParams } from './schema.ts';

/**
 * A published poll by id (public: any account's). An unpublished one answers 404 with
 * 'Poll Unpublished' so the page can say so. `share` takes a share lock for a vote: the owner's
 * edit (which locks the row for update) then waits for the vote, and the vote for the edit.
 */
async function findPublishedPoll(db: Db, id: string, options: { share?: boolean } = {}) {
  // tenant-scope: visitors find a poll by its id, whichever account it is in
  const query = db.select().from(polls).where(eq(polls.id, id)).limit(1);
  const [poll] = options.share ? await query.for('share') : await query;
  if (!poll) throw NotFoundError();
  if (!poll.published) throw NotFoundError(pollMessages.unpublished);
  return poll;
}

export function publicPollRoutes(api: ApiRouter): void {
  const limits = widgetLimits(api.services.limiters, 'poll');

  api.route({
    method: 'get',
    path: '/public/polls/:id',
    summary: 'A published poll with its current results (demo=1: the owner’s demo preview, which always asks for the email)',
    tags: ['public widgets'],
    access: 'public',
    params: ZPublicItemParams,
    query: ZDemoQuery,
    rateLimit: limits,
    responses: { 200: ZPublicPollResponse, 404: `No such poll, or '${pollMessages.unpublished}'` },
    handler: async ({ ctx, db, params, query, services }) => {
      const poll = await findPublishedPoll(db, params.id);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = {
        data: presentPublicPoll(
          poll,
          await pollTally(db, poll),
          Boolean(query.demo),
          await accountFooter(db, poll.accountId, services.env.SHOPIFY_APP_STORE_URL),
        ),
      };
    },
  });

  api.route({
    method: 'post',
    path: '/public/polls/:id/votes',
    summary:
      'Vote; answers the votes and whole-number percentages per option. The same submissionId counts once; an email votes once unless the owner allows repeats.',
    tags: ['public widgets'],
    access: 'public',
    params: ZPublicItemParams,
    body: ZPollVoteRequest,
    rateLimit: limits,
    transaction: true,
    responses: {
      201: ZPollVoteResponse,
      200: 'The submission had already voted: nothing new counted, same shape',
      400: 'option or email is wrong',
      404: `No such poll, or '${pollMessages.unpublished}'`,
      409: `'${pollMessages.closed}', or '${pollMessages.alreadyVoted}' (field email) when the poll takes one vote per email`,
    },
    handler: async ({ ctx, db, params, body, services }) => {
      const poll = await findPublishedPoll(db, params.id, { share: true });
      if (isPollClosed(poll)) throw new AppError(409, 'conflict', pollMessages.closed);
      if (body.option >= poll.options.length) throw ValidationError(pollMessages.optionInvalid, 'option');
      const checked = engagementEmail(body.email, {
        required: poll.collectEmail || body.demo,
        requiredMessage: pollMessages.emailRequired,
        invalidMessage: pollMessages.emailInvalid,
      });
      if ('error' in checked) throw ValidationError(checked.error, 'email');
      const vote = await pollVoteRecorder({
        db,
        poll,
        submissionId: body.submissionId,
        option: body.option,
        email: checked.email,
        queue: services.queue,
        demo: Boolean(body.demo),
        language: body.language,
      });
      if (vote.outcome === 'alreadyVoted') {
        throw new AppError(409, 'conflict', pollMessages.alreadyVoted, { field: 'email' });
      }
      ctx.status = vote.outcome === 'counted' ? 201 : 200;
      ctx.body = { data: { message: pollMessages.voted, option: vote.option, results: vote.results } };
    },
  });
}
