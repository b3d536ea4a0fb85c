import { signLinkToken, verifyLinkToken } from '../../lib/linkToken.ts';

/**
 * The unsubscribe link of a friend invitation (RFC 8058 one-click): a token that names the invited
 * address (lib/linkToken.ts), so nobody can opt out an address they were not sent an invitation for.
 */

const tokenPurpose = 'quizlead-invitation-unsubscribe-v1';

export const invitationUnsubscribePath = '/invitations/unsubscribe';

/** A token for the address, lower-cased: the same wish however the sender typed it. */
export const invitationUnsubscribeToken = (secret: string, email: string): string =>
  signLinkToken(secret, tokenPurpose, email.toLowerCase());

/** The address of a token this server signed; undefined for anything else. */
export function verifyInvitationUnsubscribeToken(secret: string, token: string): string | undefined {
  const email = verifyLinkToken(secret, tokenPurpose, token);
  return email?.includes('@') ? email : undefined;
}

export const invitationUnsubscribeUrl = (appUrl: string, secret: string, email: string): string =>
  `${appUrl.replace(/\/$/, '')}${invitationUnsubscribePath}?token=${encodeURIComponent(invitationUnsubscribeToken(secret, email))}`;
