import type { Services } from '../context.ts';
import { shopifyWebhookReceipts } from '../db/schema/index.ts';
import type { WebhookTopic } from '../integrations/shopify/webhookPayloads.ts';
import { applyShopifyWebhookTask } from '../jobs/tasks/ApplyShopifyWebhookTask.ts';

/**
 * Keeps a verified Shopify delivery: its receipt (keyed by X-Shopify-Webhook-Id) and the job that applies it,
 * in one transaction, the payload sealed at rest. A redelivery finds the receipt and writes nothing.
 * Returns whether the delivery was new.
 */
export async function shopifyWebhookQueuer(
  deps: Pick<Services, 'queue' | 'secrets'> & { db: Services['database']['db'] },
  input: { webhookId: string; topic: WebhookTopic; shop: string; triggeredAt: Date | null; payload: unknown },
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [receipt] = await tx
      .insert(shopifyWebhookReceipts)
      .values({ webhookId: input.webhookId, topic: input.topic, shop: input.shop })
      .onConflictDoNothing()
      .returning({ webhookId: shopifyWebhookReceipts.webhookId });
    if (!receipt) return false;
    await deps.queue.enqueue(tx, applyShopifyWebhookTask, {
      webhookId: input.webhookId,
      topic: input.topic,
      shop: input.shop,
      triggeredAt: input.triggeredAt?.toISOString() ?? null,
      sealed: deps.secrets.seal(JSON.stringify(input.payload)),
    });
    return true;
  });
}
