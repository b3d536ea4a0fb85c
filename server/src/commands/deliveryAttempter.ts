import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import {
  deliveryLimits,
  deliveryMessages,
  deliveryRetryDelaysSeconds,
  type TDestinationKind,
} from '@quizlead/shared/schemas/deliveries.ts';
import { ZDomainEvent, type TDomainEvent } from '@quizlead/shared/schemas/events.ts';
import type { Services } from '../context.ts';
import type { Db } from '../db/client.ts';
import { deliveries, deliveryAttempts, destinations, events } from '../db/schema/index.ts';
import type { Exchange, Lead } from '../integrations/crm/crmProvider.ts';
import { crmDestination } from '../integrations/destinations/crmDestination.ts';
import type {
  AttemptOutcome,
  DestinationDeps,
  DestinationHandler,
  DestinationRow,
} from '../integrations/destinations/destination.ts';
import { emailDestination, isDigest, sendLeadDigest } from '../integrations/destinations/emailDestination.ts';
import { resultEmailDestination } from '../integrations/destinations/resultEmailDestination.ts';
import { resultEmailOf } from './resultEmailComposer.ts';
import { shopifyCustomersDestination } from '../integrations/destinations/shopifyCustomersDestination.ts';
import { shopifyFlowDestination } from '../integrations/destinations/shopifyFlowDestination.ts';
import { webhookDestination } from '../integrations/destinations/webhookDestination.ts';
import { customerLeadFromEvent, eventLead, leadFromEvent } from '../integrations/events/leadFromEvent.ts';
import { destinationDisabledMail } from '../integrations/mail/templates.ts';
import { accountAdminLink } from '../lib/adminLinks.ts';
import { enqueueDeliveryAttempt } from '../jobs/tasks/attemptDeliveryJob.ts';
import { sendEmailTask } from '../jobs/tasks/SendEmailTask.ts';
import { destinationName } from '../presenters/delivery.ts';
import { ownerEmail } from '../db/queries/owner.ts';

export interface DeliveryAttempterDeps {
  /** Resolves once the server listens (the app's URL is in links and Shopify calls). */
  servicesReady: Promise<Services>;
}

const handlers: Record<TDestinationKind, DestinationHandler> = {
  crm: crmDestination,
  webhook: webhookDestination,
  email: emailDestination,
  shopify_customers: shopifyCustomersDestination,
  shopify_flow: shopifyFlowDestination,
  result_email: resultEmailDestination(resultEmailOf),
};

/** A worker that dies mid-attempt loses its claim after this; the sweep then wakes the delivery again. */
export const attemptLeaseMs = 2 * 60 * 1000;

/**
 * The delay before the attempt after `attemptsMade` attempts, or undefined when every attempt is used:
 * the schedule's step with up to 20% jitter, and never sooner than the destination's Retry-After.
 */
export function nextAttemptDelayMs(
  attemptsMade: number,
  retryAfterMs: number | undefined,
  schedule: readonly number[] = deliveryRetryDelaysSeconds,
  random: () => number = Math.random,
): number | undefined {
  const step = schedule[attemptsMade];
  if (step === undefined) return undefined;
  const jittered = step * 1000 * (1 + 0.2 * random());
  return Math.round(Math.max(jittered, Math.min(retryAfterMs ?? 0, 24 * 60 * 60 * 1000)));
}

/** The delivery's destination asked for a pause (Retry-After) that has not ended. */
const destinationHeld = sql`exists (select 1 from ${destinations} where ${destinations.id} = ${deliveries.destinationId} and ${destinations.holdUntil} > now() + interval '1 second')`;

/**
 * Takes a due delivery (or one whose worker died) for this attempt, unless its destination is held;
 * none when it is not this worker's to do.
 */
async function claim(db: Db, where: ReturnType<typeof and>) {
  return db
    .update(deliveries)
    .set({
      status: 'delivering',
      attempts: sql`${deliveries.attempts} + 1`,
      leaseUntil: sql`now() + ${`${attemptLeaseMs} milliseconds`}::interval`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        where,
        sql`not ${destinationHeld}`,
        or(
          and(inArray(deliveries.status, ['pending', 'failed']), lte(deliveries.nextAttemptAt, sql`now() + interval '1 second'`)),
          and(eq(deliveries.status, 'delivering'), lte(deliveries.leaseUntil, sql`now()`)),
        ),
      ),
    )
    .returning();
}

type ClaimedDelivery = typeof deliveries.$inferSelect;

/** What a destination's attempt may use, from the app's services. */
export function destinationDeps(services: Services): DestinationDeps {
  return {
    db: services.database.db,
    secrets: services.secrets,
    mailer: services.mailer,
    logger: services.logger,
    appUrl: services.env.APP_URL,
    sessionSecret: services.env.SESSION_SECRET,
    webhooksAllowPrivate: services.env.WEBHOOKS_ALLOW_PRIVATE,
    services,
  };
}

