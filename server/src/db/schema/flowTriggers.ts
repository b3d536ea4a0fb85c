import { boolean, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accountIdColumn } from './columns.ts';

/**
 * Which of the app's Shopify Flow triggers a shop's workflows use, as Flow's lifecycle callback last said
 * (routes/shopify/flowLifecycle.ts, commands/flowTriggerUsageRecorder.ts). Flow's own `timestamp` is
 * kept so an older callback arriving late never overrides a newer one. The Shopify Flow destination sends
 * a trigger only while its row is enabled.
 */
export const flowTriggers = pgTable(
  'flow_triggers',
  {
    accountId: accountIdColumn(),
    /** The trigger's handle (extensions/<handle>/shopify.extension.toml). */
    handle: text('handle').notNull(),
    enabled: boolean('enabled').notNull(),
    /** The callback's `timestamp`: when Flow made the notification. */
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.handle] })],
);
