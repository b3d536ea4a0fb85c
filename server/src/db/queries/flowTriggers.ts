import { eq, and } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { flowTriggers } from '../schema/index.ts';
import { scoped } from '../scope.ts';

/** The triggers the shop's workflows use now, of those asked about (the Flow destination checks at each attempt). */
export async function enabledFlowTriggers(db: Db, accountId: string, handles: readonly string[]): Promise<Set<string>> {
  const rows = await db
    .select({ handle: flowTriggers.handle })
    .from(flowTriggers)
    .where(and(scoped(flowTriggers, accountId, eq(flowTriggers.enabled, true))));
  return new Set(rows.map((row) => row.handle).filter((handle) => handles.includes(handle)));
}