/**
 * One attempt of one delivery: claim it, call its destination, then record the attempt and decide in
 * one transaction: delivered; failed with the next attempt scheduled (and its job enqueued); or dead
 * (an answer that cannot succeed, every attempt used, the destination switched off). A destination
 * failing for 5 days with no success is switched off and its owner emailed; a webhook's 410 switches
 * its endpoint off at once. A digest's waiting deliveries are claimed and sent together in one mail.
 */
export async function deliveryAttempter(props: DeliveryAttempterDeps & { deliveryId: string }): Promise<void> {
  const services = await props.servicesReady;
  const db = services.database.db;
  const [delivery] = await claim(db, eq(deliveries.id, props.deliveryId));
  if (!delivery) {
    await heldBack(services, props.deliveryId);
    return;
  }

  const [found] = await db
    .select({ destination: destinations, payload: events.payload })
    .from(deliveries)
    .leftJoin(destinations, eq(destinations.id, deliveries.destinationId))
    .leftJoin(events, eq(events.id, deliveries.eventId))
    .where(eq(deliveries.id, delivery.id));
  const destination = found?.destination ?? undefined;
  const startedAt = new Date();
  let claimed: ClaimedDelivery[] = [delivery];
  let outcome: AttemptOutcome;
  const event = found?.payload ? ZDomainEvent.safeParse(found.payload).data : undefined;
  const handler = destination ? handlers[destination.kind] : undefined;
  const lead =
    event &&
    (handler?.everyEvent ? eventLead(event) : handler?.byShopifyCustomer ? customerLeadFromEvent(event) : leadFromEvent(event));
  if (!destination || !event || !lead) {
    outcome = { ok: false, retryable: false, message: deliveryMessages.destinationGone, exchange: [] };
  } else if (!destination.enabled || destination.disabledReason) {
    outcome = {
      ok: false,
      retryable: false,
      message: destination.disabledReason ?? deliveryMessages.destinationOff,
      exchange: [],
    };
  } else if (isDigest(destination)) {
    const siblings = await claim(
      db,
      and(
        eq(deliveries.destinationId, destination.id),
        sql`${deliveries.id} <> ${delivery.id}`,
        inArray(deliveries.status, ['pending', 'failed']),
      ),
    );
    claimed = [delivery, ...siblings];
    const leads = [lead, ...(await leadsOf(db, siblings))];
    outcome = await safely(() => sendLeadDigest(destination, leads, destinationDeps(services)));
  } else {
    outcome = await safely(() =>
      handlers[destination.kind].attempt({ deliveryId: delivery.id, destination, event, lead }, destinationDeps(services)),
    );
  }
  await recordOutcome(services, { claimed, destination, outcome, startedAt });
}

/**
 * A due delivery whose destination asked for a pause (Retry-After) waits for its end: its due time
 * moves there and its job is sent again for then, with no attempt counted and nothing sent.
 */
async function heldBack(services: Services, deliveryId: string): Promise<void> {
  const holdUntil = sql<Date>`(select ${destinations.holdUntil} from ${destinations} where ${destinations.id} = ${deliveries.destinationId})`;
  return services.database.db.transaction(async (db) => {
    const [held] = await db
      .update(deliveries)
      .set({ nextAttemptAt: holdUntil, updatedAt: sql`now()` })
      .where(and(eq(deliveries.id, deliveryId), inArray(deliveries.status, ['pending', 'failed']), destinationHeld))
      .returning({
        id: deliveries.id,
        accountId: deliveries.accountId,
        destinationId: deliveries.destinationId,
        nextAttemptAt: deliveries.nextAttemptAt,
      });
    if (held) await enqueueDeliveryAttempt(db, services.queue, held, { startAfter: held.nextAttemptAt });
  });
}

const asSentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** An unexpected throw is a failure to retry, never a lost delivery. */
async function safely(attempt: () => Promise<AttemptOutcome>): Promise<AttemptOutcome> {
  try {
    return await attempt();
  } catch (error) {
    return { ok: false, retryable: true, message: `Unexpected error: ${(error as Error).message}`, exchange: [] };
  }
}

async function leadsOf(db: Db, claimed: readonly ClaimedDelivery[]): Promise<Lead[]> {
  if (claimed.length === 0) return [];
  const rows = await db
    .select({ payload: events.payload })
    .from(events)
    .where(
      inArray(
        events.id,
        claimed.map((delivery) => delivery.eventId),
      ),
    );
  return rows.flatMap((row) => {
    const event = ZDomainEvent.safeParse(row.payload).data as TDomainEvent | undefined;
    const lead = event && leadFromEvent(event);
    return lead ? [lead] : [];
  });
}

