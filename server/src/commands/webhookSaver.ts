import type { Db } from '../db/client.ts';
import type { DestinationRow } from '../integrations/destinations/destination.ts';
import { destinationUpdater } from './destinationUpdater.ts';

/**
 * Saves a webhook endpoint's URL (checked by the caller when it changed or the endpoint is switched on)
 * and whether it is on; switching it on clears why the pipeline switched it off. 404 when the account
 * has no such destination.
 */
export async function webhookSaver(
  deps: { db: Db },
  input: { accountId: string; id: string; url: string; enabled: boolean },
): Promise<DestinationRow> {
  return destinationUpdater(deps, {
    accountId: input.accountId,
    id: input.id,
    values: { url: input.url, enabled: input.enabled },
  });
}
