import { z } from 'zod';
import { applyShopifyWebhook, type ShopifyWebhookDeps } from '../../commands/shopifyWebhookApplier.ts';
import { webhookTopics, type WebhookTopic } from '../../integrations/shopify/webhookPayloads.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { defineTask } from '../task.ts';

export const ZApplyShopifyWebhookPayload = z.object({
  webhookId: z.string().min(1),
  topic: z.enum(Object.keys(webhookTopics) as [WebhookTopic, ...WebhookTopic[]]),
  shop: z.string().min(1),
  triggeredAt: z.iso.datetime({ offset: true }).nullable(),
  /**
   * The payload, sealed with the app's encryption key: privacy webhooks carry a customer's email, and
   * job rows outlive the work (pg-boss keeps finished jobs for a while), so no email is readable there.
   */
  sealed: z.object({ ciphertext: z.string().min(1), keyId: z.string().min(1) }),
});

/**
 * A Shopify webhook taken in by the receiver (which answered 200 at once), applied here with retries:
 * Shopify stops retrying once it has its 200, so from then on the job is what makes it happen.
 */
export const applyShopifyWebhookTask = defineTask({
  name: 'shopify.webhook.apply',
  payload: ZApplyShopifyWebhookPayload,
  retry: { limit: 10, delaySeconds: 30, backoff: true },
  handler: async (job, deps: ShopifyWebhookDeps & { secrets: Secrets }) => {
    try {
      const payload = webhookTopics[job.topic].parse(JSON.parse(deps.secrets.open(job.sealed)));
      await applyShopifyWebhook(deps, {
        webhookId: job.webhookId,
        topic: job.topic,
        shop: job.shop,
        triggeredAt: job.triggeredAt ? new Date(job.triggeredAt) : null,
        payload,
      });
    } catch (error) {
      // A failed query's error quotes its parameters (a customer's email), and pg-boss stores the error
      // with the job and the worker logs it: only the kind of failure goes on.
      throw new ShopifyWebhookFailed(job.topic, error);
    }
  },
});

/** What a failed delivery leaves in logs and job rows: its topic and the kind of error, no values. */
export class ShopifyWebhookFailed extends Error {
  constructor(topic: string, error: unknown) {
    const cause = (error as { cause?: unknown } | undefined)?.cause ?? error;
    const code = (cause as { code?: unknown } | undefined)?.code;
    const kind = error instanceof Error ? error.constructor.name : typeof error;
    super(`${topic} failed: ${kind}${typeof code === 'string' ? ` (${code})` : ''}`);
    this.name = 'ShopifyWebhookFailed';
  }
}
