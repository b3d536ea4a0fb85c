import { billingMessages, type TBillingPeriod } from '@quizlead/shared/billing.ts';
import type { Db } from '../db/client.ts';
import { discountRedemptions, findDiscountCode, type DiscountCodeRow } from '../db/queries/billing.ts';
import { ValidationError } from '../errors.ts';

export interface DiscountUse {
  planId: number;
  period: TBillingPeriod;
  accountId: string;
  at: Date;
  /** The payment being completed, whose own use is not counted against the limits. */
  paymentId?: string;
}

/**
 * A discount code the account may use for this plan and period now, or a 400 naming `discountCode`
 * with the reason: unknown or retired, not yet valid, expired, for another plan or period, used up in
 * all or by this account. A use counts once per paid order.
 */
export async function discountCodeChecker(db: Db, code: string, use: DiscountUse): Promise<DiscountCodeRow> {
  const fail = (message: string) => ValidationError(message, 'discountCode');
  const discount = await findDiscountCode(db, code.trim().toUpperCase());
  if (!discount || discount.retiredAt) throw fail(billingMessages.discountCodeUnknown);
  if (discount.startsAt && use.at < discount.startsAt) throw fail(billingMessages.discountCodeNotYet);
  if (discount.endsAt && use.at >= discount.endsAt) throw fail(billingMessages.discountCodeExpired);
  if (discount.planId !== null && discount.planId !== use.planId) throw fail(billingMessages.discountCodeOtherPlan);
  if (discount.period !== null && discount.period !== use.period)
    throw fail(billingMessages.discountCodeOtherPeriod(discount.period));
  if (discount.maxRedemptions !== null || discount.maxPerAccount !== null) {
    const used = await discountRedemptions(db, discount.id, use.accountId, use.paymentId);
    if (discount.maxRedemptions !== null && used.total >= discount.maxRedemptions) throw fail(billingMessages.discountCodeUsedUp);
    if (discount.maxPerAccount !== null && used.byAccount >= discount.maxPerAccount)
      throw fail(billingMessages.discountCodeUsedByYou);
  }
  return discount;
}
