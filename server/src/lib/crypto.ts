import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A URL-safe random token with `bytes` bytes of entropy. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** A numeric code of `digits` digits, uniformly drawn. */
export const randomDigits = (digits: number): string => Array.from({ length: digits }, () => randomInt(10)).join('');

export const sha256 = (value: string | Uint8Array): string => createHash('sha256').update(value).digest('hex');

/** Keyed hash: a leaked table of hashes is useless without the server's secret. */
export const hmac = (secret: string, value: string): string => createHmac('sha256', secret).update(value).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
