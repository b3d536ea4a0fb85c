import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TVariant } from '@quizlead/shared/schemas/experiments.ts';
import { accountIdColumn } from './columns.ts';
import { wheels } from './engagement.ts';
import { quizzes } from './quizzes.ts';

/**
 * An A/B test of a quiz or a wheel: its variants (the original first) of one subject, each with its
 * share of visitors. At most one runs per item; plays and spins carry the test and variant they saw, so
 * the report counts them, and ending it writes the kept variant's value into the item.
 */
export const experiments = pgTable(
  'experiments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    quizId: uuid('quiz_id').references(() => quizzes.id, { onDelete: 'cascade' }),
    wheelId: uuid('wheel_id').references(() => wheels.id, { onDelete: 'cascade' }),
    subject: text('subject', { enum: ['intro', 'leadGate', 'odds'] }).notNull(),
    variants: jsonb('variants').$type<TVariant[]>().notNull(),
    status: text('status', { enum: ['running', 'ended'] })
      .notNull()
      .default('running'),
    winner: text('winner'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    check('experiments_one_item_check', sql`(${table.quizId} is null) <> (${table.wheelId} is null)`),
    check('experiments_status_check', sql`${table.status} in ('running', 'ended')`),
    uniqueIndex('experiments_running_quiz_idx')
      .on(table.quizId)
      .where(sql`${table.status} = 'running' and ${table.quizId} is not null`),
    uniqueIndex('experiments_running_wheel_idx')
      .on(table.wheelId)
      .where(sql`${table.status} = 'running' and ${table.wheelId} is not null`),
    index('experiments_account_quiz_idx').on(table.accountId, table.quizId, table.startedAt),
    index('experiments_account_wheel_idx').on(table.accountId, table.wheelId, table.startedAt),
  ],
);
