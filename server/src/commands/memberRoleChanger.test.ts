import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { teamMessages } from '@quizlead/shared/schemas/team.ts';
import { memberships } from '../db/schema/index.ts';
import { createMember, createOwner } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { memberRoleChanger } from './memberRoleChanger.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const db = () => server.services.database.db;
const roleOf = async (accountId: string, userId: string) =>
  (
    await db()
      .select()
      .from(memberships)
      .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
  )[0]?.role;

it('changes a role, and lets an owner step down once another owner is there', async () => {
  const owner = await createOwner(server);
  const member = await createMember(server, owner.account);
  const accountId = owner.account.id;

  await memberRoleChanger({ db: db() }, { accountId, userId: member.user.id, role: 'owner' });
  expect(await roleOf(accountId, member.user.id)).toBe('owner');
  await memberRoleChanger({ db: db() }, { accountId, userId: owner.user.id, role: 'member' });
  expect(await roleOf(accountId, owner.user.id)).toBe('member');
});

it('refuses to take the last owner’s role (400 on role), and answers 404 for someone not in the account', async () => {
  const owner = await createOwner(server);
  const other = await createOwner(server);
  const accountId = owner.account.id;

  await expect(memberRoleChanger({ db: db() }, { accountId, userId: owner.user.id, role: 'member' })).rejects.toMatchObject({
    status: 400,
    message: teamMessages.lastOwner,
    field: 'role',
  });
  expect(await roleOf(accountId, owner.user.id)).toBe('owner');
  await expect(memberRoleChanger({ db: db() }, { accountId, userId: other.user.id, role: 'member' })).rejects.toMatchObject({
    status: 404,
  });
  expect(await roleOf(other.account.id, other.user.id)).toBe('owner');
});
