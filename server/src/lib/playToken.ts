import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

export interface PlayClaims {
  playId: string;
  quizId: string;
  /** An owner's preview play (granted at the start): the later steps need no look-up to know it. */
  preview: boolean;
}

/** A play token lasts a day; a later step gets 401 and the player starts the same play again (its key). */
const lifetimeSeconds = 24 * 60 * 60;
const version = 'p1';
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const keys = new Map<string, KeyObject>();
const keyOf = (secret: string) => {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(Buffer.from(secret, 'utf8'))));
  return key;
};
const mac = (secret: string, payload: string) => createHmac('sha256', keyOf(secret)).update(payload).digest();

/**
 * A play token ties the steps of one play together (start → answers → lead):
 * `p1.{playId}.{quizId}.{v (visitor) or p (preview)}.{expires, unix seconds}.{HMAC-SHA256 of the rest,
 * base64url}`. One HMAC to make
 * and one to check, with node:crypto: the play path's cheapest possible proof (a JWT library spent
 * 11.6% of a play's CPU doing the same).
 */
export async function signPlayToken(secret: string, claims: PlayClaims, now = Date.now()): Promise<string> {
  const kind = claims.preview ? 'p' : 'v';
  const payload = `${version}.${claims.playId}.${claims.quizId}.${kind}.${Math.floor(now / 1000) + lifetimeSeconds}`;
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The token's claims when this server made it and it has not expired; undefined for anything else. */
export async function verifyPlayToken(secret: string, token: string, now = Date.now()): Promise<PlayClaims | undefined> {
  const parts = token.split('.');
  if (parts.length !== 6 || parts[0] !== version) return undefined;
  const [, playId, quizId, kind, expires, signature] = parts as [string, string, string, string, string, string];
  if (!uuid.test(playId) || !uuid.test(quizId) || (kind !== 'v' && kind !== 'p') || !/^\d{1,12}$/.test(expires)) return undefined;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(secret, parts.slice(0, 5).join('.'));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (Number(expires) * 1000 <= now) return undefined;
  return { playId, quizId, preview: kind === 'p' };
}
