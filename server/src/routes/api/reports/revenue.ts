import { averageMinorUnits, revenueMessages } from '@quizlead/shared/reports.ts';
import type {
  TOutcomeRevenue,
  TQuizRevenue,
  TRevenueFigures,
  TSliceRevenue,
  TWheelRevenue,
} from '@quizlead/shared/schemas/reports.ts';
import type { TWheelOption } from '@quizlead/shared/schemas/wheel.ts';
import type { RevenueGroup } from '../../../db/queries/reports.ts';
import type { QuizRow } from '../../../policies/quiz.ts';

/** The revenue figures of the reports, from attributed orders grouped by currency and slot. */

/** part ÷ whole × 100, one decimal; 0 when the whole is 0. */
export const ratePercent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

const average = averageMinorUnits;

/**
 * The groups in the shop's currency (that of its newest order; a shop rarely changes it, and sums
 * across currencies would mean nothing), with the count of the orders left out.
 */
export function inMainCurrency(groups: readonly RevenueGroup[]) {
  const newest = groups.reduce<RevenueGroup | null>((best, group) => (!best || group.latest > best.latest ? group : best), null);
  const currency = newest?.currency ?? null;
  const kept = groups.filter((group) => group.currency === currency);
  const orders = kept.reduce((sum, group) => sum + group.orders, 0);
  const revenue = kept.reduce((sum, group) => sum + group.revenue, 0);
  const figures: TRevenueFigures = {
    orders,
    revenue,
    currency,
    averageOrderValue: average(revenue, orders),
    otherCurrencyOrders: groups.reduce((sum, group) => sum + (group.currency === currency ? 0 : group.orders), 0),
  };
  return { figures, kept };
}

/** The groups by slot, summed (a slot may have orders in two rows only across currencies, which are left out). */
function bySlot(groups: readonly RevenueGroup[]) {
  const slots = new Map<string | null, { orders: number; revenue: number }>();
  for (const group of groups) {
    const slot = slots.get(group.slot) ?? { orders: 0, revenue: 0 };
    slot.orders += group.orders;
    slot.revenue += group.revenue;
    slots.set(group.slot, slot);
  }
  return slots;
}

/** A quiz's revenue: conversion against its completions, and its outcomes with orders, most revenue first. */
export function presentQuizRevenue(
  quiz: Pick<QuizRow, 'personalities' | 'categories'>,
  groups: readonly RevenueGroup[],
  completions: number,
): TQuizRevenue {
  const { figures, kept } = inMainCurrency(groups);
  const titleOf = (key: string) =>
    quiz.personalities.find((personality) => personality.id === key)?.title ??
    quiz.categories.find((category) => category.id === key)?.title ??
    key;
  const byOutcome: TOutcomeRevenue[] = [...bySlot(kept)].map(([outcome, slot]) => ({
    outcome,
    label: outcome === null ? revenueMessages.unknownOutcome : titleOf(outcome),
    orders: slot.orders,
    revenue: slot.revenue,
    averageOrderValue: average(slot.revenue, slot.orders),
  }));
  byOutcome.sort((a, b) => b.revenue - a.revenue || b.orders - a.orders || a.label.localeCompare(b.label));
  return { ...figures, conversion: ratePercent(figures.orders, completions), byOutcome };
}

/** A slot as a wheel names it: the option's index as text. */
const sliceOf = (slot: string | null) => (slot !== null && /^\d{1,4}$/.test(slot) ? Number(slot) : null);

/**
 * A wheel's revenue: conversion against its spins, and every slice in order with its spins and
 * orders, then slices with orders the wheel no longer has (and orders that named no slice).
 */
export function presentWheelRevenue(
  options: readonly Pick<TWheelOption, 'text'>[],
  groups: readonly RevenueGroup[],
  spins: ReadonlyMap<number, number>,
): TWheelRevenue {
  const { figures, kept } = inMainCurrency(groups);
  const slots = new Map<number | null, { orders: number; revenue: number }>();
  for (const [slot, sums] of bySlot(kept)) {
    const slice = sliceOf(slot);
    const into = slots.get(slice) ?? { orders: 0, revenue: 0 };
    into.orders += sums.orders;
    into.revenue += sums.revenue;
    slots.set(slice, into);
  }
  const row = (slice: number | null, label: string): TSliceRevenue => {
    const sums = slots.get(slice) ?? { orders: 0, revenue: 0 };
    const sliceSpins = slice === null ? 0 : (spins.get(slice) ?? 0);
    return {
      slice,
      label,
      spins: sliceSpins,
      orders: sums.orders,
      revenue: sums.revenue,
      averageOrderValue: average(sums.revenue, sums.orders),
      conversion: ratePercent(sums.orders, sliceSpins),
    };
  };
  const bySlice = options.map((option, index) => row(index, option.text));
  const gone = [...slots.keys()]
    .filter((slice) => slice === null || slice >= options.length)
    .sort((a, b) => (a ?? Infinity) - (b ?? Infinity));
  for (const slice of gone) bySlice.push(row(slice, slice === null ? revenueMessages.unknownSlice : `Slice ${slice + 1}`));
  const totalSpins = [...spins.values()].reduce((sum, count) => sum + count, 0);
  return { ...figures, conversion: ratePercent(figures.orders, totalSpins), bySlice };
}
