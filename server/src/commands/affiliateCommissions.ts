import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { affiliateCommissions, referrals } from '../db/schema/index.ts';
import { divideRoundingHalfUp } from '../lib/pricing.ts';

interface CompletedPayment {
  id: string;
  accountId: string;
  priceCents: number;
  discountCents: number;
  creditCents: number;
}

/**
 * The referrer's share of a referred account's completed payment, in the completion's transaction:
 * `ratePercent` of what was paid before tax (price − discount − credit), rounded half up to the cent.
 * Once per payment (its id is the key), at the rate in force when it completed. A payment of nothing
 * (a full discount or credit) earns nothing and records nothing.
 */
export async function affiliateCommissionRecorder(tx: Db, payment: CompletedPayment, ratePercent: number): Promise<void> {
  const [referral] = await tx
    .select({ referrerAccountId: referrals.referrerAccountId })
    .from(referrals)
    .where(eq(referrals.referredAccountId, payment.accountId))
    .limit(1);
  if (!referral) return;
  const baseCents = payment.priceCents - payment.discountCents - payment.creditCents;
  if (baseCents <= 0) return;
  await tx
    .insert(affiliateCommissions)
    .values({
      paymentId: payment.id,
      referrerAccountId: referral.referrerAccountId,
      referredAccountId: payment.accountId,
      baseCents,
      ratePercent,
      amountCents: divideRoundingHalfUp(baseCents * ratePercent, 100),
    })
    .onConflictDoNothing();
}

/** A full refund takes the payment's commission back (it stays listed, as reversed). */
export async function affiliateCommissionReverser(tx: Db, paymentId: string): Promise<void> {
  await tx
    .update(affiliateCommissions)
    .set({ status: 'reversed' })
    .where(and(eq(affiliateCommissions.paymentId, paymentId), eq(affiliateCommissions.status, 'earned')));
}
