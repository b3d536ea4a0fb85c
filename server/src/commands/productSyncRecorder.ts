import { sql } from 'drizzle-orm';
import type { TProductSyncFailure } from '@quizlead/shared/schemas/productSync.ts';
import type { Db } from '../db/client.ts';
import { shopInstallations } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';

export type ProductSyncState = 'queued' | 'running' | 'done' | { failed: TProductSyncFailure };

/**
 * Where the shop's last products sync stands, for the Products page: queued (with the job), running,
 * done, or failed and why. A failure is kept until the next sync starts.
 */
export async function productSyncRecorder(props: { db: Db; accountId: string; state: ProductSyncState }): Promise<void> {
  const { db, accountId, state } = props;
  const failed = typeof state === 'object';
  await db
    .update(shopInstallations)
    .set({
      productsSyncState: failed ? 'failed' : state,
      productsSyncFailure: failed ? state.failed : null,
      productsSyncAt: sql`now()`,
    })
    .where(scoped(shopInstallations, accountId));
}
