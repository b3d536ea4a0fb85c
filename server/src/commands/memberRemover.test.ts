import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { teamMessages } from '@quizlead/shared/schemas/team.ts';
import { memberships, sessions, users } from '../db/schema/index.ts';
import { createMember, createOwner } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { memberRemover } from './memberRemover.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const db = () => server.services.database.db;

it('removes a person from the account and deletes their user and sessions', async () => {
  const owner = await createOwner(server);
  const member = await createMember(server, owner.account);
  expect(await db().select().from(sessions).where(eq(sessions.userId, member.user.id))).toHaveLength(1);

  await memberRemover({ db: db() }, { accountId: owner.account.id, userId: member.user.id, byUserId: owner.user.id });
  expect(await db().select().from(memberships).where(eq(memberships.userId, member.user.id))).toEqual([]);
  expect(await db().select().from(users).where(eq(users.id, member.user.id))).toEqual([]);
  expect(await db().select().from(sessions).where(eq(sessions.userId, member.user.id))).toEqual([]);
  expect(await db().select().from(users).where(eq(users.id, owner.user.id))).toHaveLength(1);
});

it('refuses to remove oneself or the last owner (400 on userId), and keeps them', async () => {
  const owner = await createOwner(server);
  const member = await createMember(server, owner.account);
  const accountId = owner.account.id;

  await expect(
    memberRemover({ db: db() }, { accountId, userId: member.user.id, byUserId: member.user.id }),
  ).rejects.toMatchObject({
    status: 400,
    message: teamMessages.notYourself,
    field: 'userId',
  });
  await expect(memberRemover({ db: db() }, { accountId, userId: owner.user.id, byUserId: member.user.id })).rejects.toMatchObject(
    {
      status: 400,
      message: teamMessages.lastOwner,
      field: 'userId',
    },
  );
  expect(await db().select().from(memberships).where(eq(memberships.accountId, accountId))).toHaveLength(2);
});
