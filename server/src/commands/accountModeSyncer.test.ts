import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accounts, paidPeriods } from '../db/schema/index.ts';
import { insertPaidPeriod } from '../test/billingKit.ts';
import { createOwner } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { accountModeSyncer } from './accountModeSyncer.ts';
import type { Changed } from './commitHooks.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const dayMs = 86_400_000;
const db = () => server.services.database.db;
const modeOf = async (accountId: string) =>
  (await db().select({ mode: accounts.mode }).from(accounts).where(eq(accounts.id, accountId)))[0]!.mode;

function recorder() {
  const told: Changed[] = [];
  return { told, deps: { db: db(), changed: (change: Changed) => void told.push(change) } };
}

const addPeriod = (accountId: string, startsAt: Date, endsAt: Date) => insertPaidPeriod(server, accountId, startsAt, endsAt);

it('turns a standalone account paid while a period is in force, tells the change once, and is idempotent', async () => {
  const { account } = await createOwner(server);
  const now = new Date();
  await addPeriod(account.id, new Date(now.getTime() - dayMs), new Date(now.getTime() + 29 * dayMs));
  const first = recorder();
  expect(await accountModeSyncer(first.deps, { accountId: account.id, at: now })).toBe('paid');
  expect(first.told).toEqual([{ accountId: account.id }]);
  expect(await modeOf(account.id)).toBe('paid');

  const again = recorder();
  expect(await accountModeSyncer(again.deps, { accountId: account.id, at: now })).toBeUndefined();
  expect(again.told).toEqual([]);
  expect(await modeOf(account.id)).toBe('paid');
});

it('turns the account free once the period has run out or was ended, and not before it starts', async () => {
  const { account } = await createOwner(server);
  const now = new Date();
  const period = await addPeriod(account.id, new Date(now.getTime() - dayMs), new Date(now.getTime() + dayMs));
  await accountModeSyncer(recorder().deps, { accountId: account.id, at: now });
  expect(await modeOf(account.id)).toBe('paid');

  // At the period's end exactly it no longer counts.
  const atEnd = recorder();
  expect(await accountModeSyncer(atEnd.deps, { accountId: account.id, at: period.endsAt })).toBe('free');
  expect(atEnd.told).toEqual([{ accountId: account.id }]);

  // Before a period starts the account stays free.
  const early = recorder();
  expect(await accountModeSyncer(early.deps, { accountId: account.id, at: new Date(now.getTime() - 2 * dayMs) })).toBeUndefined();
  expect(early.told).toEqual([]);

  // A period ended early (a refund) no longer counts either.
  await accountModeSyncer(recorder().deps, { accountId: account.id, at: now });
  expect(await modeOf(account.id)).toBe('paid');
  await db().update(paidPeriods).set({ endedAt: now }).where(eq(paidPeriods.id, period.id));
  expect(await accountModeSyncer(recorder().deps, { accountId: account.id, at: now })).toBe('free');
  expect(await modeOf(account.id)).toBe('free');
});

it('leaves a Shopify shop alone (its mode follows Shopify billing) and ignores another account’s periods', async () => {
  const [shop] = await db()
    .insert(accounts)
    .values({ kind: 'shopify', mode: 'paid', shopDomain: `mode-${randomUUID().slice(0, 8)}.myshopify.com` })
    .returning();
  const run = recorder();
  expect(await accountModeSyncer(run.deps, { accountId: shop!.id, at: new Date() })).toBeUndefined();
  expect(run.told).toEqual([]);
  expect(await modeOf(shop!.id)).toBe('paid');

  const { account: payer } = await createOwner(server);
  const { account: other } = await createOwner(server);
  await addPeriod(payer.id, new Date(Date.now() - dayMs), new Date(Date.now() + dayMs));
  expect(await accountModeSyncer(recorder().deps, { accountId: other.id, at: new Date() })).toBeUndefined();
  expect(await modeOf(other.id)).toBe('free');
});
