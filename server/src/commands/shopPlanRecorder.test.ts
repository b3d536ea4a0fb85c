import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accounts, shopPlans } from '../db/schema/index.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import type { Changed } from './commitHooks.ts';
import { shopPlanRecorder, type ReportedPlan } from './shopPlanRecorder.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const db = () => server.services.database.db;

async function createShop() {
  const [shop] = await db()
    .insert(accounts)
    .values({ kind: 'shopify', shopDomain: `plan-${randomUUID().slice(0, 8)}.myshopify.com` })
    .returning();
  return shop!;
}

const at = (iso: string) => new Date(iso);
const plan = (overrides: Partial<ReportedPlan>): ReportedPlan => ({
  subscriptionId: 'gid://shopify/AppSubscription/1',
  name: 'Pro',
  status: 'ACTIVE',
  test: false,
  currentPeriodEnd: at('2026-12-31T00:00:00Z'),
  changedAt: at('2026-11-01T00:00:00Z'),
  ...overrides,
});

/** Records `reported` in a transaction, returning what was told to `changed`. */
async function record(accountId: string, reported: ReportedPlan, authoritative?: boolean) {
  const told: Changed[] = [];
  await db().transaction((tx) =>
    shopPlanRecorder({ db: tx, changed: (change) => void told.push(change), accountId, plan: reported, authoritative }),
  );
  return told;
}

const stateOf = async (accountId: string) => {
  const [account] = await db().select({ mode: accounts.mode }).from(accounts).where(eq(accounts.id, accountId));
  const [row] = await db().select().from(shopPlans).where(eq(shopPlans.accountId, accountId));
  return { mode: account!.mode, plan: row };
};

it('records an active subscription, turns the shop paid and tells the change once; a repeat changes nothing', async () => {
  const shop = await createShop();
  expect(await record(shop.id, plan({}))).toEqual([{ accountId: shop.id }]);
  const state = await stateOf(shop.id);
  expect(state.mode).toBe('paid');
  expect(state.plan).toMatchObject({
    subscriptionId: 'gid://shopify/AppSubscription/1',
    name: 'Pro',
    status: 'ACTIVE',
    test: false,
    currentPeriodEnd: at('2026-12-31T00:00:00Z'),
    changedAt: at('2026-11-01T00:00:00Z'),
  });

  expect(await record(shop.id, plan({}))).toEqual([]);
  expect((await stateOf(shop.id)).mode).toBe('paid');
});

it('ignores news older than what is recorded, and applies newer news (a cancel turns the shop free)', async () => {
  const shop = await createShop();
  await record(shop.id, plan({ changedAt: at('2026-11-02T00:00:00Z') }));
  expect(await record(shop.id, plan({ status: 'CANCELLED', changedAt: at('2026-11-01T00:00:00Z') }))).toEqual([]);
  expect(await stateOf(shop.id)).toMatchObject({ mode: 'paid', plan: { status: 'ACTIVE' } });

  expect(await record(shop.id, plan({ status: 'CANCELLED', changedAt: at('2026-11-03T00:00:00Z') }))).toEqual([
    { accountId: shop.id },
  ]);
  expect(await stateOf(shop.id)).toMatchObject({
    mode: 'free',
    plan: { status: 'CANCELLED', changedAt: at('2026-11-03T00:00:00Z') },
  });
});

it('ignores the end of an older subscription once a newer one is active, unless an Admin API read says so', async () => {
  const shop = await createShop();
  await record(shop.id, plan({ subscriptionId: 'gid://shopify/AppSubscription/2', changedAt: at('2026-11-05T00:00:00Z') }));
  const oldEnds = plan({
    subscriptionId: 'gid://shopify/AppSubscription/1',
    status: 'CANCELLED',
    changedAt: at('2026-11-06T00:00:00Z'),
  });
  expect(await record(shop.id, oldEnds)).toEqual([]);
  expect(await stateOf(shop.id)).toMatchObject({
    mode: 'paid',
    plan: { subscriptionId: 'gid://shopify/AppSubscription/2', status: 'ACTIVE' },
  });

  // An authoritative read is the whole truth, even older than what is recorded.
  const read = plan({
    subscriptionId: null,
    name: 'Free',
    status: null,
    currentPeriodEnd: null,
    changedAt: at('2026-10-01T00:00:00Z'),
  });
  expect(await record(shop.id, read, true)).toEqual([{ accountId: shop.id }]);
  expect(await stateOf(shop.id)).toMatchObject({
    mode: 'free',
    plan: { subscriptionId: null, name: 'Free', status: null, changedAt: at('2026-10-01T00:00:00Z') },
  });
});

it('does nothing for an account that does not exist', async () => {
  const missing = randomUUID();
  expect(await record(missing, plan({}))).toEqual([]);
  expect(await db().select().from(shopPlans).where(eq(shopPlans.accountId, missing))).toEqual([]);
});
