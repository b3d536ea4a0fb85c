import { billingPeriodMonths, yearlyDiscountPercent, type TBillingPeriod, type TDiscountKind } from '@quizlead/shared/billing.ts';

/**
 * What a plan payment costs, in integer cents (docs/decisions/055-billing-of-standalone-accounts.md). Every rounding is
 * half up, once per line: the 12-month price, the discount, the tax. The total is exactly
 * price − discount − credit + tax and never negative, so PayPal's amount rules hold by construction.
 */

export interface DiscountTerms {
  kind: TDiscountKind;
  percent: number | null;
  amountCents: number | null;
}

export interface PriceInputs {
  monthlyPriceCents: number;
  period: TBillingPeriod;
  discount?: DiscountTerms | null | undefined;
  /** The unused part of the period being replaced (an upgrade), before capping. */
  creditCents?: number | undefined;
  taxRateBasisPoints: number;
}

export interface PriceBreakdown {
  priceCents: number;
  discountCents: number;
  creditCents: number;
  taxCents: number;
  totalCents: number;
}

/** n / d rounded half up, for n ≥ 0 and d > 0 (integers). */
export function divideRoundingHalfUp(n: number, d: number): number {
  return Math.floor((2 * n + d) / (2 * d));
}

/** A tax rate in percent (18, 7.5) as basis points (1800, 750). */
export const basisPoints = (percent: number): number => Math.round(percent * 100);

/** The plan's price for the period: twelve months less the 12-month discount. */
export function periodPriceCents(monthlyPriceCents: number, period: TBillingPeriod): number {
  const months = billingPeriodMonths[period];
  if (months === 1) return monthlyPriceCents;
  return divideRoundingHalfUp(monthlyPriceCents * months * (100 - yearlyDiscountPercent), 100);
}

/** The discount code's saving on a price: never more than the price. */
export function discountCents(priceCents: number, discount: DiscountTerms | null | undefined): number {
  if (!discount) return 0;
  const saving =
    discount.kind === 'percent' ? divideRoundingHalfUp(priceCents * (discount.percent ?? 0), 100) : (discount.amountCents ?? 0);
  return Math.min(Math.max(saving, 0), priceCents);
}

export function priceBreakdown(inputs: PriceInputs): PriceBreakdown {
  const priceCents = periodPriceCents(inputs.monthlyPriceCents, inputs.period);
  const discount = discountCents(priceCents, inputs.discount);
  const credit = Math.min(Math.max(Math.floor(inputs.creditCents ?? 0), 0), priceCents - discount);
  const taxable = priceCents - discount - credit;
  const taxCents = divideRoundingHalfUp(taxable * inputs.taxRateBasisPoints, 10_000);
  return { priceCents, discountCents: discount, creditCents: credit, taxCents, totalCents: taxable + taxCents };
}

/**
 * The unused part of a paid period at `now`, in cents: what was paid before tax (price less discount
 * and credit) times the share of the period still ahead, rounded down (the owner never gets back
 * more than they paid).
 */
export function unusedCreditCents(paidNetCents: number, startsAt: Date, endsAt: Date, now: Date): number {
  const total = endsAt.getTime() - startsAt.getTime();
  const left = Math.min(Math.max(endsAt.getTime() - Math.max(now.getTime(), startsAt.getTime()), 0), total);
  if (total <= 0 || paidNetCents <= 0) return 0;
  return Math.floor((paidNetCents * left) / total);
}

/** Cents as PayPal's money value: "12.34". */
export function moneyValue(cents: number): string {
  const whole = Math.floor(cents / 100);
  return `${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * A period's end: the same day of the month `months` later (UTC), or that month's last day when it is
 * shorter (31 Jan + 1 month = 28 or 29 Feb).
 */
export function addMonths(start: Date, months: number): Date {
  const end = new Date(start.getTime());
  const day = start.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

export const periodEnd = (startsAt: Date, period: TBillingPeriod): Date => addMonths(startsAt, billingPeriodMonths[period]);
