import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { events, polls, pollVotes } from '../db/schema/index.ts';
import type { PollRow } from '../policies/poll.ts';
import { createOwner } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { pollVoteRecorder } from './pollVoteRecorder.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const db = () => server.services.database.db;

async function createPoll(values: Partial<typeof polls.$inferInsert> = {}): Promise<PollRow> {
  const { account } = await createOwner(server);
  const [poll] = await db()
    .insert(polls)
    .values({
      accountId: account.id,
      description: 'Tea or coffee?',
      options: ['Tea', 'Coffee'],
      colors: { background: '#ffffff', text: '#000000' },
      ...values,
    })
    .returning();
  return poll!;
}

/** Records a vote in a transaction, as the public route does. */
const vote = (poll: PollRow, input: { submissionId?: string; option: number; email?: string | null; demo?: boolean }) =>
  db().transaction((tx) =>
    pollVoteRecorder({
      db: tx,
      queue: server.services.queue,
      poll,
      submissionId: input.submissionId ?? randomUUID(),
      option: input.option,
      email: input.email ?? null,
      demo: input.demo,
    }),
  );

const eventsOf = (poll: PollRow) => db().select().from(events).where(eq(events.accountId, poll.accountId));

it('counts a vote, records its poll.voted event, and answers the tally; a retried submission counts once', async () => {
  const poll = await createPoll();
  const submissionId = randomUUID();
  expect(await vote(poll, { submissionId, option: 1, email: 'Voter@Example.com' })).toEqual({
    outcome: 'counted',
    option: 1,
    results: {
      total: 1,
      options: [
        { text: 'Tea', votes: 0, percentage: 0 },
        { text: 'Coffee', votes: 1, percentage: 100 },
      ],
    },
  });
  expect(await db().select().from(pollVotes).where(eq(pollVotes.pollId, poll.id))).toMatchObject([
    { id: submissionId, optionIndex: 1, email: 'Voter@Example.com' },
  ]);
  expect(await eventsOf(poll)).toMatchObject([
    { type: 'poll.voted', payload: { voteId: submissionId, option: { index: 1, text: 'Coffee' } } },
  ]);

  // The same submission again (another option sent) is answered with its first choice, and nothing new counts.
  expect(await vote(poll, { submissionId, option: 0, email: 'Voter@Example.com' })).toMatchObject({
    outcome: 'retried',
    option: 1,
    results: { total: 1 },
  });
  expect(await eventsOf(poll)).toHaveLength(1);
});

it('refuses a second vote from the same email in any case, unless the poll allows repeats', async () => {
  const poll = await createPoll();
  await vote(poll, { option: 0, email: 'once@example.com' });
  expect(await vote(poll, { option: 1, email: 'ONCE@example.com' })).toEqual({ outcome: 'alreadyVoted' });
  expect(await db().select().from(pollVotes).where(eq(pollVotes.pollId, poll.id))).toHaveLength(1);

  const open = await createPoll({ allowRepeatVotes: true });
  await vote(open, { option: 0, email: 'again@example.com' });
  expect(await vote(open, { option: 1, email: 'again@example.com' })).toMatchObject({
    outcome: 'counted',
    results: { total: 2 },
  });
});

it('counts a demo vote (the owner trying the poll) without recording an event', async () => {
  const poll = await createPoll();
  expect(await vote(poll, { option: 0, demo: true })).toMatchObject({ outcome: 'counted', option: 0, results: { total: 1 } });
  expect(await eventsOf(poll)).toEqual([]);
});
