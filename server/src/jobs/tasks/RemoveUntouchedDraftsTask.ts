import { z } from 'zod';
import { untouchedDraftRemover } from '../../commands/untouchedDraftRemover.ts';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { defineTask } from '../task.ts';

/** Hourly, so a blank draft goes within an hour of its day without a touch (quizzes list, issue 10). */
export const removeUntouchedDraftsTask = defineTask({
  name: 'quizzes.remove-untouched-drafts',
  payload: z.object({}),
  retry: { limit: 3, delaySeconds: 300, backoff: true },
  cron: '17 * * * *',
  handler: async (_payload, deps: { db: Db; logger: Logger }) => {
    const removed = await untouchedDraftRemover({ db: deps.db });
    if (removed > 0) deps.logger.info({ removed }, 'removed untouched blank drafts');
  },
});
