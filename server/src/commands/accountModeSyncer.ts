import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { periodInForce } from '../db/queries/billing.ts';
import { accounts } from '../db/schema/index.ts';
import type { CommitHooks } from './commitHooks.ts';

/**
 * Puts a standalone account's mode in step with its paid periods at `at` ('paid' while one is in force);
 * a change is told to `changed` (its public pages show 'Powered By' or not). Shopify shops follow Shopify's
 * billing instead and are left alone. Returns the new mode when it changed.
 */
export async function accountModeSyncer(
  deps: { db: Db } & Pick<CommitHooks, 'changed'>,
  input: { accountId: string; at: Date },
): Promise<'free' | 'paid' | undefined> {
  const mode = (await periodInForce(deps.db, input.accountId, input.at)) ? 'paid' : 'free';
  const [changed] = await deps.db
    .update(accounts)
    .set({ mode, updatedAt: new Date() })
    .where(and(eq(accounts.id, input.accountId), eq(accounts.kind, 'standalone'), ne(accounts.mode, mode)))
    .returning({ id: accounts.id });
  if (!changed) return undefined;
  deps.changed({ accountId: input.accountId });
  return mode;
}
