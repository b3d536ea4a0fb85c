import { and, eq, isNull } from 'drizzle-orm';
import { ZDomainEvent, type TDomainEvent } from '@quizlead/shared/schemas/events.ts';
import type { Db } from '../db/client.ts';
import { deliveries, destinations, events } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { leadFromEvent } from '../integrations/events/leadFromEvent.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { attemptDeliveryTask } from '../jobs/tasks/AttemptDeliveryTask.ts';
import { digestDueAt, isDigest } from '../integrations/destinations/emailDestination.ts';

/**
 * Records what a submission did, inside the submission's own transaction: the `events` row, and for
 * an event that carries a lead, one delivery per active destination of the account with a job to
 * attempt it. Either all of it commits with the submission or none of it does, so a 2xx always has
 * its deliveries and a failed request leaves nothing behind.
 */
export async function eventRecorder(props: {
  db: Db;
  queue: JobQueue;
  event: TDomainEvent;
}): Promise<{ eventId: string; deliveries: number }> {
  const { db, queue } = props;
  const event = ZDomainEvent.parse(props.event);
  const [stored] = await db
    .insert(events)
    .values({ accountId: event.accountId, type: event.type, payload: event, occurredAt: new Date(event.occurredAt) })
    .returning({ id: events.id });
  const eventId = stored!.id;
  const lead = leadFromEvent(event);
  if (!lead) return { eventId, deliveries: 0 };

  const active = await db
    .select({ id: destinations.id, kind: destinations.kind, settings: destinations.settings })
    .from(destinations)
    .where(scoped(destinations, event.accountId, and(eq(destinations.enabled, true), isNull(destinations.disabledReason))));
  if (active.length === 0) return { eventId, deliveries: 0 };

  const now = new Date();
  const rows = await db
    .insert(deliveries)
    .values(
      active.map((destination) => ({
        accountId: event.accountId,
        eventId,
        destinationId: destination.id,
        destinationKind: destination.kind,
        tool: event.item.tool,
        eventType: event.type,
        // A digest's deliveries wait for the top of the hour and go out in one mail.
        nextAttemptAt: isDigest(destination) ? digestDueAt(now) : now,
      })),
    )
    .returning({ id: deliveries.id, nextAttemptAt: deliveries.nextAttemptAt });
  for (const row of rows) {
    await queue.enqueue(db, attemptDeliveryTask, { deliveryId: row.id }, { startAfter: row.nextAttemptAt });
  }
  return { eventId, deliveries: rows.length };
}
