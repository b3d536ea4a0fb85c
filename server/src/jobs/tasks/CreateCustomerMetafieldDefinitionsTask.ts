import { z } from 'zod';
import { customerMetafieldDefinitionsCreator } from '../../commands/customerMetafieldDefinitionsCreator.ts';
import type { Services } from '../../context.ts';
import { ShopNotInstalledError } from '../../integrations/shopify/adminApi.ts';
import { ShopifyRefusal } from '../../integrations/shopify/customerMetafields.ts';
import { defineTask } from '../task.ts';

/**
 * The shop's customer metafield definitions for its quizzes' answers
 * (commands/customerMetafieldDefinitionsCreator.ts): enqueued with an install. Deliveries make any
 * still missing, so a refusal here is logged and not retried.
 */
export const createCustomerMetafieldDefinitionsTask = defineTask({
  name: 'shopify.customer-metafield-definitions.create',
  payload: z.object({ accountId: z.uuid() }),
  retry: { limit: 6, delaySeconds: 30, backoff: true },
  handler: async ({ accountId }, deps: { services?: Services }) => {
    if (!deps.services) throw new Error('the server is still starting');
    try {
      await customerMetafieldDefinitionsCreator(deps.services, accountId);
    } catch (error) {
      // Uninstalled (or its token revoked) since: the next install enqueues another.
      if (error instanceof ShopNotInstalledError) return;
      if (error instanceof ShopifyRefusal) {
        deps.services.logger.warn({ accountId, err: error }, 'Shopify refused a customer metafield definition');
        return;
      }
      throw error;
    }
  },
});
