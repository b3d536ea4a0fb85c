import { formatMoney } from '@quizlead/shared/reports.ts';
import type { TRevenueFigures } from '@quizlead/shared/schemas/reports.ts';
import { count, percent } from './format.ts';
import { revenueTexts } from './texts.ts';
import { counted } from '@quizlead/shared/plural.ts';

/** One figure of a revenue card: its label, its value written out, and what it counts. */
export interface RevenueKpi {
  label: string;
  value: string;
  help: string;
}

const plural = (n: number, one: string, many: string) => counted(n, one, many, count);

/** Money in the figures' currency ('€1,234.50'); no currency means no orders, so nothing to write. */
export const money = (figures: Pick<TRevenueFigures, 'currency'>, minor: number) =>
  figures.currency ? formatMoney(minor, figures.currency) : '—';

/**
 * The figures of a quiz's or a wheel's revenue: orders, revenue, average order value and, against
 * the item's completions or spins (`base`), conversion.
 */
export function revenueKpis(
  revenue: TRevenueFigures & { conversion: number },
  base: { count: number; one: string; many: string },
): RevenueKpi[] {
  return [
    { label: revenueTexts.orders, value: count(revenue.orders), help: 'Within 7 days of a play or spin' },
    { label: revenueTexts.revenue, value: money(revenue, revenue.revenue), help: 'Order totals, with tax and shipping' },
    { label: revenueTexts.averageOrderValue, value: money(revenue, revenue.averageOrderValue), help: 'Revenue per order' },
    {
      label: revenueTexts.conversion,
      value: percent(revenue.conversion),
      help: `${plural(revenue.orders, 'order', 'orders')} from ${plural(base.count, base.one, base.many)}`,
    },
  ];
}

/** The line under the figures when some orders were in the shop's earlier currency. */
export const otherCurrencyNote = (orders: number) =>
  orders > 0 ? `${plural(orders, 'order', 'orders')} ${revenueTexts.otherCurrency}.` : null;
