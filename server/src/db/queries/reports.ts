import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { respondentExportColumns, type RespondentSort } from '@quizlead/shared/reports.ts';
import type { ExportColumn, ExportQuery } from '../../lib/exports/exportQuery.ts';
import type { QuizRow } from '../../policies/quiz.ts';
import type { Db } from '../client.ts';
import { accounts, attributedOrders, plays, quizDailyStats, quizQuestionStats, wheelSpins } from '../schema/index.ts';
import { scoped } from '../scope.ts';

/**
 * The quiz report's reads. Counts come from the roll-ups (quiz_daily_stats, quiz_question_stats,
 * quizzes.completed_plays) that PlayStatsRollup keeps current; plays are only read a page at a time,
 * through the respondents sort indexes.
 */

type QuizRef = Pick<QuizRow, 'id' | 'accountId'>;

export interface QuizTotals {
  views: number;
  starts: number;
  completions: number;
  leads: number;
  scored: number;
  percentageSum: number;
}

/** The quiz's counters summed over every day. */
export async function quizTotals(db: Db, quiz: QuizRef): Promise<QuizTotals> {
  // Sums of integers are bigint (text from the driver); float8 holds every count exactly up to 2^53.
  const total = (column: PgColumn) => sql<number>`coalesce(sum(${column}), 0)::float8`;
  const [row] = await db
    .select({
      views: total(quizDailyStats.views),
      starts: total(quizDailyStats.starts),
      completions: total(quizDailyStats.completions),
      leads: total(quizDailyStats.leads),
      scored: total(quizDailyStats.scored),
      percentageSum: total(quizDailyStats.percentageSum),
    })
    .from(quizDailyStats)
    .where(scoped(quizDailyStats, quiz.accountId, eq(quizDailyStats.quizId, quiz.id)));
  const numbers = (value: unknown) => Number(value ?? 0);
  return {
    views: numbers(row?.views),
    starts: numbers(row?.starts),
    completions: numbers(row?.completions),
    leads: numbers(row?.leads),
    scored: numbers(row?.scored),
    percentageSum: numbers(row?.percentageSum),
  };
}

/** Reached and answered per question id (questions nobody reached have no row). */
export async function questionDropOff(db: Db, quiz: QuizRef): Promise<Map<string, { reached: number; answered: number }>> {
  const rows = await db
    .select({
      questionId: quizQuestionStats.questionId,
      reached: quizQuestionStats.reached,
      answered: quizQuestionStats.answered,
    })
    .from(quizQuestionStats)
    .where(scoped(quizQuestionStats, quiz.accountId, eq(quizQuestionStats.quizId, quiz.id)));
  return new Map(rows.map((row) => [row.questionId, { reached: row.reached, answered: row.answered }]));
}

/**
 * The respondents of a quiz: its completed plays, preview plays left out. Written exactly as the partial
 * indexes' predicate (plays_respondents_*_idx, `where status = 'completed' and not preview`) so the
 * planner can use them.
 */
const reportable = (quiz: QuizRef, ...conditions: (SQL | undefined)[]) =>
  scoped(
    plays,
    quiz.accountId,
    eq(plays.quizId, quiz.id),
    sql`${plays.status} = 'completed' and not ${plays.preview}`,
    ...conditions,
  );

/** Only the plays shown in `language`, when one is asked for (issue 34). */
const inLanguage = (language: string | undefined) => (language ? eq(plays.language, language) : undefined);

/** How many respondents were shown `language` (the table's total under that filter: the roll-up counts every language). */
export async function respondentsInLanguage(db: Db, quiz: QuizRef, language: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(plays)
    .where(reportable(quiz, inLanguage(language)));
  return row?.count ?? 0;
}

/** Each sort key's column: every one has its index (quiz_id, column, id). */
const sortColumns = {
  date: plays.completedAt,
  email: plays.email,
  result: plays.resultSummary,
  country: plays.country,
  state: plays.state,
  city: plays.city,
} as const satisfies Record<RespondentSort, unknown>;

const respondentFields = {
  id: plays.id,
  email: plays.email,
  name: plays.name,
  resultSummary: plays.resultSummary,
  completedAt: plays.completedAt,
  country: plays.country,
  state: plays.state,
  city: plays.city,
  language: plays.language,
};
export interface RespondentRow {
  id: string;
  email: string | null;
  name: string | null;
  resultSummary: string | null;
  completedAt: Date | null;
  country: string;
  state: string;
  city: string;
  language: string | null;
}

/**
 * One page of the respondents table. Ties on the sort column are broken by id in the same direction, so
 * the order matches the index and the pages neither skip nor repeat a row.
 */
