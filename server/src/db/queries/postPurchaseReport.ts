import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { addDays, type DayRange } from '@quizlead/shared/days.ts';
import {
  customerKindLabels,
  postPurchaseAnswerColumns,
  postPurchaseReportLimits,
  postPurchaseSurfaceLabels,
  type PostPurchaseSurface,
} from '@quizlead/shared/postPurchaseReport.ts';
import { currencyDigits } from '@quizlead/shared/reports.ts';
import type { ExportColumn, ExportQuery } from '../../lib/exports/exportQuery.ts';
import type { Db } from '../client.ts';
import { postPurchaseAnswers, shopOrders } from '../schema/index.ts';
import { scoped } from '../scope.ts';

/**
 * The post-purchase survey report's reads (issue 36): the answers given within a range of UTC days,
 * each joined to its order's facts (shop_orders, from orders/create and orders/paid) by account and
 * order id. An answer whose order has not been reported yet counts as an answer with unknown
 * revenue and customer. Revenue is every reported order's total as orders/create gave it, paid or
 * not (orders/paid only stamps paid_at): a survey is answered right after checkout, before many
 * payment methods settle, and the report is about what buyers said, not about cash received.
 */

export interface PostPurchaseFilters {
  range: DayRange;
  surface?: PostPurchaseSurface | undefined;
  /** The order's sales channel (source_name). */
  channel?: string | undefined;
}

/**
 * Within the range's UTC days: from its first midnight up to the midnight after its last day. Written
 * as text literals, not Date parameters, so the export's COPY (which inlines its values) reads them alike.
 */
const withinRange = (column: PgColumn, range: DayRange) =>
  sql`${column} >= ${`${range.start}T00:00:00Z`}::timestamptz and ${column} < ${`${addDays(range.end, 1)}T00:00:00Z`}::timestamptz`;

/** The order an answer was given for: same account, same order id (shop_orders' unique key). */
const answeredOrder = and(
  eq(shopOrders.accountId, postPurchaseAnswers.accountId),
  eq(shopOrders.orderId, postPurchaseAnswers.orderId),
) as SQL;

/** The account's answers under the filters; a channel filter keeps only answers whose order is on it. */
function answersWhere(accountId: string, filters: PostPurchaseFilters): SQL {
  return scoped(
    postPurchaseAnswers,
    accountId,
    withinRange(postPurchaseAnswers.createdAt, filters.range),
    filters.surface ? eq(postPurchaseAnswers.surface, filters.surface) : undefined,
    filters.channel
      ? sql`exists (select 1 from ${shopOrders} where ${answeredOrder} and ${shopOrders.sourceName} = ${filters.channel})`
      : undefined,
  );
}

/** 'new' for a customer's first order, 'returning' for a later one, null when not known (or no order yet). */
const customerKind = sql<
  'new' | 'returning' | null
>`case coalesce(${shopOrders.firstOrder}, ${shopOrders.customerOrderIndex} = 1) when true then 'new' when false then 'returning' end`;

/** Answers of one answer key, order currency, channel and customer kind. */
export interface AnswerGroup {
  itemKind: 'poll' | 'feedback';
  itemId: string;
  answerKey: string;
  /** Null: the order has not been reported yet (and so channel and customer are null too). */
  currency: string | null;
  channel: string | null;
  customer: 'new' | 'returning' | null;
  answers: number;
  /** Minor units, summed exactly by PostgreSQL (numeric), as a BigInt. */
  revenue: bigint;
}

export async function answerGroups(db: Db, accountId: string, filters: PostPurchaseFilters): Promise<AnswerGroup[]> {
  const rows = await db
    .select({
      itemKind: postPurchaseAnswers.itemKind,
      itemId: postPurchaseAnswers.itemId,
      answerKey: postPurchaseAnswers.answerKey,
      currency: shopOrders.currency,
      channel: shopOrders.sourceName,
      customer: customerKind,
      answers: sql<number>`count(*)::int`,
      // A sum of bigints is numeric: read as text, so no digit is lost on the way.
      revenue: sql<string | null>`sum(${shopOrders.totalMinor})::text`,
    })
    .from(postPurchaseAnswers)
    .leftJoin(shopOrders, answeredOrder)
    .where(answersWhere(accountId, filters))
    .groupBy(
      postPurchaseAnswers.itemKind,
      postPurchaseAnswers.itemId,
      postPurchaseAnswers.answerKey,
      shopOrders.currency,
      shopOrders.sourceName,
      customerKind,
    );
  return rows.map((row) => ({ ...row, revenue: BigInt(row.revenue ?? '0') }));
}

/** Each answer key's label as its newest answer stored it (a choice renamed later shows its new name). */
export async function answerLabels(db: Db, accountId: string, filters: PostPurchaseFilters): Promise<Map<string, string>> {
  const rows = await db
    .selectDistinctOn([postPurchaseAnswers.itemKind, postPurchaseAnswers.itemId, postPurchaseAnswers.answerKey], {
      itemKind: postPurchaseAnswers.itemKind,
      itemId: postPurchaseAnswers.itemId,
      answerKey: postPurchaseAnswers.answerKey,
      label: postPurchaseAnswers.answerLabel,
    })
    .from(postPurchaseAnswers)
    .where(answersWhere(accountId, filters))
    .orderBy(
      postPurchaseAnswers.itemKind,
      postPurchaseAnswers.itemId,
      postPurchaseAnswers.answerKey,
      desc(postPurchaseAnswers.createdAt),
    );
  return new Map(rows.map((row) => [answerGroupKey(row), row.label]));
}

