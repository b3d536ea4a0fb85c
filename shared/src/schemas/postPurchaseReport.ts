import { z } from 'zod';
import { exportFormats } from '../engagement.ts';
import { postPurchaseReportLimits, postPurchaseSurfaces } from '../postPurchaseReport.ts';
import { dashboardLimits, dashboardMessages } from '../reports.ts';
import { rangeDays } from '../days.ts';

/**
 * GET /api/v1/reports/post-purchase?from=&to=&surface=&channel= and its exports (issue 36). Days are
 * UTC calendar days as the dashboard counts them (shared/src/days.ts), both ends included.
 */

const ZDay = z.iso.date({ error: dashboardMessages.dateInvalid });

const reportFilters = {
  from: ZDay.optional(),
  to: ZDay.optional(),
  surface: z.enum(postPurchaseSurfaces).optional(),
  /** The order's sales channel (Shopify's `source_name`). */
  channel: z.string().trim().min(1).max(postPurchaseReportLimits.channelMaxLength).optional(),
};

/** The same range checks as the dashboard's, naming `from`. */
const checkRange = (range: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) => {
  if (!range.from || !range.to) return;
  if (range.from > range.to) ctx.addIssue({ code: 'custom', path: ['from'], message: dashboardMessages.rangeInvalid });
  else if (rangeDays({ start: range.from, end: range.to }) > dashboardLimits.maxRangeDays)
    ctx.addIssue({ code: 'custom', path: ['from'], message: dashboardMessages.rangeTooLong });
};

export const ZPostPurchaseReportQuery = z.object(reportFilters).superRefine(checkRange);
export type TPostPurchaseReportQuery = z.input<typeof ZPostPurchaseReportQuery>;

export const ZPostPurchaseExportQuery = z
  .object({ ...reportFilters, format: z.enum(exportFormats).default('xlsx') })
  .superRefine(checkRange);
export type TPostPurchaseExportQuery = z.input<typeof ZPostPurchaseExportQuery>;

/** Orders of one currency: their count, revenue and average order value, in minor units. */
export const ZCurrencyRevenue = z.object({
  currency: z.string(),
  orders: z.number().int(),
  /** The orders' totals summed exactly (minor units). */
  revenue: z.number().int(),
  /** revenue ÷ orders in whole minor units, rounded half up (averageMinorUnits). */
  averageOrderValue: z.number().int(),
});
export type TCurrencyRevenue = z.infer<typeof ZCurrencyRevenue>;

/** Counts of answers by the buyer: first order, returning customer, or not known. */
export const ZCustomerSplit = z.object({
  new: z.number().int(),
  returning: z.number().int(),
  unknown: z.number().int(),
});

export const ZPostPurchaseAnswerRow = z.object({
  /** item kind, item id and answer key, joined: one row per answer of one survey item. */
  key: z.string(),
  itemKind: z.enum(['poll', 'feedback']),
  /** The answer's label as the newest answer stored it ('Instagram', '4 of 5', 'Other'). */
  label: z.string(),
  answers: z.number().int(),
  /** Of all answers in the range, in percent with one decimal. */
  share: z.number(),
  /** Answers whose order Shopify has reported. */
  orders: z.number().int(),
  /** Answers whose order has not been reported yet: revenue unknown. */
  pendingOrders: z.number().int(),
  /** Per currency, the shop's currency first. */
  revenue: z.array(ZCurrencyRevenue),
  customers: ZCustomerSplit,
});
export type TPostPurchaseAnswerRow = z.infer<typeof ZPostPurchaseAnswerRow>;

export const ZPostPurchaseChannelRow = z.object({
  /** Null: the order has not been reported yet. */
  channel: z.string().nullable(),
  answers: z.number().int(),
  revenue: z.array(ZCurrencyRevenue),
});
export type TPostPurchaseChannelRow = z.infer<typeof ZPostPurchaseChannelRow>;

export const ZPostPurchaseReport = z.object({
  range: z.object({ start: z.string(), end: z.string() }),
  /** The shop's currency (that of its newest order); null before any order. */
  currency: z.string().nullable(),
  totals: z.object({
    /** Answers given within the range (one per order). */
    answers: z.number().int(),
    /** Answered orders that Shopify has reported. */
    ordersAnswered: z.number().int(),
    pendingOrders: z.number().int(),
    revenue: z.array(ZCurrencyRevenue),
    customers: ZCustomerSplit,
    /** Orders placed within the range (on the channel, when filtered), and how many of them have an answer. */
    ordersInRange: z.number().int(),
    answeredOrdersInRange: z.number().int(),
    /** answeredOrdersInRange ÷ ordersInRange, in percent with one decimal (0 without orders). */
    responseRate: z.number(),
  }),
  /** Most answered first. */
  answers: z.array(ZPostPurchaseAnswerRow),
  /** Every day of the range, oldest first, 0 without answers. */
  days: z.array(z.object({ day: z.string(), answers: z.number().int() })),
  /** Most answered first; the orders not yet reported last. */
  channels: z.array(ZPostPurchaseChannelRow),
  /** The shop's sales channels, for the channel filter. */
  channelOptions: z.array(z.string()),
});
export type TPostPurchaseReport = z.infer<typeof ZPostPurchaseReport>;
export const ZPostPurchaseReportResponse = z.object({ data: ZPostPurchaseReport });