export async function respondentsPage(
  db: Db,
  quiz: QuizRef,
  options: { page: number; pageSize: number; sort: RespondentSort; direction: 'asc' | 'desc'; language?: string },
): Promise<RespondentRow[]> {
  const order = options.direction === 'asc' ? asc : desc;
  return db
    .select(respondentFields)
    .from(plays)
    .where(reportable(quiz, inLanguage(options.language)))
    .orderBy(order(sortColumns[options.sort]), order(plays.id))
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize);
}

/** The respondents export's cells: respondentExportColumns, in that order. */
const respondentExportCells: Record<(typeof respondentExportColumns)[number], Omit<ExportColumn, 'header'>> = {
  Email: { value: plays.email, kind: 'text', width: 32 },
  Phone: { value: plays.phone, kind: 'text', width: 18 },
  'Quiz Result': { value: plays.resultSummary, kind: 'text', width: 32 },
  'Date of play': { value: plays.completedAt, kind: 'date', width: 20 },
  Country: { value: plays.country, kind: 'text', width: 16 },
  State: { value: plays.state, kind: 'text', width: 20 },
  City: { value: plays.city, kind: 'text', width: 20 },
  Language: { value: plays.language, kind: 'text', width: 10 },
};

/** Every respondent of a quiz, the latest completion first (the export). */
export const respondentsExport = (quiz: QuizRef, language?: string): ExportQuery => ({
  from: plays,
  where: reportable(quiz, inLanguage(language)),
  createdAt: plays.completedAt,
  id: plays.id,
  columns: respondentExportColumns.map((header) => ({ header, ...respondentExportCells[header] })),
});

export type PlayRow = typeof plays.$inferSelect;

/**
 * A play of the caller's account by its id (plays_id_idx), preview plays left out. Play ids come
 * from visitors' browsers and are unique only within a quiz, so two quizzes could share one: the
 * latest started wins.
 */
export async function findOwnPlay(db: Db, accountId: string, playId: string): Promise<PlayRow | undefined> {
  const [play] = await db
    .select()
    .from(plays)
    .where(and(scoped(plays, accountId, eq(plays.id, playId)), eq(plays.preview, false)))
    .orderBy(desc(plays.startedAt))
    .limit(1);
  return play;
}

// ---------------------------------------------------------------------------------------------
// Revenue (issue 16): the orders attributed_orders credits to a quiz or a wheel

/** Whether the account is a Shopify shop: only shops have orders (standalone accounts' revenue is null). */
export async function sellsOnShopify(db: Db, accountId: string): Promise<boolean> {
  const [account] = await db
    .select({ kind: accounts.kind })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.kind, 'shopify')))
    .limit(1);
  return account !== undefined;
}

/** Orders of one currency and slot: `revenue` in minor units; `latest` the newest order's time. */
export interface RevenueGroup {
  currency: string;
  slot: string | null;
  orders: number;
  revenue: number;
  latest: Date;
}

/** An item's credited orders by currency and slot: one row per (order, item), so a count is a count of orders. */
export async function itemRevenue(db: Db, accountId: string, itemId: string): Promise<RevenueGroup[]> {
  const rows = await db
    .select({
      currency: attributedOrders.currency,
      slot: attributedOrders.slot,
      orders: sql<number>`count(*)::int`,
      // A sum of bigints is numeric: read as text, exact up to 2^53.
      revenue: sql<string>`sum(${attributedOrders.totalMinor})::text`,
      latest: sql<Date>`max(${attributedOrders.orderedAt})`.mapWith(attributedOrders.orderedAt),
    })
    .from(attributedOrders)
    .where(scoped(attributedOrders, accountId, eq(attributedOrders.itemId, itemId)))
    .groupBy(attributedOrders.currency, attributedOrders.slot);
  return rows.map((row) => ({
    currency: row.currency,
    slot: row.slot,
    orders: row.orders,
    revenue: Number(row.revenue),
    latest: row.latest,
  }));
}

/** A wheel's spins per option index (its primary key's wheel_id prefix). */
export async function spinsPerSlice(db: Db, accountId: string, wheelId: string): Promise<Map<number, number>> {
  const rows = await db
    .select({ slice: wheelSpins.optionIndex, spins: sql<number>`count(*)::int` })
    .from(wheelSpins)
    .where(scoped(wheelSpins, accountId, eq(wheelSpins.wheelId, wheelId)))
    .groupBy(wheelSpins.optionIndex);
  return new Map(rows.map((row) => [row.slice, row.spins]));
}
