import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { quizzes } from './quizzes.ts';

/**
 * One visitor's play of a quiz, from start to result and lead. The id comes from the visitor's
 * browser, so a retried request finds the same row instead of making a second play.
 */
export const plays = pgTable(
  'plays',
  {
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** An owner trying a draft: kept out of stats and reports. */
    preview: boolean('preview').notNull().default(false),
    status: text('status', { enum: ['started', 'answered', 'completed'] })
      .notNull()
      .default('started'),
    /** Question id → answer ids, as submitted (after validation). */
    answers: jsonb('answers').$type<Record<string, string[]>>(),
    /** The engine's result, computed by the server. */
    result: jsonb('result').$type<Record<string, unknown>>(),
    resultSummary: text('result_summary'),
    /** Graded types: the score and percentage, for reports and sorting. */
    score: real('score'),
    percentage: integer('percentage'),
    name: text('name'),
    email: text('email'),
    consent: boolean('consent'),
    /** What the visitor agreed to, as it read then. */
    consentText: text('consent_text'),
    /** Other fields of a custom lead form. */
    leadFields: jsonb('lead_fields').$type<Record<string, string>>(),
    userAgent: text('user_agent').notNull().default(''),
    country: text('country').notNull().default(''),
    state: text('state').notNull().default(''),
    city: text('city').notNull().default(''),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.quizId, table.id] }),
    index('plays_account_completed_idx').on(table.accountId, table.completedAt),
    index('plays_quiz_completed_idx').on(table.quizId, table.completedAt),
    check('plays_status_check', sql`${table.status} in ('started', 'answered', 'completed')`),
  ],
);

/**
 * Counts per quiz and day, kept current as events arrive, so reports and the dashboard
 * never count plays row by row.
 */
export const quizDailyStats = pgTable(
  'quiz_daily_stats',
  {
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    views: integer('views').notNull().default(0),
    starts: integer('starts').notNull().default(0),
    completions: integer('completions').notNull().default(0),
    leads: integer('leads').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.quizId, table.day] }),
    index('quiz_daily_stats_account_day_idx').on(table.accountId, table.day),
  ],
);
