import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminMessages } from '@quizlead/shared/admin.ts';
import { accounts, paidPeriods, plans } from '../../db/schema/index.ts';
import { adminCommandRun } from '../../test/adminFixture.ts';
import { createOwner } from '../../test/factories.ts';
import { getTestServer, type TestServer } from '../../test/getTestServer.ts';
import { planEnder } from './planEnder.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

it('ends every open period now: the account is free, the periods ended are in the audit log', async () => {
  const run = await adminCommandRun(server);
  const owner = await createOwner(server);
  const [plan] = await run.db.insert(plans).values({ name: 'Gift', monthlyPriceCents: 1500, listed: false }).returning();
  const day = 86_400_000;
  const accountId = owner.account.id;
  for (const [from, to] of [
    [-day, day],
    [day, 3 * day],
  ])
    await run.db.insert(paidPeriods).values({
      accountId,
      planId: plan!.id,
      period: 'monthly',
      startsAt: new Date(Date.now() + from!),
      endsAt: new Date(Date.now() + to!),
    });
  await run.db.update(accounts).set({ mode: 'paid' }).where(eq(accounts.id, accountId));
  const after = await planEnder(run.deps, { before: await run.account(accountId), actor: run.actor });
  expect(after.period).toBeUndefined();
  expect(after.account.mode).toBe('free');
  const [row] = await run.audit(accountId);
  expect(row).toMatchObject({ action: 'account.plan_end', before: { mode: 'paid' }, after: { mode: 'free', openPeriods: [] } });
  await run.commit();
  expect(run.invalidated).toEqual([{ accountId }]);
  expect((row!.before as { openPeriods: unknown[] }).openPeriods).toHaveLength(2);
});

it('refuses an account with nothing to end (409)', async () => {
  const run = await adminCommandRun(server);
  const owner = await createOwner(server);
  await expect(planEnder(run.deps, { before: await run.account(owner.account.id), actor: run.actor })).rejects.toMatchObject({
    status: 409,
    message: adminMessages.noPeriodToEnd,
  });
  expect(await run.audit(owner.account.id)).toEqual([]);
});
