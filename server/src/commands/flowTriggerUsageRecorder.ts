import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { findSingleDestination } from '../db/queries/destinations.ts';
import { singleDestinationSaver } from './singleDestinationSaver.ts';
import { accounts, flowTriggers } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';

export interface FlowTriggerUsage {
  /** The shop's myshopify domain (`shopify_domain`). */
  shop: string;
  /** The trigger's handle, as Flow's `flow_trigger_definition_id` names it. */
  handle: string;
  /** `has_enabled_flow`: the shop has an enabled workflow that starts with this trigger. */
  enabled: boolean;
  /** Flow's `timestamp`: a newer notification wins, an older one arriving late changes nothing. */
  changedAt: Date;
}

/**
 * Records what Flow's lifecycle callback said about one trigger of one shop (reference C6), and keeps the
 * shop's Shopify Flow destination in step: it is made with the first callback (the merchant sets nothing
 * up in Quizlead) and is on exactly while at least one trigger is in use, so the leads pipeline fans out
 * to it only then. A callback is the merchant acting on their workflows, so, like an owner's save, it also
 * clears a switch-off the pipeline recorded. Answers whether the callback changed anything: a shop the
 * app has no account for, or a notification older than the one kept, changes nothing.
 */
export async function flowTriggerUsageRecorder(db: Db, usage: FlowTriggerUsage): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.shopDomain, usage.shop), eq(accounts.kind, 'shopify')))
      .for('update');
    if (!account) return false;
    const accountId = account.id;
    const [written] = await tx
      .insert(flowTriggers)
      .values({ accountId, handle: usage.handle, enabled: usage.enabled, changedAt: usage.changedAt })
      .onConflictDoUpdate({
        target: [flowTriggers.accountId, flowTriggers.handle],
        set: { enabled: usage.enabled, changedAt: usage.changedAt, updatedAt: sql`now()` },
        setWhere: sql`${flowTriggers.changedAt} < excluded.changed_at`,
      })
      .returning({ handle: flowTriggers.handle });
    if (!written) return false;
    const [inUse] = await tx
      .select({ handle: flowTriggers.handle })
      .from(flowTriggers)
      .where(scoped(flowTriggers, accountId, eq(flowTriggers.enabled, true)))
      .limit(1);
    const existing = await findSingleDestination(tx, accountId, 'shopify_flow');
    await singleDestinationSaver({ db: tx }, { accountId, kind: 'shopify_flow', existing, values: { enabled: Boolean(inUse) } });
    return true;
  });
}
