import { deliverWebhook } from '../webhooks/sender.ts';
import { openSigningSecrets } from '../webhooks/secretStore.ts';
import { deliveryMessages } from '@quizlead/shared/schemas/deliveries.ts';
import type { DestinationHandler } from './destination.ts';

export const webhookDestinationMessages = {
  incomplete: 'The webhook has no URL or signing secret: save it again in Settings.',
  unreadable: 'The signing secret cannot be read: rotate it in Settings.',
};

/** A webhook endpoint as a destination: one signed POST per attempt, the delivery's id as webhook-id. */
export const webhookDestination: DestinationHandler = {
  async attempt({ deliveryId, destination, event, lead }, deps) {
    if (!destination.url || !destination.sealed) {
      return {
        ok: false,
        retryable: false,
        message: webhookDestinationMessages.incomplete,
        exchange: [],
      };
    }
    let secrets;
    try {
      secrets = openSigningSecrets(deps.secrets, destination.sealed);
    } catch {
      return { ok: false, retryable: false, message: webhookDestinationMessages.unreadable, exchange: [] };
    }
    const outcome = await deliverWebhook(
      { url: destination.url, secrets },
      { idempotencyKey: deliveryId, type: event.type, lead, occurredAt: event.occurredAt },
      { allowPrivate: deps.webhooksAllowPrivate },
    );
    return outcome.endpointGone ? { ...outcome, switchOff: deliveryMessages.endpointGone } : outcome;
  },
};
