import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Changed } from '../../commands/commitHooks.ts';
import { accounts, paidPeriods } from '../../db/schema/index.ts';
import { insertPaidPeriod } from '../../test/billingKit.ts';
import { createOwner } from '../../test/factories.ts';
import { getTestServer, type TestServer } from '../../test/getTestServer.ts';
import { syncAccountModeTask } from './SyncAccountModeTask.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const dayMs = 86_400_000;
const db = () => server.services.database.db;
const modeOf = async (accountId: string) =>
  (await db().select({ mode: accounts.mode }).from(accounts).where(eq(accounts.id, accountId)))[0]!.mode;

/** Runs the task's handler with the real database and a cache listener that records what it was told. */
async function run(payload: { accountId?: string }) {
  const dropped: Changed[] = [];
  await syncAccountModeTask.handler(payload, {
    db: db(),
    logger: server.services.logger,
    quizCache: { drop: async (change) => void dropped.push(change) },
  });
  return dropped;
}

async function withPeriod(startsAt: Date, endsAt: Date) {
  const { account } = await createOwner(server);
  await insertPaidPeriod(server, account.id, startsAt, endsAt);
  return account;
}

it('puts one account in step with its periods and drops its cached quizzes once; a second run changes nothing', async () => {
  const now = Date.now();
  const account = await withPeriod(new Date(now - dayMs), new Date(now + dayMs));
  expect(await run({ accountId: account.id })).toEqual([{ accountId: account.id }]);
  expect(await modeOf(account.id)).toBe('paid');
  expect(await run({ accountId: account.id })).toEqual([]);

  // The period ends: the job queued for its end turns the account free again.
  await db()
    .update(paidPeriods)
    .set({ endsAt: new Date(now - 1000) })
    .where(eq(paidPeriods.accountId, account.id));
  expect(await run({ accountId: account.id })).toEqual([{ accountId: account.id }]);
  expect(await modeOf(account.id)).toBe('free');
});

it('the hourly sweep fixes every standalone account out of step, and leaves Shopify shops alone', async () => {
  const now = Date.now();
  const toPaid = await withPeriod(new Date(now - dayMs), new Date(now + dayMs));
  const lapsed = await withPeriod(new Date(now - 2 * dayMs), new Date(now - dayMs));
  await db().update(accounts).set({ mode: 'paid' }).where(eq(accounts.id, lapsed.id));
  const [shop] = await db()
    .insert(accounts)
    .values({ kind: 'shopify', mode: 'paid', shopDomain: `sweep-${randomUUID().slice(0, 8)}.myshopify.com` })
    .returning();

  const dropped = await run({});
  expect(dropped).toEqual(expect.arrayContaining([{ accountId: toPaid.id }, { accountId: lapsed.id }]));
  expect(dropped).not.toContainEqual({ accountId: shop!.id });
  expect(await modeOf(toPaid.id)).toBe('paid');
  expect(await modeOf(lapsed.id)).toBe('free');
  expect(await modeOf(shop!.id)).toBe('paid');
});
