import type {
  TCommission,
  TCommissionStatus,
  TFriendInvitation,
  TReferralSource,
  TReferredAccount,
} from '@quizlead/shared/schemas/referrals.ts';
import type { AccountMode } from '@quizlead/shared/constants.ts';

/**
 * Refer a friend and affiliate rows as the referrer sees them. A referred account is someone else's:
 * it is named by its company, else by its owner's address with most of the name hidden.
 */

/** 'jane.doe@example.com' is 'ja••••••@example.com'; one or two letters before the @ keep only the first. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '••••';
  const local = email.slice(0, at);
  const shown = local.length > 2 ? 2 : 1;
  return `${local.slice(0, shown)}${'•'.repeat(Math.max(local.length - shown, 2))}${email.slice(at)}`;
}

export const referredName = (account: { companyName: string; email: string | null }) =>
  account.companyName.trim() || (account.email ? maskEmail(account.email) : '');

export function presentInvitation(row: {
  id: string;
  friendName: string;
  friendEmail: string;
  createdAt: Date;
  signedUp: boolean;
}): TFriendInvitation {
  return {
    id: row.id,
    friendName: row.friendName,
    friendEmail: row.friendEmail,
    sentAt: row.createdAt.toISOString(),
    status: row.signedUp ? 'signed_up' : 'invited',
  };
}

export function presentReferredAccount(row: {
  createdAt: Date;
  source: TReferralSource;
  companyName: string;
  mode: AccountMode;
  email: string | null;
}): TReferredAccount {
  return { name: referredName(row), signedUpAt: row.createdAt.toISOString(), source: row.source, plan: row.mode };
}

export function presentCommission(row: {
  paymentId: string;
  createdAt: Date;
  baseCents: number;
  ratePercent: number;
  amountCents: number;
  status: TCommissionStatus;
  currency: string;
  companyName: string;
  email: string | null;
}): TCommission {
  return {
    paymentId: row.paymentId,
    createdAt: row.createdAt.toISOString(),
    referred: referredName(row),
    baseCents: row.baseCents,
    ratePercent: row.ratePercent,
    amountCents: row.amountCents,
    currency: row.currency,
    status: row.status,
  };
}
