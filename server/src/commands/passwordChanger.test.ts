import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '@quizlead/shared/validations.ts';
import { sessions, users } from '../db/schema/index.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { createOwner } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { passwordChanger } from './passwordChanger.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const db = () => server.services.database.db;
const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
const sessionIds = async (userId: string) =>
  (await db().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).map(({ id }) => id);

it('stores the new password and signs the user out of every session but the one kept', async () => {
  const owner = await createOwner(server);
  const [kept] = await sessionIds(owner.user.id);
  // The same user signed in elsewhere.
  await db()
    .insert(sessions)
    .values({
      id: crypto.randomUUID(),
      userId: owner.user.id,
      accountId: owner.account.id,
      csrfToken: 'x',
      expiresAt: new Date(Date.now() + 86_400_000),
    });
  expect(await sessionIds(owner.user.id)).toHaveLength(2);

  const input = { keepSessionId: kept, currentPassword: owner.password, newPassword: 'a brand new long secret' };
  await passwordChanger({ db: db() }, { user: await userRow(owner.user.id), ...input });
  expect(await verifyPassword((await userRow(owner.user.id)).passwordHash, 'a brand new long secret')).toBe(true);
  expect(await sessionIds(owner.user.id)).toEqual([kept]);
});

it('refuses a wrong current password (400 on currentPassword) and changes nothing', async () => {
  const owner = await createOwner(server);
  const input = { keepSessionId: undefined, currentPassword: 'not the password', newPassword: 'a brand new long secret' };
  await expect(passwordChanger({ db: db() }, { user: await userRow(owner.user.id), ...input })).rejects.toMatchObject({
    status: 400,
    message: messages.account.currentPasswordWrong,
    field: 'currentPassword',
  });
  expect(await verifyPassword((await userRow(owner.user.id)).passwordHash, owner.password)).toBe(true);
  expect(await sessionIds(owner.user.id)).toHaveLength(1);
});
