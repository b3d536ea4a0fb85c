import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminMessages } from '@quizlead/shared/admin.ts';
import { users } from '../../db/schema/index.ts';
import { adminCommandRun } from '../../test/adminFixture.ts';
import { createMember, createOwner } from '../../test/factories.ts';
import { getTestServer, type TestServer } from '../../test/getTestServer.ts';
import { userDeleter } from './userDeleter.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

it('deletes a member and answers with their account without them, the deletion in the audit log', async () => {
  const run = await adminCommandRun(server);
  const owner = await createOwner(server);
  const member = await createMember(server, owner.account);
  const detail = await userDeleter(run.deps, { member: await run.member(member.user), actor: run.actor });
  expect(detail.members.map((row) => row.user.id)).toEqual([owner.user.id]);
  expect(await run.db.select().from(users).where(eq(users.id, member.user.id))).toEqual([]);
  expect(await run.audit(member.user.id)).toMatchObject([
    { action: 'user.delete', before: { email: member.email }, after: null },
  ]);
});

it('refuses to delete an account’s last owner', async () => {
  const run = await adminCommandRun(server);
  const owner = await createOwner(server);
  await expect(userDeleter(run.deps, { member: await run.member(owner.user), actor: run.actor })).rejects.toMatchObject({
    status: 400,
    field: 'id',
    message: adminMessages.lastOwnerDelete,
  });
  expect(await run.db.select().from(users).where(eq(users.id, owner.user.id))).toHaveLength(1);
});
