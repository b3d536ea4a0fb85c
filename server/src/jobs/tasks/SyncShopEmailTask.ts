import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { shopEmailSyncer } from '../../commands/shopEmailSyncer.ts';
import type { Services } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { ShopNotInstalledError } from '../../integrations/shopify/adminApi.ts';
import { defineTask } from '../task.ts';

/**
 * The shop's own address read from Shopify (commands/shopEmailSyncer.ts): enqueued with an install, and
 * by the first admin request of a shop installed before the app read it. The shop/update webhook keeps
 * it current afterwards.
 */
export const syncShopEmailTask = defineTask({
  name: 'shopify.shop-email.sync',
  payload: z.object({ accountId: z.uuid() }),
  retry: { limit: 6, delaySeconds: 30, backoff: true },
  handler: async ({ accountId }, deps: { services?: Services }) => {
    if (!deps.services) throw new Error('the server is still starting');
    try {
      await shopEmailSyncer(deps.services, accountId);
    } catch (error) {
      // Uninstalled (or its token revoked) since: the next install enqueues another.
      if (error instanceof ShopNotInstalledError) return;
      throw error;
    }
  },
});

/**
 * Enqueues the read unless one is already waiting or running for the account: admin requests of a shop
 * whose address is not known yet each ask, and one read answers them all.
 */
export async function enqueueShopEmailSync(services: Services, db: Db, accountId: string): Promise<void> {
  const open = await db.execute(
    sql`select 1 from ${sql.identifier(services.queue.schema)}.job
      where name = ${syncShopEmailTask.name} and data->>'accountId' = ${accountId} and state in ('created', 'retry', 'active')
      limit 1`,
  );
  if ((open as unknown as { rows: unknown[] }).rows.length > 0) return;
  await services.queue.enqueue(db, syncShopEmailTask, { accountId });
}
