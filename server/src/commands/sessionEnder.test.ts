import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sessions } from '../db/schema/index.ts';
import { createOwner } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { sessionEnder } from './sessionEnder.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const db = () => server.services.database.db;
const sessionOf = async (userId: string) => (await db().select().from(sessions).where(eq(sessions.userId, userId)))[0];

it('ends the session: its row goes and the cookie no longer signs in', async () => {
  const owner = await createOwner(server);
  const session = (await sessionOf(owner.user.id))!;
  expect((await owner.client.get('/api/v1/session')).status).toBe(200);

  await sessionEnder({ db: db() }, { accountId: owner.account.id, sessionId: session.id });
  expect(await sessionOf(owner.user.id)).toBeUndefined();
  expect((await owner.client.get('/api/v1/session')).status).toBe(401);
});

it("ends nothing when the session is another account's", async () => {
  const owner = await createOwner(server);
  const other = await createOwner(server);
  const session = (await sessionOf(owner.user.id))!;
  await sessionEnder({ db: db() }, { accountId: other.account.id, sessionId: session.id });
  expect(await sessionOf(owner.user.id)).toEqual(session);
});
