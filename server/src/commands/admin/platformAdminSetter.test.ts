import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { platformAdmins } from '../../db/schema/index.ts';
import { adminCommandRun } from '../../test/adminFixture.ts';
import { createOwner } from '../../test/factories.ts';
import { getTestServer, type TestServer } from '../../test/getTestServer.ts';
import { platformAdminSetter } from './platformAdminSetter.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

it('makes a user an administrator granted by the actor, and no longer one, each in the audit log', async () => {
  const run = await adminCommandRun(server);
  const owner = await createOwner(server);
  const granted = await platformAdminSetter(run.deps, {
    member: await run.member(owner.user),
    platformAdmin: true,
    actor: run.actor,
  });
  expect(granted.members.find((row) => row.user.id === owner.user.id)!.platformAdmin).toBe(true);
  expect(await run.db.select().from(platformAdmins).where(eq(platformAdmins.userId, owner.user.id))).toMatchObject([
    { grantedBy: run.admin.user.id },
  ]);
  // Granting twice keeps the first grant and records nothing more.
  await platformAdminSetter(run.deps, { member: await run.member(owner.user), platformAdmin: true, actor: run.actor });

  await platformAdminSetter(run.deps, { member: await run.member(owner.user), platformAdmin: false, actor: run.actor });
  expect(await run.db.select().from(platformAdmins).where(eq(platformAdmins.userId, owner.user.id))).toEqual([]);
  expect((await run.audit(owner.user.id)).map((row) => row.action)).toEqual([
    'user.platform_admin_grant',
    'user.platform_admin_revoke',
  ]);
});
