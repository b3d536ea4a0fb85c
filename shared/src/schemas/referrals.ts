import { z } from 'zod';
import { accountModes } from '../constants.ts';
import { limits } from '../validations.ts';
import { ZEmail, ZSingleLine } from './common.ts';

/**
 * Refer a friend and the affiliate programme (spec: builder-widgets-shell.md §2.1, §2.8, §3 "Refer friend",
 * §7 referfriend/send; spec: account-player-management.md §2 Affiliate url, §7 affiliate/getaffiliatecode).
 * The referral link is the affiliate link: one code per account, `/Signup?ref=<code>`.
 */
export const referralLimits = {
  friendName: limits.fullName,
  /** Invitations one account may send in 24 hours. */
  invitationsPerDay: 10,
  /** A referral code as the sign-up page sends it (codes are 8 characters; longer is never one). */
  code: 32,
  /** The newest rows each list shows. */
  listed: 100,
} as const;

export const referralMessages = {
  friendNameRequired: "Friend's name cannot be empty.",
  friendNameTooLong: `Friend's name cannot be longer than ${referralLimits.friendName} characters.`,
  alreadyInvited: 'This friend has already been invited.',
  alreadyMember: 'This friend already has an account.',
  self: 'You cannot invite yourself.',
  /** The address used an invitation's unsubscribe link: nobody invites it again. */
  optedOut: 'This person has asked not to receive invitations.',
  dailyLimit: `You can invite up to ${referralLimits.invitationsPerDay} friends a day. Please try again tomorrow.`,
  // Not the spec's: its exclamation marks are for its own texts only.
  sent: 'Invitation sent.',
  sendErrorTitle: 'Invitation Not Sent',
  loadFailed: 'Your referrals could not be loaded',
  affiliateLoadFailed: 'Your affiliate figures could not be loaded',
  invitationsEmpty: 'No invitations yet. Invite a friend with the form above.',
  signupsEmpty: 'No sign-ups yet. People who sign up through your link or your invitation are listed here.',
  commissionsEmpty: 'No commissions yet. When someone who signed up through your link pays for a plan, your share shows here.',
} as const;

export const invitationStatuses = ['invited', 'signed_up'] as const;
export type TInvitationStatus = (typeof invitationStatuses)[number];
export const invitationStatusLabels: Record<TInvitationStatus, string> = { invited: 'Invited', signed_up: 'Signed up' };

export const referralSources = ['invitation', 'link'] as const;
export type TReferralSource = (typeof referralSources)[number];
export const referralSourceLabels: Record<TReferralSource, string> = { link: 'Referral link', invitation: 'Invitation' };

export const planLabels: Record<(typeof accountModes)[number], string> = { free: 'Free', paid: 'Paid' };

export const commissionStatuses = ['earned', 'reversed'] as const;
export type TCommissionStatus = (typeof commissionStatuses)[number];
export const commissionStatusLabels: Record<TCommissionStatus, string> = { earned: 'Earned', reversed: 'Reversed' };

/** The spec's form: friend_name and friend_email (the sender's name is the signed-in user's). */
export const ZReferFriendRequest = z.object({
  friendName: ZSingleLine(
    z
      .string({ error: referralMessages.friendNameRequired })
      .trim()
      .min(1, referralMessages.friendNameRequired)
      .max(referralLimits.friendName, referralMessages.friendNameTooLong),
    "Friend's name",
  ),
  friendEmail: ZEmail,
});
export type TReferFriendRequest = z.infer<typeof ZReferFriendRequest>;

/**
 * `?ref=` of a sign-up link. Anything that cannot be a code is dropped rather than refused: a
 * mangled link must not stop a sign-up (an unknown code is ignored the same way).
 */
export const ZReferralCode = z.string().trim().min(1).max(referralLimits.code).optional().catch(undefined);

export const ZReferralLink = z.object({ code: z.string(), url: z.string() });
export type TReferralLink = z.infer<typeof ZReferralLink>;

export const ZFriendInvitation = z.object({
  id: z.string(),
  friendName: z.string(),
  friendEmail: z.string(),
  sentAt: z.string(),
  status: z.enum(invitationStatuses),
});
export type TFriendInvitation = z.infer<typeof ZFriendInvitation>;

/** An account credited to the referrer: named by its company, else by its owner's masked email. */
export const ZReferredAccount = z.object({
  name: z.string(),
  signedUpAt: z.string(),
  source: z.enum(referralSources),
  plan: z.enum(accountModes),
});
export type TReferredAccount = z.infer<typeof ZReferredAccount>;

export const ZReferrals = z.object({
  link: ZReferralLink,
  invitations: z.array(ZFriendInvitation),
  signups: z.array(ZReferredAccount),
});
export type TReferrals = z.infer<typeof ZReferrals>;
export const ZReferralsResponse = z.object({ data: ZReferrals });

export const ZInvitationSentResponse = z.object({ data: z.object({ invitation: ZFriendInvitation, message: z.string() }) });

export const ZCommission = z.object({
  paymentId: z.string(),
  createdAt: z.string(),
  /** The referred account, as in the sign-ups list. */
  referred: z.string(),
  baseCents: z.number().int(),
  ratePercent: z.number().int(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.enum(commissionStatuses),
});
export type TCommission = z.infer<typeof ZCommission>;

export const ZCommissionTotal = z.object({
  currency: z.string(),
  earnedCents: z.number().int(),
  reversedCents: z.number().int(),
});
export type TCommissionTotal = z.infer<typeof ZCommissionTotal>;

export const ZAffiliate = ZReferralLink.extend({
  /** The rate new commissions are earned at (AFFILIATE_COMMISSION_PERCENT); each commission keeps its own. */
  ratePercent: z.number().int(),
  referrals: z.number().int(),
  /** Referred accounts with at least one commission still earned. */
  paidReferrals: z.number().int(),
  /** The billing currency, for the zero figures of an affiliate with no commissions yet. */
  currency: z.string(),
  /** One line per currency commissions were earned in (normally one). */
  totals: z.array(ZCommissionTotal),
  commissions: z.array(ZCommission),
});
export type TAffiliate = z.infer<typeof ZAffiliate>;
export const ZAffiliateResponse = z.object({ data: ZAffiliate });
