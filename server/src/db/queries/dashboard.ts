import { and, eq, gte, lt, lte, not, sql } from 'drizzle-orm';
import { addDays, daysOf, type DayRange } from '@quizlead/shared/days.ts';
import { dashboardStatKeys, type DashboardStatKey } from '@quizlead/shared/reports.ts';
import type { Db } from '../client.ts';
import { attributedOrders, feedbackResponses, feedbacks, plays, questions, quizDailyStats, quizzes } from '../schema/index.ts';
import { scoped } from '../scope.ts';
import type { RevenueGroup } from './reports.ts';

/**
 * The dashboard's figures. Each is one indexed aggregate: quiz, question and web-response counts by
 * their account_id indexes, play figures from the quiz_daily_stats roll-up by (account_id, day),
 * web-response submissions by (account_id, created_at). No query reads plays, so the dashboard
 * costs the same at any number of them. Under a language filter (issue 34) the play figures are counted
 * from the plays of that language instead (the roll-ups have no language): a filtered view costs what
 * its plays cost, and views, which are recorded with no language, stay the account's whole.
 */

const inRange = (range: DayRange) => and(gte(quizDailyStats.day, range.start), lte(quizDailyStats.day, range.end));

export async function dashboardFigures(db: Db, accountId: string, range: DayRange, language?: string) {
  const int = (expression: ReturnType<typeof sql>) => sql<number>`coalesce(${expression}, 0)::int`;
  const [quizCounts, played, questionCount, feedbackCount, responseCount] = await Promise.all([
    db
      .select({
        all: int(sql`count(*)`),
        published: int(sql`count(*) filter (where ${quizzes.status} = 'published')`),
        draft: int(sql`count(*) filter (where ${quizzes.status} = 'draft')`),
      })
      .from(quizzes)
      .where(scoped(quizzes, accountId, not(quizzes.isTemplate))),
    db
      .select({
        views: int(sql`sum(${quizDailyStats.views})`),
        starts: int(sql`sum(${quizDailyStats.starts})`),
        completions: int(sql`sum(${quizDailyStats.completions})`),
        leads: int(sql`sum(${quizDailyStats.leads})`),
      })
      .from(quizDailyStats)
      .where(scoped(quizDailyStats, accountId, inRange(range))),
    db
      .select({ total: int(sql`count(*)`) })
      .from(questions)
      .innerJoin(quizzes, eq(quizzes.id, questions.quizId))
      .where(scoped(questions, accountId, not(quizzes.isTemplate))),
    db
      .select({ total: int(sql`count(*)`) })
      .from(feedbacks)
      .where(scoped(feedbacks, accountId)),
    db
      .select({ total: int(sql`count(*)`) })
      .from(feedbackResponses)
      .where(
        scoped(
          feedbackResponses,
          accountId,
          gte(feedbackResponses.createdAt, new Date(`${range.start}T00:00:00Z`)),
          lt(feedbackResponses.createdAt, new Date(`${addDays(range.end, 1)}T00:00:00Z`)),
          language ? eq(feedbackResponses.language, language) : undefined,
        ),
      ),
  ]);
  if (language) Object.assign(played[0] ?? {}, await playsInLanguage(db, accountId, range, language));
  const quizRow = quizCounts[0];
  const playRow = played[0];
  const values: Record<DashboardStatKey, number> = {
    'Quiz Count': quizRow?.all ?? 0,
    'Published Quiz Count': quizRow?.published ?? 0,
    'Draft Quiz Count': quizRow?.draft ?? 0,
    Views: playRow?.views ?? 0,
    'Total Played': playRow?.starts ?? 0,
    Completed: playRow?.completions ?? 0,
    'Total Questions': questionCount[0]?.total ?? 0,
    'Web Response Count': feedbackCount[0]?.total ?? 0,
    'Web Response Completed': responseCount[0]?.total ?? 0,
  };
  return {
    stats: dashboardStatKeys.map((key) => ({ key, value: values[key] })),
    leads: playRow?.leads ?? 0,
  };
}

