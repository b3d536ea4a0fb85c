import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminMessages } from '@quizlead/shared/admin.ts';
import { plans } from '../../db/schema/index.ts';
import { syncAccountModeTask } from '../../jobs/tasks/SyncAccountModeTask.ts';
import { adminCommandRun } from '../../test/adminFixture.ts';
import { createOwner } from '../../test/factories.ts';
import { getTestServer, type TestServer } from '../../test/getTestServer.ts';
import { planGranter } from './planGranter.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

it('grants a paid plan until a date: the account is paid once this commits and a job puts it back to free then', async () => {
  const run = await adminCommandRun(server);
  const owner = await createOwner(server);
  const [plan] = await run.db.insert(plans).values({ name: 'Gift', monthlyPriceCents: 1500, listed: false }).returning();
  const queued: unknown[] = [];
  const queue = { enqueue: async (...args: unknown[]) => String(queued.push(args.slice(1))) };
  const endsAt = new Date(Date.now() + 30 * 86_400_000);

  const after = await planGranter(
    { ...run.deps, queue },
    { before: await run.account(owner.account.id), planId: plan!.id, endsAt, actor: run.actor },
  );
  expect(after.account.mode).toBe('paid');
  expect(after.period).toMatchObject({ period: { planId: plan!.id, grantedBy: run.admin.user.id, endsAt } });
  expect(queued).toEqual([[syncAccountModeTask, { accountId: owner.account.id }, { startAfter: endsAt }]]);
  expect(run.invalidated).toEqual([]);
  await run.commit();
  expect(run.invalidated).toEqual([{ accountId: owner.account.id }]);
  expect(await run.audit(owner.account.id)).toMatchObject([
    { action: 'account.plan_grant', before: { mode: 'free' }, after: { mode: 'paid', grant: { planId: plan!.id } } },
  ]);
});

it('refuses the free plan (400 on planId) and a Shopify shop (409)', async () => {
  const run = await adminCommandRun(server);
  const owner = await createOwner(server);
  const queue = { enqueue: async () => expect.unreachable('nothing is queued') };
  const endsAt = new Date(Date.now() + 86_400_000);
  const before = await run.account(owner.account.id);
  await expect(planGranter({ ...run.deps, queue }, { before, planId: 1, endsAt, actor: run.actor })).rejects.toMatchObject({
    status: 400,
    field: 'planId',
    message: adminMessages.grantPaidPlan,
  });
  const shop = { ...before, account: { ...before.account, kind: 'shopify' as const } };
  await expect(planGranter({ ...run.deps, queue }, { before: shop, planId: 1, endsAt, actor: run.actor })).rejects.toMatchObject({
    status: 409,
  });
  expect((await run.account(owner.account.id)).account.mode).toBe('free');
});
