import { z } from 'zod';
import { inTransaction, type ChangeListener } from '../../commands/commitHooks.ts';
import type { Db } from '../../db/client.ts';
import { accountsOutOfStep } from '../../db/queries/billing.ts';
import { accountModeSyncer } from '../../commands/accountModeSyncer.ts';
import type { Logger } from '../../logger.ts';
import { defineTask } from '../task.ts';

/** How many accounts one hourly sweep puts in step. */
const sweepBatch = 500;

/**
 * Keeps a standalone account's mode in step with its paid periods: queued for the moment a period
 * ends (the account goes back to free and its public pages show 'Powered By' again; nothing is
 * deleted) or a renewal begins, and swept hourly for any moment a stopped server missed.
 */
export const syncAccountModeTask = defineTask({
  name: 'billing.sync-mode',
  payload: z.object({ accountId: z.uuid().optional() }),
  retry: { limit: 5, delaySeconds: 30, backoff: true },
  cron: '7 * * * *',
  handler: async (payload, deps: { db: Db; logger: Logger; quizCache: ChangeListener }) => {
    const now = new Date();
    const accountIds = payload.accountId ? [payload.accountId] : await accountsOutOfStep(deps.db, now, sweepBatch);
    for (const accountId of accountIds) {
      const mode = await inTransaction(deps, (tx, hooks) =>
        accountModeSyncer({ db: tx, changed: hooks.changed }, { accountId, at: now }),
      );
      if (mode) deps.logger.info({ accountId, mode }, 'account mode follows its paid periods');
    }
  },
});
