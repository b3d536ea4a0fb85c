import type { IncomingHttpHeaders } from 'node:http';
import type { DeliveryOutcome, Exchange, Lead } from '../crm/crmProvider.ts';
import { pinnedRequest, PinnedRequestTimeout, type RawAnswer } from '../external/pinnedRequest.ts';
import { buildWebhookPayload, type WebhookEventType } from './payload.ts';
import { activeSigningSecrets, webhookSignatureHeaders, type WebhookSigningSecrets } from './signing.ts';
import { resolveWebhookTarget, type UrlSafetyOptions } from './urlSafety.ts';

/**
 * Sends one webhook attempt and says what came of it in the delivery contract's terms
 * (`DeliveryOutcome`, integrations/crm/crmProvider.ts), so the delivery pipeline treats an endpoint
 * like any CRM: it stores the Exchange, and retries, waits or gives up as the outcome says.
 *
 * Every attempt re-resolves the host and checks every address (urlSafety.ts), then connects to the
 * checked address only (external/pinnedRequest.ts: the Host header and TLS servername stay the hostname),
 * posts the signed body, follows no redirect, gives up after 10 s in all and reads at most 64 KB of the answer.
 * Not through externalFetch: these URLs are the owner's, not a third-party API; tests run a local
 * receiver with WEBHOOKS_ALLOW_PRIVATE on instead.
 */

export const webhookTimeoutMs = 10_000;
export const webhookMaxResponseBytes = 64 * 1024;
/** How much of the answer's body the Exchange keeps for the delivery log. */
const recordedBodyChars = 4096;
/** A Retry-After further away than this is taken as this. */
const maxRetryAfterMs = 24 * 60 * 60 * 1000;
const userAgent = 'Quizlead-Webhooks/1.0 (+https://www.standardwebhooks.com/)';

/** A DeliveryOutcome; `endpointGone` when the endpoint answered 410 Gone and asks to be switched off. */
export type WebhookOutcome = DeliveryOutcome & { endpointGone?: true };

export interface WebhookSendOptions extends UrlSafetyOptions {
  /** Everything (DNS, connect, answer, body) within this; default 10 s. */
  timeoutMs?: number;
  /** The answer's body is read up to this many bytes, then the connection is dropped; default 64 KB. */
  maxResponseBytes?: number;
  /** The attempt time (webhook-timestamp); default now. */
  now?: Date;
}

export interface WebhookEndpoint {
  url: string;
  /** Decrypted signing secrets; never recorded anywhere. */
  secrets: WebhookSigningSecrets;
}

export interface WebhookDelivery {
  /** The delivery's idempotency key: sent as webhook-id, the same on every attempt. */
  idempotencyKey: string;
  type: WebhookEventType;
  lead: Lead;
  /** When the event happened: the payload's timestamp, so the body is the same bytes on every attempt. */
  occurredAt: Date | string;
}

/** The exact JSON body a delivery signs and sends (the payload checked against the documented schema). */
export function webhookBody(delivery: Pick<WebhookDelivery, 'type' | 'lead' | 'occurredAt'>): string {
  return JSON.stringify(buildWebhookPayload(delivery.type, delivery.lead, delivery.occurredAt));
}

/** The headers of a message besides its signature's: the same on every request. */
export const webhookPlainHeaders = (): Record<string, string> => ({
  'content-type': 'application/json',
  'user-agent': userAgent,
});

/** The headers a message is sent with: plain ones, then webhook-id, webhook-timestamp and webhook-signature. Throws for a malformed id or secret. */
export function webhookHeaders(message: Pick<WebhookMessage, 'id' | 'body' | 'secrets'>, now: Date): Record<string, string> {
  return {
    ...webhookPlainHeaders(),
    ...webhookSignatureHeaders({ id: message.id, timestamp: now, body: message.body }, message.secrets),
  };
}

/** One attempt of one delivery (event → endpoint): what the pipeline calls. */
export async function deliverWebhook(
  endpoint: WebhookEndpoint,
  delivery: WebhookDelivery,
  options: WebhookSendOptions = {},
): Promise<WebhookOutcome> {
  const now = options.now ?? new Date();
  let body: string;
  try {
    body = webhookBody(delivery);
  } catch (error) {
    // A payload that does not match the documented schema is never sent, and retrying will not change it.
    return {
      ok: false,
      retryable: false,
      message: `The webhook payload is not valid: ${(error as Error).message}`,
      exchange: [{ request: { method: 'POST', url: endpoint.url, headers: {}, body: '' } }],
    };
  }
  return sendWebhook(
    { url: endpoint.url, id: delivery.idempotencyKey, body, secrets: activeSigningSecrets(endpoint.secrets, now) },
    { ...options, now },
  );
}

