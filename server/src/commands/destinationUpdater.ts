import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { destinations } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { NotFoundError } from '../errors.ts';
import type { DestinationRow } from '../integrations/destinations/destination.ts';

/** What an owner's save may set; saving also clears what the pipeline recorded when it switched the destination off. */
export type DestinationValues = Partial<Pick<DestinationRow, 'provider' | 'url' | 'settings' | 'sealed' | 'enabled'>>;

const fixedByOwner = { disabledReason: null, disabledAt: null, failingSince: null } as const;

/** Saves an owner's change to one of the account's destinations; 404 when the account has no such destination. */
export async function destinationUpdater(
  deps: { db: Db },
  input: { accountId: string; id: string; values: DestinationValues },
): Promise<DestinationRow> {
  const [updated] = await deps.db
    .update(destinations)
    .set({ ...input.values, ...fixedByOwner, updatedAt: new Date() })
    .where(scoped(destinations, input.accountId, eq(destinations.id, input.id)))
    .returning();
  if (!updated) throw NotFoundError();
  return updated;
}
