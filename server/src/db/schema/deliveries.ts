import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TDomainEvent } from '@quizlead/shared/schemas/events.ts';
import {
  deliveryStatuses,
  destinationKinds,
  type TDeliveryStatus,
  type TDestinationKind,
} from '@quizlead/shared/schemas/deliveries.ts';
import type { SealedSecret } from '../../lib/secrets.ts';
import type { Exchange } from '../../integrations/crm/crmProvider.ts';
import { accountIdColumn } from './columns.ts';
import { oneOf } from './checks.ts';

/**
 * The leads pipeline (docs/decisions/053-the-leads-pipeline-events-destinations-deliveries.md): a submission writes an `events` row in
 * its own transaction; the dispatcher adds one `deliveries` row per active destination of the account
 * (and a job to attempt it) in that same transaction; every attempt is kept in `delivery_attempts`.
 */

/** What happened, as recorded by the command that stored the submission. Append-only. */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    type: text('type').notNull(),
    /** The versioned payload (shared/src/schemas/events.ts), validated before it is written. */
    payload: jsonb('payload').$type<TDomainEvent>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('events_account_created_idx').on(table.accountId, table.createdAt)],
);

/**
 * Where an account's leads go: its CRM (at most one), its notification email settings (one), its
 * webhook endpoints (any number), for shops, Shopify customers (one), and the result emails to
 * respondents (one, made by the first play that asks for one). Secrets (CRM keys, webhook
 * signing secrets) are sealed in `sealed`; `settings` holds only what may be shown.
 */
export const destinations = pgTable(
  'destinations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    kind: text('kind').$type<TDestinationKind>().notNull(),
    /** The CRM provider's id for kind 'crm'. */
    provider: text('provider'),
    /** The endpoint's URL for kind 'webhook'. */
    url: text('url'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    sealed: jsonb('sealed').$type<SealedSecret>(),
    /** The owner's switch. */
    enabled: boolean('enabled').notNull().default(true),
    /** Why the pipeline switched it off (5 days of failures, 410 Gone); cleared when the owner saves it again. */
    disabledReason: text('disabled_reason'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The first failure since the last success; 5 days of failures switch the destination off. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /** The endpoint asked for a pause (a 429's or 503's Retry-After): no attempt to it starts before then. */
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('destinations_account_idx').on(table.accountId, table.kind),
    uniqueIndex('destinations_one_per_account_key')
      .on(table.accountId, table.kind)
      .where(sql`${table.kind} in ('crm', 'email', 'shopify_customers', 'shopify_flow', 'result_email')`),
    check('destinations_kind_check', oneOf('kind', destinationKinds)),
  ],
);

/** One event on its way to one destination. Its id is the idempotency key (webhook-id) on every attempt. */
export const deliveries = pgTable(
  'deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    destinationId: uuid('destination_id')
      .notNull()
      .references(() => destinations.id, { onDelete: 'cascade' }),
    /** Copied from the event and the destination so the log filters without joins. */
    destinationKind: text('destination_kind').$type<TDestinationKind>().notNull(),
    tool: text('tool').notNull(),
    eventType: text('event_type').notNull(),
    status: text('status').$type<TDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While 'delivering': a worker that died mid-attempt loses its claim at this time. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('deliveries_account_created_idx').on(table.accountId, table.createdAt, table.id),
    index('deliveries_due_idx').on(table.status, table.nextAttemptAt),
    uniqueIndex('deliveries_event_destination_key').on(table.eventId, table.destinationId),
    check('deliveries_status_check', oneOf('status', deliveryStatuses)),
  ],
);

/** Each attempt of a delivery: its outcome and the exchange (secrets redacted) for the delivery log. */
export const deliveryAttempts = pgTable(
  'delivery_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    accountId: accountIdColumn(),
    number: integer('number').notNull(),
    ok: boolean('ok').notNull(),
    error: text('error'),
    exchange: jsonb('exchange').$type<Exchange[]>().notNull().default([]),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
  },
  (table) => [index('delivery_attempts_delivery_idx').on(table.deliveryId, table.number)],
);

/**
 * Respondents who unsubscribed from an account's result emails (issue 35), by their lower-cased address:
 * that account sends them no result email again (others still may: the wish is per account).
 */
export const resultEmailOptOuts = pgTable(
  'result_email_opt_outs',
  {
    accountId: accountIdColumn(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.email] })],
);
