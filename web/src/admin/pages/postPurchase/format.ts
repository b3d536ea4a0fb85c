import { formatMoney } from '@quizlead/shared/reports.ts';
import type { TCurrencyRevenue } from '@quizlead/shared/schemas/postPurchaseReport.ts';
import { counted } from '@quizlead/shared/plural.ts';
import { count } from '../quizReport/format.ts';

/** The words of the report's figures: money through Intl in each order's currency, the shop's first. */

export const blank = '—';

/** '€120.00', or '€120.00 + $5.00' when orders came in two currencies; a dash without orders. */
export const revenueText = (revenue: readonly TCurrencyRevenue[]) =>
  revenue.length === 0 ? blank : revenue.map((money) => formatMoney(money.revenue, money.currency)).join(' + ');

/** The average order value per currency ('€40.00', '€40.00 · $5.00'). */
export const averageText = (revenue: readonly TCurrencyRevenue[]) =>
  revenue.length === 0 ? blank : revenue.map((money) => formatMoney(money.averageOrderValue, money.currency)).join(' · ');

/** '3', or '2 + 1 not received yet' while some answers wait for their order's webhook. */
export const ordersText = (orders: number, pending: number) =>
  pending > 0 ? `${count(orders)} + ${count(pending)} not received yet` : count(orders);

export const answersCount = (answers: number) => counted(answers, 'answer', 'answers', count);
