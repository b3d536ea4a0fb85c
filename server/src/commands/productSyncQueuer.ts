import type { Db } from '../db/client.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { syncProductsTask } from '../jobs/tasks/SyncProductsTask.ts';
import { productSyncRecorder } from './productSyncRecorder.ts';

/**
 * Queues a sync of a Shopify shop's products (the job copies its active products in again) and records
 * it as queued for the Products page, both in the caller's transaction.
 */
export async function productSyncQueuer(deps: { db: Db; queue: JobQueue }, input: { accountId: string }): Promise<void> {
  await deps.queue.enqueue(deps.db, syncProductsTask, { accountId: input.accountId });
  await productSyncRecorder({ db: deps.db, accountId: input.accountId, state: 'queued' });
}
