import { sql } from 'drizzle-orm';
import type { TReferralSource } from '@quizlead/shared/schemas/referrals.ts';
import type { Db } from '../db/client.ts';
import { friendInvitations, referrals } from '../db/schema/index.ts';
import { accountByAffiliateCode } from './affiliateCode.ts';

export interface SignupReferral {
  referrerAccountId: string;
  source: TReferralSource;
}

/**
 * Credits a new account to the account that brought it, in the sign-up's transaction (email sign-up and
 * social sign-in both call it when they create an account). The link's code wins: the person chose whose
 * link to follow. Without a known code, an invitation to the new account's email credits its sender.
 * An unknown code is ignored, and an account is never its own referrer. Nothing changes an account's
 * referrer later (the referred account is the key). Answers the referral made, if any.
 */
export async function attributeSignup(
  db: Db,
  props: { accountId: string; email: string; ref?: string | null | undefined },
): Promise<SignupReferral | undefined> {
  const byLink = props.ref ? await accountByAffiliateCode(db, props.ref) : undefined;
  const referral: SignupReferral | undefined =
    byLink && byLink !== props.accountId
      ? { referrerAccountId: byLink, source: 'link' }
      : await invitationReferral(db, props.accountId, props.email);
  if (!referral) return undefined;
  const [made] = await db
    .insert(referrals)
    .values({ referredAccountId: props.accountId, ...referral })
    .onConflictDoNothing()
    .returning({ referrerAccountId: referrals.referrerAccountId });
  return made ? referral : undefined;
}

async function invitationReferral(db: Db, accountId: string, email: string): Promise<SignupReferral | undefined> {
  // tenant-scope: the invitation is the referrer's, another account's by definition
  const [invitation] = await db
    .select({ accountId: friendInvitations.accountId })
    .from(friendInvitations)
    .where(sql`lower(${friendInvitations.friendEmail}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  if (!invitation || invitation.accountId === accountId) return undefined;
  return { referrerAccountId: invitation.accountId, source: 'invitation' };
}
