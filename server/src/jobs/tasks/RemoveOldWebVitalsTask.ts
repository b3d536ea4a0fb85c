import { z } from 'zod';
import { oldWebVitalsRemover } from '../../commands/oldWebVitalsRemover.ts';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { defineTask } from '../task.ts';

/** Daily, after midnight UTC: web vitals past the 28-day window go (issue 38). */
export const removeOldWebVitalsTask = defineTask({
  name: 'web-vitals.remove-old',
  payload: z.object({}),
  retry: { limit: 3, delaySeconds: 300, backoff: true },
  cron: '23 0 * * *',
  handler: async (_payload, deps: { db: Db; logger: Logger }) => {
    const removed = await oldWebVitalsRemover({ db: deps.db });
    if (removed > 0) deps.logger.info({ removed }, 'removed web vitals past their window');
  },
});
