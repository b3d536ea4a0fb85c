import { afterAll, beforeAll, expect, it } from 'vitest';
import { listWebhooks } from '../db/queries/destinations.ts';
import { createOwner } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { webhookCreator } from './webhookCreator.ts';
import { webhookDeleter } from './webhookDeleter.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

it('deletes the account’s endpoint; another account’s id is a 404 that deletes nothing', async () => {
  const owner = await createOwner(server);
  const other = await createOwner(server);
  const { db } = server.services.database;
  const deps = { db, secrets: server.services.secrets };
  const kept = await webhookCreator(deps, { accountId: owner.account.id, url: 'https://a.example.com/' });
  const gone = await webhookCreator(deps, { accountId: owner.account.id, url: 'https://b.example.com/' });

  await expect(webhookDeleter({ db }, { accountId: other.account.id, id: kept.row.id })).rejects.toMatchObject({ status: 404 });
  await webhookDeleter({ db }, { accountId: owner.account.id, id: gone.row.id });
  expect((await listWebhooks(db, owner.account.id)).map((row) => row.id)).toEqual([kept.row.id]);
  await expect(webhookDeleter({ db }, { accountId: owner.account.id, id: gone.row.id })).rejects.toMatchObject({ status: 404 });
});
