import type { Db } from '../db/client.ts';
import { updateDestination } from '../db/queries/destinations.ts';
import type { DestinationRow } from '../integrations/destinations/destination.ts';

/**
 * Saves a webhook endpoint's URL (checked by the caller when it changed or the endpoint is switched on)
 * and whether it is on; switching it on clears why the pipeline switched it off. 404 when the account
 * has no such destination.
 */
export async function webhookSaver(
  deps: { db: Db },
  input: { accountId: string; id: string; url: string; enabled: boolean },
): Promise<DestinationRow> {
  return updateDestination(deps.db, input.accountId, input.id, { url: input.url, enabled: input.enabled });
}
