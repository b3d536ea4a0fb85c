import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { shopInstallations } from '../db/schema/index.ts';
import { getShopifyTestServer, type ShopifyTestServer } from '../test/getTestServer.ts';
import { installedShop } from '../test/shopifyWebhooks.ts';
import { productSyncQueuer } from './productSyncQueuer.ts';

let server: ShopifyTestServer;
beforeAll(async () => {
  server = await getShopifyTestServer();
});
afterAll(() => server.stop());

class RolledBack extends Error {}

it('queues the sync job and records it queued, both in the caller’s transaction (a rollback keeps neither)', async () => {
  const { accountId } = await installedShop(server);
  const { db } = server.services.database;
  const { queue } = server.services;
  const openJobs = async (tx: typeof db) => {
    const result = await tx.execute(
      sql`select count(*)::int as count from ${sql.identifier(queue.schema)}.job
        where name = 'shopify.products.sync' and data->>'accountId' = ${accountId} and state = 'created'`,
    );
    return (result as unknown as { rows: { count: number }[] }).rows[0]!.count;
  };
  const syncState = async (tx: typeof db) =>
    (await tx.select().from(shopInstallations).where(eq(shopInstallations.accountId, accountId)))[0]!.productsSyncState;
  const before = await syncState(db);

  await expect(
    db.transaction(async (tx) => {
      await productSyncQueuer({ db: tx, queue }, { accountId });
      expect(await syncState(tx)).toBe('queued');
      expect(await openJobs(tx)).toBe(1);
      throw new RolledBack();
    }),
  ).rejects.toBeInstanceOf(RolledBack);
  expect(await syncState(db)).toBe(before);
  expect(await openJobs(db)).toBe(0);
});
