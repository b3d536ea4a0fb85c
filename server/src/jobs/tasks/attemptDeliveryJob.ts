import { z } from 'zod';

/**
 * The delivery attempt's queue and payload: what enqueuing one needs. Apart from its task
 * (AttemptDeliveryTask.ts) so the attempter can schedule its own retry without importing its handler.
 */
export const attemptDeliveryJob = {
  name: 'delivery.attempt',
  payload: z.object({ deliveryId: z.uuid() }),
};
