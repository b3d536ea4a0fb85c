import { desc, eq, sql } from 'drizzle-orm';
import { pollMessages, widgetLimits } from '@quizlead/shared/engagement.ts';
import { ZMessageResponse } from '@quizlead/shared/schemas/auth.ts';
import {
  ZCreatePollRequest,
  ZPollListResponse,
  ZPollResponse,
  ZPollStatusRequest,
  ZUpdatePollRequest,
} from '@quizlead/shared/schemas/poll.ts';
import { ZPageQuery } from '@quizlead/shared/schemas/widgets.ts';
import { slugify } from '@quizlead/shared/slug.ts';
import type { z } from 'zod';
import { pollVoteCount, pollVoteTotal } from '../../../db/queries/polls.ts';
import { polls } from '../../../db/schema/index.ts';
import { scoped } from '../../../db/scope.ts';
import { NotFoundError, ValidationError } from '../../../errors.ts';
import { findOwnPoll } from '../../../policies/poll.ts';
import { presentPoll, presentPollRow } from '../../../presenters/poll.ts';
import type { ApiRouter } from '../../apiRouter.ts';
import { ZPollParams } from './schema.ts';

/** The stored columns of a poll as the builder sends it. */
const pollColumns = (body: z.infer<typeof ZCreatePollRequest>) => ({
  description: body.description,
  slug: slugify(body.description),
  options: body.options,
  published: body.status === 'published',
  collectEmail: body.collectEmail,
  allowRepeatVotes: body.allowRepeatVotes,
  colors: body.colors,
  expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
});

const sameOptions = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((text, index) => text === b[index]);

export function pollRoutes(api: ApiRouter): void {
  api.route({
    method: 'get',
    path: '/polls',
    summary: 'The account’s polls, newest first, with their total votes',
    tags: ['polls'],
    access: 'owner',
    can: 'engagement.read',
    query: ZPageQuery,
    responses: { 200: ZPollListResponse },
    handler: async ({ ctx, db, auth, query }) => {
      const pageSize = widgetLimits.listPageSize;
      const where = scoped(polls, auth.accountId);
      const [rows, [counted]] = await Promise.all([
        db
          .select({ poll: polls, totalVotes: pollVoteTotal })
          .from(polls)
          .where(where)
          .orderBy(desc(polls.createdAt), desc(polls.id))
          .limit(pageSize)
          .offset((query.page - 1) * pageSize),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(polls)
          .where(where),
      ]);
      ctx.body = {
        data: {
          items: rows.map((row) => presentPollRow(row.poll, row.totalVotes)),
          total: counted?.total ?? 0,
          page: query.page,
          pageSize,
        },
      };
    },
  });

  api.route({
    method: 'post',
    path: '/polls',
    summary: 'Create a poll (published, collecting emails and in the default colours unless told otherwise)',
    tags: ['polls'],
    access: 'owner',
    can: 'engagement.write',
    body: ZCreatePollRequest,
    responses: { 201: ZPollResponse, 400: 'The first field that is wrong' },
    handler: async ({ ctx, db, auth, body }) => {
      const [poll] = await db
        .insert(polls)
        .values({ accountId: auth.accountId, ...pollColumns(body) })
        .returning();
      ctx.status = 201;
      ctx.body = { data: presentPoll(poll!, 0) };
    },
  });

  api.route({
    method: 'get',
    path: '/polls/:id',
    summary: 'A poll with its total votes (options are locked once it is above 0)',
    tags: ['polls'],
    access: 'owner',
    can: 'engagement.read',
    params: ZPollParams,
    responses: { 200: ZPollResponse, 404: 'No such poll in this account' },
    handler: async ({ ctx, db, auth, params }) => {
      const poll = await findOwnPoll(db, auth, params.id);
      ctx.body = { data: presentPoll(poll, await pollVoteCount(db, poll)) };
    },
  });

  api.route({
    method: 'put',
    path: '/polls/:id',
    summary: 'Save a poll; once votes exist its options cannot change (description, status and colours can)',
    tags: ['polls'],
    access: 'owner',
    can: 'engagement.write',
    params: ZPollParams,
    body: ZUpdatePollRequest,
    transaction: true,
    responses: {
      200: ZPollResponse,
      400: `The first field that is wrong, or '${pollMessages.votingStarted}'`,
      404: 'No such poll in this account',
    },
    handler: async ({ ctx, db, auth, params, body }) => {
      // The row lock waits for votes in flight (they hold a share lock on the poll) and holds off new ones.
      const poll = await findOwnPoll(db, auth, params.id, { forUpdate: true });
      const totalVotes = await pollVoteCount(db, poll);
      if (totalVotes > 0 && !sameOptions(poll.options, body.options)) {
        throw ValidationError(pollMessages.votingStarted, 'options');
      }
      const [stored] = await db
        .update(polls)
        .set({ ...pollColumns(body), updatedAt: new Date() })
        .where(scoped(polls, auth.accountId, eq(polls.id, poll.id)))
        .returning();
      ctx.body = { data: presentPoll(stored!, totalVotes) };
    },
  });

  api.route({
    method: 'put',
    path: '/polls/:id/status',
    summary: 'Publish or unpublish a poll (the list’s switch), whether or not it has votes',
    tags: ['polls'],
    access: 'owner',
    can: 'engagement.write',
    params: ZPollParams,
    body: ZPollStatusRequest,
    responses: { 200: ZPollResponse, 400: `'${pollMessages.statusRequired}'`, 404: 'No such poll in this account' },
    handler: async ({ ctx, db, auth, params, body }) => {
      const [stored] = await db
        .update(polls)
        .set({ published: body.status === 'published', updatedAt: new Date() })
        .where(scoped(polls, auth.accountId, eq(polls.id, params.id)))
        .returning();
      if (!stored) throw NotFoundError();
      ctx.body = { data: presentPoll(stored, await pollVoteCount(db, stored)) };
    },
  });

  api.route({
    method: 'delete',
    path: '/polls/:id',
    summary: 'Delete a poll and its votes',
    tags: ['polls'],
    access: 'owner',
    can: 'engagement.write',
    params: ZPollParams,
    responses: { 200: ZMessageResponse, 404: 'No such poll in this account' },
    handler: async ({ ctx, db, auth, params }) => {
      const deleted = await db
        .delete(polls)
        .where(scoped(polls, auth.accountId, eq(polls.id, params.id)))
        .returning({ id: polls.id });
      if (deleted.length === 0) throw NotFoundError();
      ctx.body = { data: { message: pollMessages.deleted } };
    },
  });
}
