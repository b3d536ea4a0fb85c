import { eq, isNull, sql } from 'drizzle-orm';
import { ZDomainEvent, type TDomainEvent } from '@quizlead/shared/schemas/events.ts';
import type { Db } from '../db/client.ts';
import { deliveries, destinations, flowTriggers } from '../db/schema/index.ts';
import { preparedStatement } from '../db/prepared.ts';
import { scoped } from '../db/scope.ts';
import { leadFromEvent } from '../integrations/events/leadFromEvent.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { enqueueDeliveryAttempt } from '../jobs/tasks/attemptDeliveryJob.ts';
import { digestDueAt, isDigest } from '../integrations/destinations/emailDestination.ts';
import { flowTriggersOf } from '../integrations/shopify/flow/flowTriggers.ts';

/** An event as its `events` row holds it, checked against its versioned schema first. */
export function eventRow(event: TDomainEvent) {
  const payload = ZDomainEvent.parse(event);
  return { accountId: payload.accountId, type: payload.type, payload, occurredAt: new Date(payload.occurredAt) };
}

/** One event recorded: its id, and how many deliveries its lead got. */
export interface RecordedEvent {
  eventId: string;
  deliveries: number;
}

/**
 * Records what a submission did, inside the submission's own transaction: the `events` row, and for
 * an event that carries a lead, one delivery per active destination of the account with a job to
 * attempt it (Shopify Flow also gets events without a lead, for the triggers the shop uses). Either all of it commits with the submission or none of it does, so a 2xx always has
 * its deliveries and a failed request leaves nothing behind.
 */
export async function eventRecorder(props: {
  db: Db;
  queue: JobQueue;
  event: TDomainEvent;
  resultEmail?: boolean;
}): Promise<RecordedEvent> {
  const [recorded] = await eventsRecorder({
    db: props.db,
    queue: props.queue,
    events: [props.event],
    resultEmail: props.resultEmail ?? false,
  });
  return recorded!;
}

/**
 * An account's events inserted, and its active destinations: all of them when an event carries a lead,
 * else only Shopify Flow (the one destination that takes events without a lead; one indexed look-up).
 */
const eventsStatement = preparedStatement(
  ['accountId', 'events', 'withLead', 'withCustomer'],
  (value) => sql`
    with recorded as (
      insert into events (account_id, type, payload, occurred_at)
      select ${value.accountId}::uuid, e.type, e.payload, e.occurred_at
      from jsonb_to_recordset(${value.events}::jsonb) as e(type text, payload jsonb, occurred_at timestamptz)
      returning id, type
    )
    select (select json_object_agg(type, id) from recorded) as "events",
      (select coalesce(json_agg(json_build_object('id', id, 'kind', kind, 'settings', settings,
          'flowTriggers', case when kind = 'shopify_flow' then (select coalesce(json_agg(${flowTriggers.handle}), '[]'::json)
            from ${flowTriggers} where ${scoped(flowTriggers, value.accountId, eq(flowTriggers.enabled, true))}) end)), '[]'::json)
        from ${destinations} where (${value.withLead}::boolean or ${destinations.kind} = 'shopify_flow'
          or (${value.withCustomer}::boolean and ${destinations.kind} = 'shopify_customers'))
          and ${scoped(destinations, value.accountId, eq(destinations.enabled, true), isNull(destinations.disabledReason))}) as "destinations"`,
);

/**
 * eventRecorder for the events of one submission of one account (a play's `play.completed` and
 * `lead.captured`): their rows and the account's active destinations that take them, in one
 * statement. Answers each event's id and deliveries, in order.
 */
export async function eventsRecorder(props: {
  db: Db;
  queue: JobQueue;
  events: TDomainEvent[];
  /**
   * The lead asked for its result by email (issue 35: the quiz's switch on, consent or "Email me my
   * result" ticked, the address not unsubscribed): its `lead.captured` also goes to the account's result
   * email destination, made here the first time. Without it that destination takes nothing.
   */
  resultEmail?: boolean;
}): Promise<RecordedEvent[]> {
  const { db, queue } = props;
  const rows = props.events.map(eventRow);
  const accountId = rows[0]?.accountId;
  if (!accountId || rows.some((row) => row.accountId !== accountId) || new Set(rows.map((row) => row.type)).size < rows.length) {
    throw new Error('eventsRecorder takes one account’s events, of different types');
  }
  const leads = rows.map((row) => leadFromEvent(row.payload));
  const resultEmail = Boolean(props.resultEmail) && leads.some(Boolean);
  if (resultEmail) await db.insert(destinations).values({ accountId, kind: 'result_email' }).onConflictDoNothing();
  const [written] = await eventsStatement.rows<{ events: Record<string, string>; destinations: Destination[] }>(db, {
    accountId,
    events: JSON.stringify(rows.map(({ type, payload, occurredAt }) => ({ type, payload, occurred_at: occurredAt }))),
    withLead: leads.some(Boolean),
    withCustomer: rows.some((row) => row.payload.shopifyCustomerId !== undefined),
  });
  const { events: idByType, destinations: targets } = written!;
  const recorded: RecordedEvent[] = [];
  for (const [index, row] of rows.entries()) {
    const eventId = idByType[row.type]!;
    recorded.push({
      eventId,
      deliveries: await queueDeliveries(db, queue, row.payload, eventId, targets, {
        withLead: Boolean(leads[index]),
        resultEmail,
      }),
    });
  }
  return recorded;
}

type Destination = Pick<typeof destinations.$inferSelect, 'id' | 'kind' | 'settings'> & {
  /** For the Shopify Flow destination: the handles of the triggers the shop's workflows use. */
  flowTriggers: string[] | null;
};

/**
 * Whether the destination takes this event: the Shopify Flow destination whenever one of the event's
 * triggers is in use, with or without a lead (a trigger not in use gets no delivery row at all); every
 * other destination only an event with a lead (Shopify customers also one that names the shop's customer,
 * the post-purchase survey's buyer), and the result email only a quiz's `lead.captured` or a
 * `wheel.spun` that asked for it.
 */
const takes = (destination: Destination, event: TDomainEvent, wanted: { withLead: boolean; resultEmail: boolean }) =>
  destination.kind === 'shopify_flow'
    ? flowTriggersOf(event).some((handle) => destination.flowTriggers?.includes(handle) ?? false)
    : destination.kind === 'result_email'
      ? wanted.resultEmail && wanted.withLead && (event.type === 'lead.captured' || event.type === 'wheel.spun')
      : destination.kind === 'shopify_customers'
        ? wanted.withLead || event.shopifyCustomerId !== undefined
        : wanted.withLead;

/** One delivery of an event per destination that takes it, each with its job; a digest's waits for the top of the hour. */
async function queueDeliveries(
  db: Db,
  queue: JobQueue,
  event: TDomainEvent,
  eventId: string,
  all: Destination[],
  wanted: { withLead: boolean; resultEmail: boolean },
) {
  const targets = all.filter((destination) => takes(destination, event, wanted));
  if (targets.length === 0) return 0;
  const now = new Date();
  const rows = await db
    .insert(deliveries)
    .values(
      targets.map((destination) => ({
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
    .returning({
      id: deliveries.id,
      accountId: deliveries.accountId,
      destinationId: deliveries.destinationId,
      nextAttemptAt: deliveries.nextAttemptAt,
    });
  for (const row of rows) await enqueueDeliveryAttempt(db, queue, row, { startAfter: row.nextAttemptAt });
  return rows.length;
}