const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
/** Plays (previews left out) whose `column` falls within the range's days, in `language`. */
const playsWithin = (
  accountId: string,
  range: DayRange,
  language: string,
  column: typeof plays.startedAt | typeof plays.completedAt,
) =>
  scoped(
    plays,
    accountId,
    eq(plays.language, language),
    not(plays.preview),
    gte(column, dayStart(range.start)),
    lt(column, dayStart(addDays(range.end, 1))),
  );

/** Starts, completions and leads of the range's plays in one language, as the roll-ups count them (by their day). */
async function playsInLanguage(db: Db, accountId: string, range: DayRange, language: string) {
  const int = (expression: ReturnType<typeof sql>) => sql<number>`coalesce(${expression}, 0)::int`;
  const [[started], [completed]] = await Promise.all([
    db
      .select({ starts: int(sql`count(*)`) })
      .from(plays)
      .where(playsWithin(accountId, range, language, plays.startedAt)),
    db
      .select({
        completions: int(sql`count(*)`),
        leads: int(sql`count(*) filter (where ${plays.email} is not null)`),
      })
      .from(plays)
      .where(playsWithin(accountId, range, language, plays.completedAt)),
  ]);
  return { starts: started?.starts ?? 0, completions: completed?.completions ?? 0, leads: completed?.leads ?? 0 };
}

/** Completions per day of the range, every day present (0 without plays), oldest first. */
export async function completionsPerDay(db: Db, accountId: string, range: DayRange, language?: string) {
  if (language) {
    const day = sql<string>`(${plays.completedAt} at time zone 'UTC')::date::text`;
    const counted = await db
      .select({ day, completions: sql<number>`count(*)::int` })
      .from(plays)
      .where(playsWithin(accountId, range, language, plays.completedAt))
      .groupBy(day);
    const byDay = new Map(counted.map((row) => [row.day, row.completions]));
    return daysOf(range).map((each) => ({ day: each, completions: byDay.get(each) ?? 0 }));
  }
  const rows = await db
    .select({ day: sql<string>`${quizDailyStats.day}::text`, completions: sql<number>`sum(${quizDailyStats.completions})::int` })
    .from(quizDailyStats)
    .where(scoped(quizDailyStats, accountId, inRange(range)))
    .groupBy(quizDailyStats.day);
  const byDay = new Map(rows.map((row) => [row.day, row.completions]));
  return daysOf(range).map((day) => ({ day, completions: byDay.get(day) ?? 0 }));
}

/**
 * The orders placed within the range that a quiz or a wheel brought, by currency. An order credited to
 * two items has a row for each: it counts once, with its total once. The rows are found by the
 * account's prefix of attributed_orders_order_item_idx (an account's credited orders, not its plays).
 */
export async function ordersInRange(db: Db, accountId: string, range: DayRange): Promise<RevenueGroup[]> {
  const orders = db
    .selectDistinctOn([attributedOrders.orderId], {
      orderId: attributedOrders.orderId,
      currency: attributedOrders.currency,
      totalMinor: attributedOrders.totalMinor,
      orderedAt: attributedOrders.orderedAt,
    })
    .from(attributedOrders)
    .where(
      scoped(
        attributedOrders,
        accountId,
        gte(attributedOrders.orderedAt, new Date(`${range.start}T00:00:00Z`)),
        lt(attributedOrders.orderedAt, new Date(`${addDays(range.end, 1)}T00:00:00Z`)),
      ),
    )
    .orderBy(attributedOrders.orderId)
    .as('orders');
  const rows = await db
    .select({
      currency: orders.currency,
      orders: sql<number>`count(*)::int`,
      revenue: sql<string>`sum(${orders.totalMinor})::text`,
      latest: sql<Date>`max(${orders.orderedAt})`.mapWith(attributedOrders.orderedAt),
    })
    .from(orders)
    .groupBy(orders.currency);
  return rows.map((row) => ({ ...row, slot: null, revenue: Number(row.revenue) }));
}
