import { eq } from 'drizzle-orm';
import type { Auth } from '../context.ts';
import type { Db } from '../db/client.ts';
import { deliveries, destinations, events } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { NotFoundError } from '../errors.ts';

/** A delivery of the caller's account with its destination and event; anyone else's id answers 404. */
export async function findOwnDelivery(db: Db, auth: Pick<Auth, 'accountId'>, id: string) {
  const [row] = await db
    .select({ delivery: deliveries, destination: destinations, event: events.payload })
    .from(deliveries)
    .innerJoin(destinations, eq(destinations.id, deliveries.destinationId))
    .innerJoin(events, eq(events.id, deliveries.eventId))
    .where(scoped(deliveries, auth.accountId, eq(deliveries.id, id)));
  if (!row) throw NotFoundError();
  return row;
}
