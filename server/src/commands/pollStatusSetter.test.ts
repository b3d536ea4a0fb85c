import { afterAll, beforeAll, expect, it } from 'vitest';
import { polls } from '../db/schema/index.ts';
import { findOwnPoll } from '../policies/poll.ts';
import { createOwner } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { pollStatusSetter } from './pollStatusSetter.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

it('unpublishes and publishes the account’s poll; another account’s id is a 404 that changes nothing', async () => {
  const owner = await createOwner(server);
  const other = await createOwner(server);
  const accountId = owner.account.id;
  const { db } = server.services.database;
  const [poll] = await db
    .insert(polls)
    .values({ accountId, description: 'Q', slug: 'q', options: ['A', 'B'], colors: { background: '#ffffff', text: '#000000' } })
    .returning();

  const off = await pollStatusSetter({ db }, { accountId, pollId: poll!.id, status: 'unpublished' });
  expect(off).toMatchObject({ id: poll!.id, published: false, options: ['A', 'B'] });
  await expect(
    pollStatusSetter({ db }, { accountId: other.account.id, pollId: poll!.id, status: 'published' }),
  ).rejects.toMatchObject({
    status: 404,
  });
  expect((await findOwnPoll(db, { accountId }, poll!.id)).published).toBe(false);
  expect((await pollStatusSetter({ db }, { accountId, pollId: poll!.id, status: 'published' })).published).toBe(true);
});
