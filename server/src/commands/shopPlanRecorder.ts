import { eq } from 'drizzle-orm';
import { modeForSubscriptionStatus } from '@quizlead/shared/shopify.ts';
import type { Db } from '../db/client.ts';
import { accounts, shopPlans } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import type { CommitHooks } from './commitHooks.ts';

/** A shop's plan as Shopify reports it: a subscription, or none (the free plan). */
export interface ReportedPlan {
  subscriptionId: string | null;
  name: string;
  status: string | null;
  test: boolean;
  currentPeriodEnd: Date | null;
  /** When this was true at Shopify: the subscription's updated_at, or the time of an Admin API read. */
  changedAt: Date;
}

/**
 * Records the plan Shopify reports for a shop and keeps accounts.mode in step ('paid' only while a
 * subscription is ACTIVE). Webhooks arrive in any order and may repeat, so news older than what is
 * recorded is ignored, and so is the end of an older subscription once a newer one is active (a plan
 * change cancels the old subscription and activates the new one, and the two webhooks may cross).
 * A changed mode is told to `changed` (the shop's public quizzes show it). Run it in a transaction.
 */
export async function shopPlanRecorder(props: {
  db: Db;
  changed: CommitHooks['changed'];
  accountId: string;
  plan: ReportedPlan;
  /** An Admin API read: the whole truth at its time, recorded whatever came before. */
  authoritative?: boolean;
}): Promise<void> {
  const { db, accountId, plan } = props;
  const [account] = await db
    .select({ mode: accounts.mode })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for('update')
    .limit(1);
  if (!account) return;
  const [recorded] = await db.select().from(shopPlans).where(scoped(shopPlans, accountId)).limit(1);
  if (recorded && !props.authoritative) {
    if (plan.changedAt < recorded.changedAt) return;
    const endsAnotherSubscription =
      plan.subscriptionId !== null &&
      recorded.subscriptionId !== null &&
      plan.subscriptionId !== recorded.subscriptionId &&
      recorded.status === 'ACTIVE' &&
      plan.status !== 'ACTIVE';
    if (endsAnotherSubscription) return;
  }
  const row = {
    subscriptionId: plan.subscriptionId,
    name: plan.name,
    status: plan.status,
    test: plan.test,
    currentPeriodEnd: plan.currentPeriodEnd,
    changedAt: plan.changedAt,
    syncedAt: new Date(),
  };
  await db
    .insert(shopPlans)
    .values({ accountId, ...row })
    .onConflictDoUpdate({ target: shopPlans.accountId, set: row });
  const mode = modeForSubscriptionStatus(plan.status);
  if (mode === account.mode) return;
  await db.update(accounts).set({ mode, updatedAt: new Date() }).where(eq(accounts.id, accountId));
  props.changed({ accountId });
}
