import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminMessages } from '@quizlead/shared/admin.ts';
import { adminCommandRun } from '../../test/adminFixture.ts';
import { createMember, createOwner } from '../../test/factories.ts';
import { getTestServer, type TestServer } from '../../test/getTestServer.ts';
import { userRoleSetter } from './userRoleSetter.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

it('makes a member an owner, with the change in the audit log', async () => {
  const run = await adminCommandRun(server);
  const owner = await createOwner(server);
  const member = await createMember(server, owner.account);
  const detail = await userRoleSetter(run.deps, { member: await run.member(member.user), role: 'owner', actor: run.actor });
  expect(detail.members.find((row) => row.user.id === member.user.id)!.role).toBe('owner');
  expect(await run.audit(member.user.id)).toMatchObject([
    { action: 'user.role', before: { role: 'member' }, after: { role: 'owner' } },
  ]);
});

it('refuses to take the last owner’s role, naming the field, and changes nothing', async () => {
  const run = await adminCommandRun(server);
  const owner = await createOwner(server);
  await expect(
    userRoleSetter(run.deps, { member: await run.member(owner.user), role: 'member', actor: run.actor }),
  ).rejects.toMatchObject({ status: 400, field: 'role', message: adminMessages.lastOwnerRole });
  expect((await run.member(owner.user)).role).toBe('owner');
  expect(await run.audit(owner.user.id)).toEqual([]);
});
