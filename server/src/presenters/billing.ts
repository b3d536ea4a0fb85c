import { billingMessages } from '@quizlead/shared/billing.ts';
import type { TAdminDiscountCode, TCurrentPlan, TPayment, TPlan, TQuote } from '@quizlead/shared/schemas/billing.ts';
import type { CheckoutQuote } from '../commands/checkoutQuoter.ts';
import type { DiscountCodeRow, PaidPeriodRow, PaymentRow, PlanRow } from '../db/queries/billing.ts';
import { periodPriceCents } from '../lib/pricing.ts';

export const presentPlan = (plan: PlanRow, current: boolean): TPlan => ({
  id: plan.id,
  name: plan.name,
  free: plan.free,
  monthlyPriceCents: plan.monthlyPriceCents,
  yearlyPriceCents: periodPriceCents(plan.monthlyPriceCents, 'yearly'),
  descriptionHtml: plan.descriptionHtml,
  current,
});

export function presentCurrentPlan(
  inForce: { period: PaidPeriodRow; plan: PlanRow } | undefined,
  free: PlanRow,
  renewedUntil: Date | undefined,
): TCurrentPlan {
  if (!inForce)
    return { planId: free.id, planName: free.name, mode: 'free', period: null, startsAt: null, endsAt: null, renewedUntil: null };
  return {
    planId: inForce.plan.id,
    planName: inForce.plan.name,
    mode: 'paid',
    period: inForce.period.period,
    startsAt: inForce.period.startsAt.toISOString(),
    endsAt: inForce.period.endsAt.toISOString(),
    renewedUntil: renewedUntil?.toISOString() ?? null,
  };
}

export const presentQuote = (quote: CheckoutQuote): TQuote => ({
  planId: quote.plan.id,
  planName: quote.plan.name,
  period: quote.period,
  currency: quote.currency,
  taxRatePercent: quote.taxRateBasisPoints / 100,
  priceCents: quote.priceCents,
  discountCents: quote.discountCents,
  discountCode: quote.discount?.code ?? null,
  creditCents: quote.creditCents,
  taxCents: quote.taxCents,
  totalCents: quote.totalCents,
  paypalFlag: quote.totalCents > 0,
  renewal: quote.renewal,
  startsAt: quote.startsAt.toISOString(),
  endsAt: quote.endsAt.toISOString(),
});

const paymentMessage = (payment: PaymentRow): string => {
  switch (payment.status) {
    case 'completed':
      return billingMessages.paymentSucceeded;
    case 'created':
      return billingMessages.paymentPending;
    case 'refunded':
      return billingMessages.paymentRefunded;
    default:
      return payment.failureMessage ?? billingMessages.planMissing;
  }
};

export const presentPayment = (payment: PaymentRow, planName: string, invoiceId: string | null): TPayment => ({
  id: payment.id,
  status: payment.status,
  planId: payment.planId,
  planName,
  period: payment.period,
  totalCents: payment.totalCents,
  currency: payment.currency,
  message: paymentMessage(payment),
  invoiceId,
  createdAt: payment.createdAt.toISOString(),
});

/** A plan as the platform administrator's screens show it, listed or not. */
export const presentAdminPlan = (plan: PlanRow) => ({
  id: plan.id,
  name: plan.name,
  free: plan.free,
  monthlyPriceCents: plan.monthlyPriceCents,
  descriptionHtml: plan.descriptionHtml,
  position: plan.position,
  listed: plan.listed,
  currentForUnlisted: plan.currentForUnlisted,
});

/** A discount code as the platform administrator's screens show it, with how many paid orders used it. */
export const presentAdminCode = (code: DiscountCodeRow, redemptions: number): TAdminDiscountCode => ({
  id: code.id,
  code: code.code,
  kind: code.kind,
  percent: code.percent,
  amountCents: code.amountCents,
  planId: code.planId,
  period: code.period,
  startsAt: code.startsAt?.toISOString() ?? null,
  endsAt: code.endsAt?.toISOString() ?? null,
  maxRedemptions: code.maxRedemptions,
  maxPerAccount: code.maxPerAccount,
  redemptions,
  retired: code.retiredAt !== null,
});
