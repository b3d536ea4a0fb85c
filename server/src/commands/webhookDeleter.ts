import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { destinations } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { NotFoundError } from '../errors.ts';

/** Deletes a webhook endpoint of the account (its deliveries go with it); 404 for any other id. */
export async function webhookDeleter(deps: { db: Db }, input: { accountId: string; id: string }): Promise<void> {
  const [deleted] = await deps.db
    .delete(destinations)
    .where(scoped(destinations, input.accountId, eq(destinations.id, input.id), eq(destinations.kind, 'webhook')))
    .returning({ id: destinations.id });
  if (!deleted) throw NotFoundError();
}
