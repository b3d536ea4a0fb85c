import type { Services } from '../context.ts';
import { shopifyAdmin } from '../integrations/shopify/adminApi.ts';
import { inTransaction } from './commitHooks.ts';
import { shopPlanRecorder } from './shopPlanRecorder.ts';

/** Validated against the Admin schema by the fake Shopify in tests. */
export const activeSubscriptionsQuery = `query ActiveSubscriptions {
  currentAppInstallation {
    activeSubscriptions { id name status test currentPeriodEnd }
  }
}`;

interface ActiveSubscriptions {
  currentAppInstallation: {
    activeSubscriptions: { id: string; name: string; status: string; test: boolean; currentPeriodEnd: string | null }[];
  };
}

/**
 * Reads the shop's plan from Shopify (App Pricing bills it; the Admin API's currentAppInstallation
 * lists the app's active subscriptions) and records it, keeping accounts.mode in step. Runs after an
 * install and whenever the owner opens their plan. Throws what shopifyAdmin throws when the shop
 * cannot be reached (ShopNotInstalledError, Shopify errors).
 */
export async function shopPlanSyncer(services: Services, accountId: string): Promise<void> {
  const admin = await shopifyAdmin(services, accountId);
  const read = new Date();
  const { currentAppInstallation } = await admin.graphql<ActiveSubscriptions>(activeSubscriptionsQuery);
  const subscriptions = currentAppInstallation.activeSubscriptions;
  const current = subscriptions.find((subscription) => subscription.status === 'ACTIVE') ?? subscriptions[0];
  await inTransaction({ db: services.database.db, quizCache: services.quizCache }, (tx, hooks) =>
    shopPlanRecorder({
      db: tx,
      changed: hooks.changed,
      accountId,
      authoritative: true,
      plan: current
        ? {
            subscriptionId: current.id,
            name: current.name,
            status: current.status,
            test: current.test,
            currentPeriodEnd: current.currentPeriodEnd ? new Date(current.currentPeriodEnd) : null,
            changedAt: read,
          }
        : { subscriptionId: null, name: '', status: null, test: false, currentPeriodEnd: null, changedAt: read },
    }),
  );
}
