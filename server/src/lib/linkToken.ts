import { hmac, safeEqual } from './crypto.ts';

/**
 * A token for a link in mail that must keep working without a session (unsubscribe links): the payload in
 * base64url and an HMAC-SHA256 of it with SESSION_SECRET under a purpose, so a token made for one kind of
 * link is worthless for another and nobody can make one for an address they were not sent. No expiry: an
 * unsubscribe link must work however old the mail is.
 */
export function signLinkToken(secret: string, purpose: string, payload: string): string {
  const encoded = Buffer.from(payload).toString('base64url');
  return `${encoded}.${hmac(secret, `${purpose}.${encoded}`)}`;
}

/** The payload of a token this server signed for the purpose; undefined for anything else. */
export function verifyLinkToken(secret: string, purpose: string, token: string): string | undefined {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const encoded = token.slice(0, dot);
  if (!safeEqual(token.slice(dot + 1), hmac(secret, `${purpose}.${encoded}`))) return undefined;
  return Buffer.from(encoded, 'base64url').toString('utf8');
}
