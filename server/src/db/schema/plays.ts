import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { accountIdColumn } from './columns.ts';
import { quizIdColumn } from './quizzes.ts';

const reportable = sql`status = 'completed' and not preview`;

/** The respondents table's sort indexes (renamed from plays_players_*_idx by migration 0023). */
function respondentSortIndexes(table: {
  quizId: AnyPgColumn;
  id: AnyPgColumn;
  completedAt: AnyPgColumn;
  email: AnyPgColumn;
  resultSummary: AnyPgColumn;
  country: AnyPgColumn;
  state: AnyPgColumn;
  city: AnyPgColumn;
}) {
  const sortable = {
    date: table.completedAt,
    email: table.email,
    result: table.resultSummary,
    country: table.country,
    state: table.state,
    city: table.city,
  };
  return Object.entries(sortable).map(([name, column]) =>
    index(`plays_respondents_${name}_idx`).on(table.quizId, column, table.id).where(reportable),
  );
}

/**
 * One visitor's play of a quiz, from start to result and lead. The id comes from the visitor's
 * browser, so a retried request finds the same row instead of making a second play.
 */
export const plays = pgTable(
  'plays',
  {
    quizId: quizIdColumn(),
    id: uuid('id').notNull(),
    accountId: accountIdColumn(),
    /**
     * SHA-256 of the secret the visitor's browser chose at the first start: starting the play again
     * (a new token) needs the same secret, so knowing a play's id is not enough to take it over.
     */
    startKeyHash: text('start_key_hash'),
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
    /** The optional phone of the lead form, in E.164. */
    phone: text('phone'),
    /** The separate SMS consent checkbox, ticked for that phone. */
    smsConsent: boolean('sms_consent').notNull().default(false),
    /** Other fields of a custom lead form. */
    leadFields: jsonb('lead_fields').$type<Record<string, string>>(),
    userAgent: text('user_agent').notNull().default(''),
    country: text('country').notNull().default(''),
    state: text('state').notNull().default(''),
    city: text('city').notNull().default(''),
    /** The language the visitor was shown (a VisitorLanguage), when the player sent it. */
    language: text('language'),
    /**
     * The questions the visitor was shown, in order (progress events), so the report's drop-off
     * counts each question once per play even when an event is retried.
     */
    reached: text('reached')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The A/B test running when the play started and the variant this visitor saw ('a' the original). */
    experimentId: uuid('experiment_id'),
    variant: text('variant'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.quizId, table.id] }),
    index('plays_account_completed_idx').on(table.accountId, table.completedAt),
    // The answer sheet finds a play by its id within the owner's account.
    index('plays_id_idx').on(table.id),
    // An A/B test's report counts its plays per variant.
    index('plays_experiment_idx')
      .on(table.experimentId, table.variant)
      .where(sql`${table.experimentId} is not null and not ${table.preview}`),
    // The respondents table: completed, non-preview plays of one quiz in each sortable order, so its
    // first page reads a few index entries at any number of plays (docs/performance.md).
    ...respondentSortIndexes(table),
    check('plays_status_check', sql`${table.status} in ('started', 'answered', 'completed')`),
  ],
);

/** A counter column, zero until something counts. */
function counter(name: string) {
  return integer(name).notNull().default(0);
}

/** A quiz day's counters: quiz_daily_stats holds them, play_stat_deltas what one play step adds to them. */
function quizDayCounters() {
  return {
    views: counter('views'),
    starts: counter('starts'),
    completions: counter('completions'),
    leads: counter('leads'),
    /** Completed plays of scoring types and the sum of their percentages: the report's average score. */
    scored: counter('scored'),
    percentageSum: doublePrecision('percentage_sum').notNull().default(0),
  };
}

/** A question's drop-off counters: quiz_question_stats holds them, play_stat_deltas what one play step adds to them. */
function questionCounters() {
  return {
    reached: counter('reached'),
    answered: counter('answered'),
  };
}

/**
 * Counts per quiz and day, kept current as events arrive, so reports and the dashboard
 * never count plays row by row.
 */
export const quizDailyStats = pgTable(
  'quiz_daily_stats',
  {
    quizId: quizIdColumn(),
    day: date('day').notNull(),
    accountId: accountIdColumn(),
    ...quizDayCounters(),
  },
  (table) => [
    primaryKey({ columns: [table.quizId, table.day] }),
    index('quiz_daily_stats_account_day_idx').on(table.accountId, table.day),
  ],
);

/**
 * Per question of a quiz: how many plays were shown it and how many answered it (the report's
 * drop-off), kept current from play progress like quiz_daily_stats.
 */
export const quizQuestionStats = pgTable(
  'quiz_question_stats',
  {
    quizId: quizIdColumn(),
    questionId: uuid('question_id').notNull(),
    accountId: accountIdColumn(),
    ...questionCounters(),
  },
  (table) => [
    primaryKey({ columns: [table.quizId, table.questionId] }),
    index('quiz_question_stats_account_idx').on(table.accountId),
  ],
);

/**
 * What a play step adds to the counters above, written in the step's own transaction (insert-only,
 * so plays never wait on a hot counter row) and folded into them in the background
 * (commands/playStats.ts). A crash therefore loses nothing: counters plus pending deltas always equal
 * the plays. A row with `questionId` adds to that question's drop-off, one without to the quiz's day.
 */
export const playStatDeltas = pgTable(
  'play_stat_deltas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    quizId: quizIdColumn(),
    accountId: accountIdColumn(),
    day: date('day')
      .notNull()
      .default(sql`current_date`),
    questionId: uuid('question_id'),
    ...quizDayCounters(),
    ...questionCounters(),
  },
  (table) => [index('play_stat_deltas_quiz_idx').on(table.quizId)],
);

/** A quiz's short link: /play/{code} redirects to its player (one per quiz, made on first ask). */
export const shortLinks = pgTable(
  'short_links',
  {
    code: text('code').primaryKey(),
    quizId: quizIdColumn(),
    accountId: accountIdColumn(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('short_links_quiz_key').on(table.quizId)],
);