/** One answer of one survey item: item kind, item id and answer key. */
export const answerGroupKey = (row: Pick<AnswerGroup, 'itemKind' | 'itemId' | 'answerKey'>) =>
  `${row.itemKind}:${row.itemId}:${row.answerKey}`;

/** Answers per UTC day (days without answers have no row). */
export async function answersPerDay(db: Db, accountId: string, filters: PostPurchaseFilters): Promise<Map<string, number>> {
  const day = sql<string>`to_char(${postPurchaseAnswers.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, answers: sql<number>`count(*)::int` })
    .from(postPurchaseAnswers)
    .where(answersWhere(accountId, filters))
    .groupBy(day);
  return new Map(rows.map((row) => [row.day, row.answers]));
}

/**
 * The response rate's parts: orders placed within the range (on the channel, when filtered) and how
 * many of them were answered (on the surface, when filtered), whenever the answer came.
 */
export async function ordersAnswered(db: Db, accountId: string, filters: PostPurchaseFilters) {
  const [row] = await db
    .select({ orders: sql<number>`count(*)::int`, answered: sql<number>`count(${postPurchaseAnswers.id})::int` })
    .from(shopOrders)
    .leftJoin(
      postPurchaseAnswers,
      and(answeredOrder, filters.surface ? eq(postPurchaseAnswers.surface, filters.surface) : undefined),
    )
    .where(
      scoped(
        shopOrders,
        accountId,
        withinRange(shopOrders.orderedAt, filters.range),
        filters.channel ? eq(shopOrders.sourceName, filters.channel) : undefined,
      ),
    );
  return { orders: row?.orders ?? 0, answered: row?.answered ?? 0 };
}

/** The shop's currency: that of its newest order (Shopify reports no other); null before any order. */
export async function shopCurrency(db: Db, accountId: string): Promise<string | null> {
  const [row] = await db
    .select({ currency: shopOrders.currency })
    .from(shopOrders)
    .where(scoped(shopOrders, accountId))
    .orderBy(desc(shopOrders.orderedAt))
    .limit(1);
  return row?.currency ?? null;
}

/** The sales channels the shop's orders came through, for the filter (alphabetical). */
export async function salesChannels(db: Db, accountId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ channel: shopOrders.sourceName })
    .from(shopOrders)
    .where(scoped(shopOrders, accountId, ne(shopOrders.sourceName, '')))
    .orderBy(asc(shopOrders.sourceName))
    .limit(postPurchaseReportLimits.channelOptions);
  return rows.map((row) => row.channel);
}

// ---------------------------------------------------------------------------------------------
// The raw answers' export

/** A field of the answer's order, or null while the order has not been reported. */
const orderField = (value: SQL | PgColumn) => sql`(select ${value} from ${shopOrders} where ${answeredOrder})`;

/**
 * Every currency whose minor unit is not 2 digits (as Intl knows them: JPY 0, KWD 3), for SQL to
 * write minor units as the currency's decimal amount exactly (numeric, no float).
 */
const unusualDigits = (() => {
  const codes = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : [];
  return codes.map((code) => [code, currencyDigits(code)] as const).filter(([, digits]) => digits !== 2);
})();
const digitsOf = (currency: SQL | PgColumn) =>
  unusualDigits.length === 0
    ? sql`2`
    : sql`(case ${currency} ${sql.join(
        unusualDigits.map(([code, digits]) => sql`when ${code} then ${sql.raw(String(digits))}`),
        sql` `,
      )} else 2 end)`;

/** The order's total as a decimal amount of its currency ('120.00', '1500'). */
const decimalTotal = sql`round(${shopOrders.totalMinor}::numeric / power(10::numeric, ${digitsOf(shopOrders.currency)}), ${digitsOf(shopOrders.currency)})::text`;

const answerExportCells: Record<(typeof postPurchaseAnswerColumns)[number], Omit<ExportColumn, 'header'>> = {
  // The order's name once reported ('#1001'), else Shopify's order id.
  Order: {
    value: sql`coalesce(nullif(${orderField(shopOrders.orderName)}, ''), ${postPurchaseAnswers.orderId})`,
    kind: 'text',
    width: 16,
  },
  Date: { value: postPurchaseAnswers.createdAt, kind: 'date', width: 20 },
  Page: {
    value: sql`case ${postPurchaseAnswers.surface} when 'thank_you' then ${postPurchaseSurfaceLabels.thank_you}::text else ${postPurchaseSurfaceLabels.order_status}::text end`,
    kind: 'text',
    width: 18,
  },
  Answer: { value: postPurchaseAnswers.answerLabel, kind: 'text', width: 28 },
  'Other text': { value: postPurchaseAnswers.otherText, kind: 'text', width: 40 },
  Revenue: { value: orderField(decimalTotal), kind: 'score', width: 14 },
  Currency: { value: orderField(shopOrders.currency), kind: 'text', width: 10 },
  Customer: {
    value: orderField(
      sql`case coalesce(${shopOrders.firstOrder}, ${shopOrders.customerOrderIndex} = 1) when true then ${customerKindLabels.new}::text when false then ${customerKindLabels.returning}::text end`,
    ),
    kind: 'text',
    width: 12,
  },
  Channel: { value: orderField(sql`nullif(${shopOrders.sourceName}, '')`), kind: 'text', width: 20 },
};

/** The answers under the filters, newest first, one row each with its order's facts (the export). */
export const postPurchaseAnswersExport = (accountId: string, filters: PostPurchaseFilters): ExportQuery => ({
  from: postPurchaseAnswers,
  where: answersWhere(accountId, filters),
  createdAt: postPurchaseAnswers.createdAt,
  id: postPurchaseAnswers.id,
  columns: postPurchaseAnswerColumns.map((header) => ({ header, ...answerExportCells[header] })),
});
