import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accounts, users } from '../../db/schema/index.ts';
import { adminCommandRun } from '../../test/adminFixture.ts';
import { createOwner } from '../../test/factories.ts';
import { getTestServer, type TestServer } from '../../test/getTestServer.ts';
import { adminAccountDeleter } from './adminAccountDeleter.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

it('deletes an account with its users, keeps what it held in the audit log, and drops its cached quizzes after commit', async () => {
  const run = await adminCommandRun(server);
  const owner = await createOwner(server);
  const accountId = owner.account.id;
  await adminAccountDeleter(
    { ...run.deps, storage: server.services.storage },
    { before: await run.account(accountId), actor: run.actor },
  );
  expect(await run.db.select().from(accounts).where(eq(accounts.id, accountId))).toEqual([]);
  expect(await run.db.select().from(users).where(eq(users.id, owner.user.id))).toEqual([]);
  expect(await run.audit(accountId)).toMatchObject([
    {
      action: 'account.delete',
      after: null,
      before: { id: accountId, users: [{ id: owner.user.id, email: owner.email, role: 'owner' }] },
    },
  ]);
  expect(run.invalidated).toEqual([]);
  await run.commit();
  expect(run.invalidated).toEqual([{ accountId }]);
});
