import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { destinations } from '../db/schema/index.ts';
import { createOwner } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { webhookCreator } from './webhookCreator.ts';
import { webhookSaver } from './webhookSaver.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

it('saves the URL and the switch; switching back on clears why the pipeline switched it off', async () => {
  const owner = await createOwner(server);
  const { db } = server.services.database;
  const { row } = await webhookCreator(
    { db, secrets: server.services.secrets },
    { accountId: owner.account.id, url: 'https://a.example.com/' },
  );
  await db
    .update(destinations)
    .set({ enabled: false, disabledReason: 'gone', disabledAt: new Date() })
    .where(eq(destinations.id, row.id));

  const saved = await webhookSaver(
    { db },
    { accountId: owner.account.id, id: row.id, url: 'https://b.example.com/', enabled: true },
  );
  expect(saved).toMatchObject({
    id: row.id,
    url: 'https://b.example.com/',
    enabled: true,
    disabledReason: null,
    disabledAt: null,
  });
  expect(saved.sealed).toEqual(row.sealed);
});

it('answers 404 for another account’s endpoint and leaves it as it was', async () => {
  const owner = await createOwner(server);
  const other = await createOwner(server);
  const { db } = server.services.database;
  const { row } = await webhookCreator(
    { db, secrets: server.services.secrets },
    { accountId: owner.account.id, url: 'https://a.example.com/' },
  );

  await expect(
    webhookSaver({ db }, { accountId: other.account.id, id: row.id, url: 'https://b.example.com/', enabled: false }),
  ).rejects.toMatchObject({ status: 404 });
  const [stored] = await db.select().from(destinations).where(eq(destinations.id, row.id));
  expect(stored).toMatchObject({ url: 'https://a.example.com/', enabled: true });
});