async function recordOutcome(
  services: Services,
  props: { claimed: ClaimedDelivery[]; destination: DestinationRow | undefined; outcome: AttemptOutcome; startedAt: Date },
) {
  const { claimed, destination, outcome, startedAt } = props;
  const durationMs = Date.now() - startedAt.getTime();
  const schedule = services.env.DELIVERY_RETRY_DELAYS ?? deliveryRetryDelaysSeconds;
  await services.database.db.transaction(async (db) => {
    for (const delivery of claimed) {
      await db.insert(deliveryAttempts).values({
        deliveryId: delivery.id,
        accountId: delivery.accountId,
        number: delivery.attempts,
        ok: outcome.ok,
        // A success may say what it left out (answers a CRM's field limit refused): the log shows it beside the badge.
        error: outcome.ok ? (outcome.message ?? null) : outcome.message,
        exchange: outcome.exchange as Exchange[],
        startedAt,
        durationMs,
      });
      if (outcome.ok) {
        await db
          .update(deliveries)
          .set({ status: 'delivered', deliveredAt: sql`now()`, lastError: null, leaseUntil: null, updatedAt: sql`now()` })
          .where(eq(deliveries.id, delivery.id));
        continue;
      }
      const delay = outcome.retryable ? nextAttemptDelayMs(delivery.attempts, outcome.retryAfterMs, schedule) : undefined;
      const gaveUp = outcome.retryable && delay === undefined;
      const lastError = gaveUp ? `${asSentence(outcome.message)} ${deliveryMessages.gaveUp(delivery.attempts)}` : outcome.message;
      if (delay === undefined) {
        await db
          .update(deliveries)
          .set({ status: 'dead', lastError, leaseUntil: null, updatedAt: sql`now()` })
          .where(eq(deliveries.id, delivery.id));
        continue;
      }
      const nextAttemptAt = new Date(Date.now() + delay);
      await db
        .update(deliveries)
        .set({ status: 'failed', lastError, nextAttemptAt, leaseUntil: null, updatedAt: sql`now()` })
        .where(eq(deliveries.id, delivery.id));
      await enqueueDeliveryAttempt(db, services.queue, delivery, { startAfter: nextAttemptAt, retry: true });
    }
    if (destination && !outcome.ok && outcome.retryAfterMs) await holdDestination(db, destination.id, outcome.retryAfterMs);
    if (destination) await recordDestinationHealth(services, db, destination, outcome);
  });
}

/** The endpoint's Retry-After holds every delivery to it until then (at most a day), not just this one. */
async function holdDestination(db: Db, destinationId: string, retryAfterMs: number) {
  const until = sql`now() + ${`${Math.min(retryAfterMs, 24 * 60 * 60 * 1000)} milliseconds`}::interval`;
  await db
    .update(destinations)
    .set({ holdUntil: sql`greatest(coalesce(${destinations.holdUntil}, now()), ${until})` })
    .where(eq(destinations.id, destinationId));
}

/**
 * A success clears the failing clock; a failure starts it, and after 5 days of failures (or at once
 * when the destination asks, a webhook's 410) the destination is switched off and its owner told.
 * The outcome of a destination already off changes nothing.
 */
async function recordDestinationHealth(services: Services, db: Db, destination: DestinationRow, outcome: AttemptOutcome) {
  if (!destination.enabled || destination.disabledReason) return;
  if (outcome.ok) {
    if (destination.failingSince) {
      await db.update(destinations).set({ failingSince: null }).where(eq(destinations.id, destination.id));
    }
    return;
  }
  const failingSince = destination.failingSince ?? new Date();
  const longFailing = Date.now() - failingSince.getTime() >= deliveryLimits.disableAfterFailingMs;
  const reason = outcome.switchOff ?? (longFailing ? deliveryMessages.disabledAfterFailing : undefined);
  if (!reason) {
    if (!destination.failingSince) {
      await db.update(destinations).set({ failingSince }).where(eq(destinations.id, destination.id));
    }
    return;
  }
  const [switchedOff] = await db
    .update(destinations)
    .set({ failingSince, disabledReason: reason, disabledAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(destinations.id, destination.id), sql`${destinations.disabledReason} is null`))
    .returning({ id: destinations.id });
  const to = switchedOff && (await ownerEmail(db, destination.accountId));
  if (to) {
    const adminLink = await accountAdminLink(db, services.env, destination.accountId);
    const mail = destinationDisabledMail(
      adminLink('Settings'),
      destinationName(destination),
      reason,
      outcome.ok ? '' : outcome.message,
    );
    await services.queue.enqueue(db, sendEmailTask, { to, ...mail });
  }
}
