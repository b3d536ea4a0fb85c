import { hmac, safeEqual } from '../../lib/crypto.ts';

/**
 * The unsubscribe link of a friend invitation (RFC 8058 one-click): a token that names the invited
 * address, signed with SESSION_SECRET (HMAC-SHA256), so nobody can opt out an address they were not
 * sent an invitation for. It does not expire: an unsubscribe link must keep working.
 */

const tokenPurpose = 'quizlead-invitation-unsubscribe-v1';

export const invitationUnsubscribePath = '/invitations/unsubscribe';

/** A token for the address, lower-cased: the same wish however the sender typed it. */
export function invitationUnsubscribeToken(secret: string, email: string): string {
  const payload = Buffer.from(email.toLowerCase()).toString('base64url');
  return `${payload}.${hmac(secret, `${tokenPurpose}.${payload}`)}`;
}

/** The address of a token this server signed; undefined for anything else. */
export function verifyInvitationUnsubscribeToken(secret: string, token: string): string | undefined {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const payload = token.slice(0, dot);
  if (!safeEqual(token.slice(dot + 1), hmac(secret, `${tokenPurpose}.${payload}`))) return undefined;
  const email = Buffer.from(payload, 'base64url').toString('utf8');
  return email.includes('@') ? email : undefined;
}

export const invitationUnsubscribeUrl = (appUrl: string, secret: string, email: string): string =>
  `${appUrl.replace(/\/$/, '')}${invitationUnsubscribePath}?token=${encodeURIComponent(invitationUnsubscribeToken(secret, email))}`;
