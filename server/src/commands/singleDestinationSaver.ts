import type { Db } from '../db/client.ts';
import { forgetCrmFields } from '../db/queries/crmFields.ts';
import type { SingleKind } from '../db/queries/destinations.ts';
import { destinations } from '../db/schema/index.ts';
import type { DestinationRow } from '../integrations/destinations/destination.ts';
import { destinationUpdater, type DestinationValues } from './destinationUpdater.ts';

/**
 * Saves the account's one destination of `kind` (CRM, notification emails, Shopify customers): inserted the
 * first time, updated after, and switched back on clears what the pipeline recorded when it switched it off.
 * A CRM whose settings now name another account or audience forgets the custom fields it found there.
 * Call with the account locked (lockAccount), `existing` read under that lock.
 */
export async function singleDestinationSaver(
  deps: { db: Db },
  input: {
    accountId: string;
    kind: SingleKind;
    existing: DestinationRow | undefined;
    values: DestinationValues;
    /** The saved CRM's fields belong to another target now. */
    targetChanged?: boolean;
  },
): Promise<DestinationRow> {
  const { db } = deps;
  const { accountId, kind, existing, values } = input;
  if (existing && input.targetChanged) await forgetCrmFields(db, existing.id);
  if (existing) return destinationUpdater({ db }, { accountId, id: existing.id, values });
  const [inserted] = await db
    .insert(destinations)
    .values({ accountId, kind, ...values })
    .returning();
  return inserted!;
}
