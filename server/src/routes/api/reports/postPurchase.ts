import { postPurchaseReportLimits, postPurchaseSummaryColumns } from '@quizlead/shared/postPurchaseReport.ts';
import { dashboardMessages, fromMinorUnits } from '@quizlead/shared/reports.ts';
import {
  ZPostPurchaseExportQuery,
  ZPostPurchaseReportQuery,
  ZPostPurchaseReportResponse,
  type TPostPurchaseReport,
} from '@quizlead/shared/schemas/postPurchaseReport.ts';
import { postPurchaseAnswersExport, type PostPurchaseFilters } from '../../../db/queries/postPurchaseReport.ts';
import type { Cell } from '../../../lib/exports/exportQuery.ts';
import { sendExport, sendRowsExport } from '../../../lib/exports/spreadsheetExport.ts';
import { findOwnShop } from '../../../policies/shop.ts';
import type { ApiRouter } from '../../apiRouter.ts';
import { resolveRange } from '../dashboard/dashboard.ts';
import { postPurchaseReport } from './postPurchaseFigures.ts';

/**
 * The post-purchase survey report (issue 36), a Shopify shop's own: what buyers answered on the Thank
 * you and order status pages, with the orders, revenue, average order value and new vs returning
 * customers behind each answer, over time and by sales channel; its table and its raw answers as
 * .xlsx or .csv. A standalone account has no shop (404).
 */

const rangeErrors = `'${dashboardMessages.dateInvalid}', '${dashboardMessages.rangeInvalid}', '${dashboardMessages.rangeTooLong}' or '${dashboardMessages.futureDate}', naming from or to; a channel over ${postPurchaseReportLimits.channelMaxLength} characters or an unknown surface, naming it`;

/** The filters as the queries take them: the range with its defaults (the last 30 days up to today, UTC). */
const filtersOf = (query: {
  from?: string | undefined;
  to?: string | undefined;
  surface?: PostPurchaseFilters['surface'];
  channel?: string | undefined;
}): PostPurchaseFilters => ({
  range: resolveRange({ start: query.from, end: query.to }, undefined, { start: 'from', end: 'to' }),
  surface: query.surface,
  channel: query.channel,
});

/** The per-answer table as export rows: one per answer and currency (one with empty money before any order). */
function summaryRows(report: TPostPurchaseReport): Cell[][] {
  return report.answers.flatMap((row) => {
    const counts = (orders: number, pending: string) => [
      row.label,
      String(row.answers),
      String(row.share),
      String(orders),
      pending,
    ];
    const customers = [String(row.customers.new), String(row.customers.returning), String(row.customers.unknown)];
    if (row.revenue.length === 0) return [[...counts(0, String(row.pendingOrders)), null, null, null, ...customers]];
    return row.revenue.map((money, index) => [
      // The answer's counts of answers are whole on its first currency's row; later rows add orders in another currency.
      ...counts(money.orders, index === 0 ? String(row.pendingOrders) : '0'),
      fromMinorUnits(money.revenue, money.currency),
      money.currency,
      fromMinorUnits(money.averageOrderValue, money.currency),
      ...customers,
    ]);
  });
}

const summaryKinds: Record<(typeof postPurchaseSummaryColumns)[number], { kind: 'text' | 'score'; width: number }> = {
  Answer: { kind: 'text', width: 32 },
  Answers: { kind: 'score', width: 10 },
  'Share (%)': { kind: 'score', width: 10 },
  Orders: { kind: 'score', width: 10 },
  'Orders not received yet': { kind: 'score', width: 14 },
  Revenue: { kind: 'score', width: 14 },
  Currency: { kind: 'text', width: 10 },
  'Average order value': { kind: 'score', width: 14 },
  'New customers': { kind: 'score', width: 12 },
  'Returning customers': { kind: 'score', width: 12 },
  'Customer not known': { kind: 'score', width: 12 },
};

const fileName = (filters: PostPurchaseFilters, what: string) =>
  `post-purchase-survey-${what}-${filters.range.start}-to-${filters.range.end}`;

export function postPurchaseReportRoutes(api: ApiRouter): void {
  api.route({
    method: 'get',
    path: '/reports/post-purchase',
    summary:
      'The post-purchase survey report of a Shopify shop for a range of UTC days (default: the last 30 up to today), optionally of one page (surface) and sales channel: answers, orders, revenue per currency (exact minor units; every reported order counts, paid or not), average order value (rounded half up), share, new vs returning per answer, answers per day and by channel, the response rate (answered ÷ orders placed in the range); answers whose order is not reported yet count with unknown revenue',
    tags: ['reports'],
    access: 'owner',
    can: 'report.read',
    query: ZPostPurchaseReportQuery,
    responses: { 200: ZPostPurchaseReportResponse, 400: rangeErrors, 404: 'Not a Shopify shop' },
    handler: async ({ ctx, db, auth, query }) => {
      const filters = filtersOf(query);
      const shop = await findOwnShop(db, auth);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { data: await postPurchaseReport(db, shop.id, filters) };
    },
  });

  api.route({
    method: 'get',
    path: '/reports/post-purchase/export',
    summary: `Download the post-purchase report's table as .xlsx or .csv (${postPurchaseSummaryColumns.join(', ')}): one row per answer and currency, the same filters as the report`,
    tags: ['reports'],
    access: 'owner',
    can: 'report.export',
    query: ZPostPurchaseExportQuery,
    responses: { 200: 'The spreadsheet (attachment)', 400: rangeErrors, 404: 'Not a Shopify shop' },
    handler: async ({ ctx, db, auth, query }) => {
      const filters = filtersOf(query);
      const shop = await findOwnShop(db, auth);
      const report = await postPurchaseReport(db, shop.id, filters);
      sendRowsExport(ctx, {
        format: query.format,
        filename: fileName(filters, 'table'),
        sheetName: 'Post-purchase survey',
        columns: postPurchaseSummaryColumns.map((header) => ({ header, ...summaryKinds[header] })),
        rows: summaryRows(report),
      });
    },
  });

  api.route({
    method: 'get',
    path: '/reports/post-purchase/answers/export',
    summary:
      'Download the post-purchase survey’s answers as .xlsx or .csv (Order, Date, Page, Answer, Other text, Revenue, Currency, Customer, Channel), newest first, the same filters as the report, streamed',
    tags: ['reports'],
    access: 'owner',
    can: 'report.export',
    query: ZPostPurchaseExportQuery,
    responses: { 200: 'The spreadsheet (attachment)', 400: rangeErrors, 404: 'Not a Shopify shop' },
    handler: async ({ ctx, db, auth, query, services }) => {
      const filters = filtersOf(query);
      const shop = await findOwnShop(db, auth);
      await sendExport(ctx, services.database, {
        format: query.format,
        filename: fileName(filters, 'answers'),
        sheetName: 'Answers',
        query: postPurchaseAnswersExport(shop.id, filters),
      });
    },
  });
}