export interface WebhookMessage {
  url: string;
  /** webhook-id. */
  id: string;
  /** The exact JSON body. */
  body: string;
  /** Signs with each (several during a rotation). */
  secrets: readonly string[];
}

/** Signs and posts `message.body` to `message.url` once. Never throws: every failure is an outcome. */
export async function sendWebhook(message: WebhookMessage, options: WebhookSendOptions = {}): Promise<WebhookOutcome> {
  const started = Date.now();
  const timeoutMs = options.timeoutMs ?? webhookTimeoutMs;
  const headers = webhookPlainHeaders();
  const exchange: Exchange = { request: { method: 'POST', url: message.url, headers, body: message.body } };
  const fail = (retryable: boolean, text: string, retryAfterMs?: number): WebhookOutcome => ({
    ok: false,
    retryable,
    message: text,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    exchange: [exchange],
  });

  try {
    Object.assign(headers, webhookHeaders(message, options.now ?? new Date()));
  } catch (error) {
    // A malformed id or secret: nothing to send until the endpoint or the delivery is fixed.
    return fail(false, `The webhook cannot be signed: ${(error as Error).message}`);
  }

  const target = await resolveWebhookTarget(message.url, {
    ...options,
    lookupTimeoutMs: Math.min(options.lookupTimeoutMs ?? 3000, timeoutMs),
  });
  if (!target.ok) return fail(target.transient === true, target.message);

  let answer: Answer;
  try {
    const raw = await pinnedRequest(
      target,
      { method: 'POST', headers, body: message.body },
      {
        timeoutMs: Math.max(1, timeoutMs - (Date.now() - started)),
        maxBytes: options.maxResponseBytes ?? webhookMaxResponseBytes,
      },
    );
    answer = { ...raw, body: raw.body.toString('utf8') };
  } catch (error) {
    if (error instanceof PinnedRequestTimeout)
      return fail(true, `The endpoint did not answer within ${formatSeconds(timeoutMs)}`);
    const { code, message: text } = error as NodeJS.ErrnoException;
    return fail(true, `Could not reach the endpoint: ${code ?? text}`);
  }
  const recorded = answer.body.length > recordedBodyChars ? `${answer.body.slice(0, recordedBodyChars)}…` : answer.body;
  exchange.response = { status: answer.status, headers: recordableHeaders(answer.headers), body: recorded };
  return classify(answer, exchange, fail);
}

/** The answer as the delivery log keeps it: the body as text (at most the first 64 KB). */
type Answer = Omit<RawAnswer, 'body'> & { body: string };

function classify(
  answer: Answer,
  exchange: Exchange,
  fail: (retryable: boolean, text: string, retryAfterMs?: number) => WebhookOutcome,
): WebhookOutcome {
  const { status } = answer;
  if (status >= 200 && status < 300) return { ok: true, exchange: [exchange] };
  const said = answer.body.trim().slice(0, 200);
  const answered = `The endpoint answered ${status}${said ? `: ${said}` : ''}`;
  if (status >= 300 && status < 400) {
    const location = headerValue(answer.headers.location);
    return fail(
      false,
      `The endpoint answered ${status}, a redirect${location ? ` to ${location}` : ''}: redirects are not followed, so change the webhook URL to the final address`,
    );
  }
  if (status === 410)
    return { ...fail(false, `${answered} (410 Gone: the endpoint asks to be switched off)`), endpointGone: true };
  if (status === 401 || status === 403) return fail(false, `${answered} (the endpoint refuses us: check its access settings)`);
  if (status === 404) return fail(false, `${answered} (no such endpoint: check the webhook URL)`);
  return fail(true, answered, retryAfter(headerValue(answer.headers['retry-after'])));
}

/** Retry-After in milliseconds: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : Date.parse(text) - now;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(Math.max(ms, 0), maxRetryAfterMs);
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The answer's headers for the delivery log, without cookies. */
function recordableHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const recorded: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name === 'set-cookie') continue;
    recorded[name] = headerValue(value)!;
  }
  return recorded;
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
