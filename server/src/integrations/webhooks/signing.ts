import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing (spec: github.com/standard-webhooks/standard-webhooks `spec/standard-webhooks.md`;
 * reference B1/B2). Every request carries
 *   webhook-id         the message id: the delivery's idempotency key, the same on every retry;
 *   webhook-timestamp  the attempt time, integer seconds since the epoch;
 *   webhook-signature  `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`, keyed by the base64-decoded
 *                      part of a `whsec_` secret; during a rotation one signature per secret, space-separated.
 */

export const webhookSecretPrefix = 'whsec_';
/** Bytes of randomness in a new secret (the spec allows 24–64). */
const secretBytes = 32;

/** A new endpoint secret, `whsec_` + base64 of 32 random bytes; shown to the owner once. */
export function generateWebhookSecret(): string {
  return webhookSecretPrefix + randomBytes(secretBytes).toString('base64');
}

/** Whether `secret` is a `whsec_` secret whose key is 24–64 bytes of standard base64. */
export function isWebhookSecret(secret: string): boolean {
  if (!secret.startsWith(webhookSecretPrefix)) return false;
  const encoded = secret.slice(webhookSecretPrefix.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 !== 0) return false;
  const length = Buffer.from(encoded, 'base64').length;
  return length >= 24 && length <= 64;
}

function secretKey(secret: string): Buffer {
  if (!isWebhookSecret(secret)) throw new Error('not a whsec_ webhook secret');
  return Buffer.from(secret.slice(webhookSecretPrefix.length), 'base64');
}

/** A message id: no dot (it separates the signed parts), not empty, header-safe. */
const messageIdPattern = /^[A-Za-z0-9_-]{1,200}$/;

export function isWebhookMessageId(id: string): boolean {
  return messageIdPattern.test(id);
}

export interface SignInput {
  /** webhook-id: the delivery's idempotency key. */
  id: string;
  /** The attempt time; webhook-timestamp is its whole seconds. */
  timestamp: Date;
  /** The exact body sent. */
  body: string;
}

/** `v1,<base64>` for each secret, space-separated (several only during a rotation). */
export function signWebhook({ id, timestamp, body }: SignInput, secrets: readonly string[]): string {
  if (!isWebhookMessageId(id)) throw new Error('webhook id must be 1–200 letters, digits, _ or -');
  if (secrets.length === 0) throw new Error('at least one webhook secret is needed to sign');
  const seconds = Math.floor(timestamp.getTime() / 1000);
  return secrets
    .map((secret) => `v1,${createHmac('sha256', secretKey(secret)).update(`${id}.${seconds}.${body}`).digest('base64')}`)
    .join(' ');
}

/** The three Standard Webhooks headers for one attempt. */
export function webhookSignatureHeaders(input: SignInput, secrets: readonly string[]): Record<string, string> {
  return {
    'webhook-id': input.id,
    'webhook-timestamp': String(Math.floor(input.timestamp.getTime() / 1000)),
    'webhook-signature': signWebhook(input, secrets),
  };
}

/**
 * An endpoint's signing secrets: the current one and, for a while after a rotation, the previous one,
 * so a receiver that has not yet switched keeps verifying (it finds its secret's signature in the list).
 */
export interface WebhookSigningSecrets {
  current: string;
  previous?: { secret: string; until: string };
}

/** How long the old secret keeps signing after a rotation. */
export const rotationOverlapMs = 24 * 60 * 60 * 1000;

/** A new current secret; the old one signs beside it until `now + overlapMs`. Show `current` to the owner once. */
export function rotateWebhookSecret(
  secrets: WebhookSigningSecrets,
  now: Date = new Date(),
  overlapMs: number = rotationOverlapMs,
): WebhookSigningSecrets {
  return {
    current: generateWebhookSecret(),
    previous: { secret: secrets.current, until: new Date(now.getTime() + overlapMs).toISOString() },
  };
}

/** The secrets to sign with at `now`: the current one, and the previous one while its overlap lasts. */
export function activeSigningSecrets(secrets: WebhookSigningSecrets, now: Date = new Date()): string[] {
  const previous = secrets.previous && new Date(secrets.previous.until).getTime() > now.getTime();
  return previous ? [secrets.current, secrets.previous!.secret] : [secrets.current];
}
