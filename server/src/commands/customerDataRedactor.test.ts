import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TDomainEvent } from '@quizlead/shared/schemas/events.ts';
import { events, plays, polls, pollVotes } from '../db/schema/index.ts';
import { createOwner } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { createGradedQuiz } from '../test/quizFactory.ts';
import { customerDataRedactor } from './customerDataRedactor.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const db = () => server.services.database.db;

/** An account with a quiz and a poll, and helpers that add a play, a vote and an event sent with an email. */
async function world() {
  const owner = await createOwner(server);
  const accountId = owner.account.id;
  const quiz = await createGradedQuiz(owner.client, { questions: 1 });
  const [poll] = await db()
    .insert(polls)
    .values({ accountId, description: 'Tea?', options: ['Yes', 'No'], colors: { background: '#fff', text: '#000' } })
    .returning();
  const play = async (values: Partial<typeof plays.$inferInsert>) => {
    const id = randomUUID();
    await db()
      .insert(plays)
      .values({
        quizId: quiz.id,
        id,
        accountId,
        status: 'completed',
        userAgent: 'Firefox',
        country: 'IE',
        state: 'D',
        city: 'Dublin',
        ...values,
      });
    return id;
  };
  const vote = async (email: string) => {
    const id = randomUUID();
    await db().insert(pollVotes).values({ pollId: poll!.id, id, accountId, optionIndex: 0, email });
    return id;
  };
  const event = async (email: string) => {
    const payload = { type: 'poll.voted', visitor: { email } } as unknown as TDomainEvent;
    const [row] = await db()
      .insert(events)
      .values({ accountId, type: 'poll.voted', payload, occurredAt: new Date() })
      .returning();
    return row!.id;
  };
  return { accountId, quizId: quiz.id, play, vote, event };
}

const playRow = async (quizId: string, id: string) =>
  (
    await db()
      .select()
      .from(plays)
      .where(and(eq(plays.quizId, quizId), eq(plays.id, id)))
  )[0]!;

it('erases the email, name, lead fields, browser and place of the visitor’s plays, votes and events, in any case', async () => {
  const shop = await world();
  const byEmail = await shop.play({
    email: 'Jane@Example.com',
    name: 'Jane',
    phone: '+353861234567',
    smsConsent: true,
    leadFields: { company: 'Jane Co' },
  });
  const byLeadField = await shop.play({ email: null, leadFields: { work: 'jane@example.com' } });
  const someoneElse = await shop.play({ email: 'bob@example.com', name: 'Bob' });
  const janeVote = await shop.vote('JANE@example.com');
  const bobVote = await shop.vote('bob@example.com');
  const janeEvent = await shop.event('jane@example.com');
  const bobEvent = await shop.event('bob@example.com');

  expect(
    await db().transaction((tx) => customerDataRedactor({ db: tx, accountId: shop.accountId, email: 'jane@example.com' })),
  ).toEqual({
    plays: 2,
    pollVotes: 1,
    feedbackResponses: 0,
    wheelSpins: 0,
    dataRequests: 0,
    events: 1,
  });

  for (const id of [byEmail, byLeadField]) {
    expect(await playRow(shop.quizId, id)).toMatchObject({
      email: null,
      name: null,
      phone: null,
      smsConsent: false,
      leadFields: null,
      userAgent: '',
      country: '',
      state: '',
      city: '',
      status: 'completed',
    });
  }
  expect(await playRow(shop.quizId, someoneElse)).toMatchObject({ email: 'bob@example.com', name: 'Bob', city: 'Dublin' });
  const votes = await db()
    .select({ id: pollVotes.id, email: pollVotes.email })
    .from(pollVotes)
    .where(eq(pollVotes.accountId, shop.accountId));
  expect(votes).toEqual(
    expect.arrayContaining([
      { id: janeVote, email: null },
      { id: bobVote, email: 'bob@example.com' },
    ]),
  );
  const left = (await db().select({ id: events.id }).from(events).where(eq(events.accountId, shop.accountId))).map(
    (row) => row.id,
  );
  expect(left).toContain(bobEvent);
  expect(left).not.toContain(janeEvent);

  // Again: nothing left to erase.
  expect(await customerDataRedactor({ db: db(), accountId: shop.accountId, email: 'jane@example.com' })).toEqual({
    plays: 0,
    pollVotes: 0,
    feedbackResponses: 0,
    wheelSpins: 0,
    dataRequests: 0,
    events: 0,
  });
});

it('touches only the account it is asked about', async () => {
  const mine = await world();
  const theirs = await world();
  const theirPlay = await theirs.play({ email: 'shared@example.com', name: 'Sam' });
  const theirVote = await theirs.vote('shared@example.com');
  expect(await customerDataRedactor({ db: db(), accountId: mine.accountId, email: 'shared@example.com' })).toMatchObject({
    plays: 0,
    pollVotes: 0,
  });
  expect(await playRow(theirs.quizId, theirPlay)).toMatchObject({ email: 'shared@example.com', name: 'Sam' });
  expect((await db().select().from(pollVotes).where(eq(pollVotes.id, theirVote)))[0]!.email).toBe('shared@example.com');
});
