import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pollMessages } from '@quizlead/shared/engagement.ts';
import { engagementSchemas, type TEngagementBody } from '@quizlead/shared/schemas/engagementKinds.ts';
import { pollVotes } from '../db/schema/index.ts';
import { findOwnPoll } from '../policies/poll.ts';
import { pollKind } from '../routes/api/polls/polls.ts';
import { commandDeps } from '../test/commandHooks.ts';
import { createOwner } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { engagementItemCreator } from './engagementItemCreator.ts';
import { engagementItemSaver } from './engagementItemSaver.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const pollBody = (fields: Record<string, unknown>) => engagementSchemas.poll.update.parse(fields) as TEngagementBody<'poll'>;

it('saves the builder’s body over the stored item and answers the row stored', async () => {
  const owner = await createOwner(server);
  const accountId = owner.account.id;
  const poll = await engagementItemCreator(commandDeps(server), {
    store: pollKind,
    accountId,
    body: pollBody({ description: 'Old', options: ['A', 'B'] }),
  });

  const saved = await engagementItemSaver(commandDeps(server), {
    store: pollKind,
    accountId,
    stored: poll,
    body: pollBody({ description: 'New question', options: ['A', 'B', 'C'], status: 'unpublished' }),
  });
  expect(saved).toMatchObject({ id: poll.id, description: 'New question', options: ['A', 'B', 'C'], published: false });
  expect(saved.updatedAt.getTime()).toBeGreaterThanOrEqual(poll.updatedAt.getTime());
  expect(await findOwnPoll(server.services.database.db, { accountId }, poll.id)).toEqual(saved);
});

it('keeps the item as it was when the kind refuses the save (a voted poll’s options)', async () => {
  const owner = await createOwner(server);
  const accountId = owner.account.id;
  const { db } = server.services.database;
  const poll = await engagementItemCreator(commandDeps(server), {
    store: pollKind,
    accountId,
    body: pollBody({ description: 'Q', options: ['A', 'B'] }),
  });
  await db.insert(pollVotes).values({ id: randomUUID(), accountId, pollId: poll.id, optionIndex: 0 });

  await expect(
    engagementItemSaver(commandDeps(server), {
      store: pollKind,
      accountId,
      stored: poll,
      body: pollBody({ description: 'Q', options: ['A', 'C'] }),
    }),
  ).rejects.toMatchObject({ status: 400, message: pollMessages.votingStarted, field: 'options' });
  expect((await findOwnPoll(db, { accountId }, poll.id)).options).toEqual(['A', 'B']);
});
