import { billingLimits, billingMessages, formatDay, type TBillingPeriod } from '@quizlead/shared/billing.ts';
import type { Db } from '../db/client.ts';
import {
  findPlan,
  periodInForce,
  periodNetCents,
  renewedUntil,
  type DiscountCodeRow,
  type PlanRow,
} from '../db/queries/billing.ts';
import { ValidationError } from '../errors.ts';
import { basisPoints, periodEnd, priceBreakdown, unusedCreditCents, type PriceBreakdown } from '../lib/pricing.ts';
import { discountCodeChecker } from './discountCodeChecker.ts';

export interface CheckoutChoice {
  planId: number;
  period: TBillingPeriod;
  discountCode?: string | undefined;
}

export interface BillingSettings {
  taxRatePercent: number;
  currency: string;
}

export interface CheckoutQuote extends PriceBreakdown {
  plan: PlanRow;
  period: TBillingPeriod;
  discount: DiscountCodeRow | undefined;
  currency: string;
  taxRateBasisPoints: number;
  startsAt: Date;
  endsAt: Date;
  /** Buying the plan in force again near its end: the new period follows it. */
  renewal: boolean;
  /** The period in force that this purchase replaces (its unused part is the credit). */
  replacesPeriodId: string | undefined;
}

const dayMs = 86_400_000;

/** The tax rate and currency every quote uses (TAX_RATE_PERCENT, BILLING_CURRENCY). */
export const billingSettings = (env: { TAX_RATE_PERCENT: number; BILLING_CURRENCY: string }): BillingSettings => ({
  taxRatePercent: env.TAX_RATE_PERCENT,
  currency: env.BILLING_CURRENCY,
});

/**
 * What buying `choice` would cost the account at `now`, every amount computed here from the plan, the
 * code and the period in force (docs/decisions/055-billing-of-standalone-accounts.md):
 * - the free plan, an unknown or unlisted plan, or the plan already in force (until the last
 *   `renewWithinDays` of its period, when buying it again renews it) are refused with the spec's texts;
 * - another plan or period while one is in force replaces it at once and credits its unused part,
 *   unless that credit is worth the new price or more (a downgrade waits for the period's end).
 */
export async function checkoutQuoter(
  db: Db,
  settings: BillingSettings,
  accountId: string,
  choice: CheckoutChoice,
  now = new Date(),
): Promise<CheckoutQuote> {
  const plan = await findPlan(db, choice.planId);
  if (!plan || !plan.listed) throw ValidationError(billingMessages.planMissing, 'planId');
  if (plan.free) throw ValidationError(billingMessages.freePlan, 'planId');

  let startsAt = now;
  let renewal = false;
  let creditCents = 0;
  let replacesPeriodId: string | undefined;
  const current = await periodInForce(db, accountId, now);
  if (current) {
    if (await renewedUntil(db, accountId, current.period.endsAt)) throw ValidationError(billingMessages.nextPeriodPaid, 'planId');
    const same = current.plan.id === plan.id && current.period.period === choice.period;
    if (same) {
      if (current.period.endsAt.getTime() - now.getTime() > billingLimits.renewWithinDays * dayMs)
        throw ValidationError(billingMessages.planAlreadyActive, 'planId');
      startsAt = current.period.endsAt;
      renewal = true;
    } else {
      replacesPeriodId = current.period.id;
      creditCents = unusedCreditCents(
        await periodNetCents(db, accountId, current.period.id),
        current.period.startsAt,
        current.period.endsAt,
        now,
      );
    }
  }

  const discount = choice.discountCode
    ? await discountCodeChecker(db, choice.discountCode, { planId: plan.id, period: choice.period, accountId, at: now })
    : undefined;
  const taxRateBasisPoints = basisPoints(settings.taxRatePercent);
  const breakdown = priceBreakdown({
    monthlyPriceCents: plan.monthlyPriceCents,
    period: choice.period,
    discount,
    creditCents,
    taxRateBasisPoints,
  });
  if (current && creditCents >= breakdown.priceCents)
    throw ValidationError(billingMessages.downgradeNotYet(formatDay(current.period.endsAt)), 'planId');
  return {
    ...breakdown,
    plan,
    period: choice.period,
    discount,
    currency: settings.currency,
    taxRateBasisPoints,
    startsAt,
    endsAt: periodEnd(startsAt, choice.period),
    renewal,
    replacesPeriodId,
  };
}
