import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.ts';
import { adminCommandRun } from '../../test/adminFixture.ts';
import { createOwner } from '../../test/factories.ts';
import { getTestServer, type TestServer } from '../../test/getTestServer.ts';
import { userAccessChanger } from './userAccessChanger.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

it('disables a user (every session ends) and enables them again, each change in the audit log', async () => {
  const run = await adminCommandRun(server);
  const owner = await createOwner(server);
  const disabled = await userAccessChanger(run.deps, {
    member: await run.member(owner.user),
    change: 'disable',
    actor: run.actor,
  });
  expect(disabled.members.find((row) => row.user.id === owner.user.id)!.user.disabledAt).toBeInstanceOf(Date);
  expect(await run.db.select().from(sessions).where(eq(sessions.userId, owner.user.id))).toEqual([]);

  const enabled = await userAccessChanger(run.deps, { member: await run.member(owner.user), change: 'enable', actor: run.actor });
  expect(enabled.members.find((row) => row.user.id === owner.user.id)!.user.disabledAt).toBeNull();
  const rows = await run.audit(owner.user.id);
  expect(rows.map((row) => [row.action, row.actorUserId, row.ip])).toEqual([
    ['user.disable', run.admin.user.id, '127.0.0.1'],
    ['user.enable', run.admin.user.id, '127.0.0.1'],
  ]);
});

it('keeps the first verification and records nothing when verifying a verified user', async () => {
  const run = await adminCommandRun(server);
  const owner = await createOwner(server);
  const member = await run.member(owner.user);
  expect(member.user.verifiedAt).toBeInstanceOf(Date);
  const verified = await userAccessChanger(run.deps, { member, change: 'verify', actor: run.actor });
  expect(verified.members.find((row) => row.user.id === owner.user.id)!.user.verifiedAt).toEqual(member.user.verifiedAt);
  expect(await run.audit(owner.user.id)).toEqual([]);
});
