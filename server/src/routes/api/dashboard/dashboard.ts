import { addDays, rangeEnding, utcToday, type DayRange } from '@quizlead/shared/days.ts';
import { dashboardLimits, dashboardMessages } from '@quizlead/shared/reports.ts';
import {
  ZDashboardGraphResponse,
  ZDashboardQuery,
  ZDashboardResponse,
  type TDashboardQuery,
} from '@quizlead/shared/schemas/reports.ts';
import { completionsPerDay, dashboardFigures, ordersInRange } from '../../../db/queries/dashboard.ts';
import { sellsOnShopify } from '../../../db/queries/reports.ts';
import { ValidationError } from '../../../errors.ts';
import type { ApiRouter } from '../../apiRouter.ts';
import { inMainCurrency } from '../reports/revenue.ts';

/**
 * The asked range with its defaults: the end is today and the start the end's 30-day window.
 * Days after today (UTC) are refused, and the checks of ZDashboardQuery are made again once the
 * defaults are in (a lone start may be after today's end, or too far back).
 */
export function resolveRange(
  query: Pick<TDashboardQuery, 'start' | 'end'>,
  today = utcToday(),
  /** The query's names for the two ends, for the 400's field (the post-purchase report's are from and to). */
  fields = { start: 'start', end: 'end' },
): DayRange {
  if (query.end && query.end > today) throw ValidationError(dashboardMessages.futureDate, fields.end);
  if (query.start && query.start > today) throw ValidationError(dashboardMessages.futureDate, fields.start);
  const end = query.end ?? today;
  const start = query.start ?? rangeEnding(end, dashboardLimits.defaultRangeDays).start;
  if (start > end) throw ValidationError(dashboardMessages.rangeInvalid, fields.start);
  if (start < addDays(end, -(dashboardLimits.maxRangeDays - 1)))
    throw ValidationError(dashboardMessages.rangeTooLong, fields.start);
  return { start, end };
}

const rangeErrors = `'${dashboardMessages.dateInvalid}', '${dashboardMessages.rangeInvalid}', '${dashboardMessages.rangeTooLong}' or '${dashboardMessages.futureDate}', naming the field`;

export function dashboardRoutes(api: ApiRouter): void {
  api.route({
    method: 'get',
    path: '/dashboard',
    summary:
      'The dashboard’s figures: quiz, question and web-response counts (all time), views, plays, completions and leads within the range (default: the last 30 days up to today, UTC), web responses received within it (with `language`: only the plays and web responses shown in it; views stay whole), and (Shopify shops) the orders and revenue quizzes and wheels brought within it',
    tags: ['dashboard'],
    access: 'owner',
    can: 'dashboard.read',
    query: ZDashboardQuery,
    responses: { 200: ZDashboardResponse, 400: rangeErrors },
    handler: async ({ ctx, db, auth, query }) => {
      const range = resolveRange(query);
      const [figures, shop] = await Promise.all([
        dashboardFigures(db, auth.accountId, range, query.language),
        sellsOnShopify(db, auth.accountId),
      ]);
      // Only shops have orders; a standalone account's revenue is null.
      const revenue = shop ? inMainCurrency(await ordersInRange(db, auth.accountId, range)).figures : null;
      ctx.body = { data: { range, ...figures, revenue } };
    },
  });

  api.route({
    method: 'get',
    path: '/dashboard/graph',
    summary:
      'Quiz completions per day of the range (with `language`: of the plays shown in it), every day present (0 without plays), oldest first',
    tags: ['dashboard'],
    access: 'owner',
    can: 'dashboard.read',
    query: ZDashboardQuery,
    responses: { 200: ZDashboardGraphResponse, 400: rangeErrors },
    handler: async ({ ctx, db, auth, query }) => {
      ctx.body = { data: await completionsPerDay(db, auth.accountId, resolveRange(query), query.language) };
    },
  });
}
