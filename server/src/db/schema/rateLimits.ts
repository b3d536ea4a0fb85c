import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit windows shared by every server process on one PostgreSQL (middlewares/rateLimit.ts):
 * one row per limiter and key, counting attempts until `resetAt`. Expired rows are swept.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    limiter: text('limiter').notNull(),
    key: text('key').notNull(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.limiter, table.key] })],
);
