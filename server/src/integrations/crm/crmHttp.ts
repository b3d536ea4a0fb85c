import { ExternalCallRefused } from '../external/externalFetch.ts';
import type { DeliveryOutcome, Exchange, Fetch, Lead, PreviewRequest } from './crmProvider.ts';

/**
 * What the CRM modules share: one `CrmCall` per delivery sends each request through the given fetch
 * (the external seam), keeps every request and response as an Exchange with the secrets redacted,
 * and turns an answer into a DeliveryOutcome the same way for every provider: 429 and 5xx and
 * network errors retryable (429 with the wait from Retry-After or the provider's reset header), any
 * other 4xx not (bad key, 401, 403, 404, a refused list), with the provider's own message; an address
 * the SSRF checks refuse not either (nothing was sent).
 */

const redacted = '[redacted]';
/** Headers whose whole value is a credential (the scheme word, if any, is kept). */
const credentialHeaders = new Set(['authorization', 'x-auth-token', 'api-token', 'x-api-key', 'api-key']);

export interface CallAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON, or undefined. */
  json: unknown;
}

export type Failure = Extract<DeliveryOutcome, { ok: false }>;

/** A request as a provider's builder makes it: what `CrmCall.send` sends and a preview shows. */
export interface CrmRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

export type CallResult = { ok: true; answer: CallAnswer } | { ok: false; outcome: Failure };

export class CrmCall {
  readonly exchange: Exchange[] = [];
  readonly #fetch: Fetch;
  readonly #secrets: string[];

  /** `secrets`: the settings' secret values; each is also redacted in its base64 forms (Basic auth). */
  constructor(fetch: Fetch, secrets: (string | undefined)[]) {
    this.#fetch = fetch;
    this.#secrets = secrets.filter((secret): secret is string => Boolean(secret) && secret!.length >= 4);
  }

  redact(text: string): string {
    let out = text;
    for (const secret of this.#secrets) {
      out = out.split(secret).join(redacted);
      const encoded = encodeURIComponent(secret);
      if (encoded !== secret) out = out.split(encoded).join(redacted);
    }
    return out;
  }

  #redactHeaders(headers: Headers): Record<string, string> {
    const out: Record<string, string> = {};
    headers.forEach((value, name) => {
      if (credentialHeaders.has(name.toLowerCase())) {
        const scheme = /^(Basic|Bearer|api-key|Token)\s+/i.exec(value);
        out[name] = scheme ? `${scheme[1]} ${redacted}` : redacted;
      } else {
        out[name] = this.redact(value);
      }
    });
    return out;
  }

  /** A built request as the preview shows it, redacted as `send` records it; nothing is sent. */
  describe(label: string, request: CrmRequest): PreviewRequest {
    return {
      label,
      method: request.method,
      url: this.redact(request.url),
      headers: this.#redactHeaders(new Headers(request.headers)),
      body: this.redact(request.body),
    };
  }

  /**
   * Sends one request. A network error, or an answer that is not in `accept` and that `tolerate`
   * does not claim, ends the delivery: `{ok: false, outcome}` built with `messageOf`.
   */
  async send(
    method: string,
    url: string,
    options: {
      headers: Record<string, string>;
      body?: string;
      /** Statuses that are an answer to go on with (default: any 2xx). */
      accept?: (status: number) => boolean;
      /** The provider's message in an error body. */
      messageOf: (answer: CallAnswer) => string | undefined;
      /** Milliseconds to wait from a provider-specific reset header or body, for a 429. */
      retryAfterOf?: (answer: CallAnswer) => number | undefined;
    },
  ): Promise<CallResult> {
    const headers = new Headers(options.headers);
    const entry: Exchange = {
      request: { method, url: this.redact(url), headers: this.#redactHeaders(headers), body: this.redact(options.body ?? '') },
    };
    this.exchange.push(entry);
    let response: Response;
    let text: string;
    try {
      response = await this.#fetch(url, {
        method,
        headers,
        body: options.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(15_000),
      });
      text = await response.text();
    } catch (error) {
      // An address the SSRF checks refuse (externalFetch.ts) stays refused: nothing was sent, and a retry sends nothing either.
      if (error instanceof ExternalCallRefused) return { ok: false, outcome: this.fail(error.transient, error.message) };
      const cause = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
      return { ok: false, outcome: this.fail(true, `Network error: ${this.redact(cause)}`) };
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    entry.response = { status: response.status, headers: this.#redactHeaders(response.headers), body: this.redact(text) };
    const answer: CallAnswer = { status: response.status, headers: response.headers, text, json };
    const accept = options.accept ?? ((status: number) => status >= 200 && status < 300);
    if (accept(answer.status)) return { ok: true, answer };
    return { ok: false, outcome: this.failFrom(answer, options.messageOf, options.retryAfterOf) };
  }

  /** The outcome for an answer that ends the delivery. */
  failFrom(
    answer: CallAnswer,
    messageOf: (answer: CallAnswer) => string | undefined,
    retryAfterOf?: (answer: CallAnswer) => number | undefined,
  ): Failure {
    const own = messageOf(answer) ?? (answer.text.trim().slice(0, 300) || undefined);
    const message = this.redact(`HTTP ${answer.status}${own ? `: ${own}` : ''}`);
    if (answer.status === 429) {
      return { ...this.fail(true, message), retryAfterMs: retryAfterOf?.(answer) ?? retryAfterHeader(answer.headers) };
    }
    const retryable = answer.status >= 500 || answer.status === 408 || answer.status === 425;
    return this.fail(retryable, message);
  }

  fail(retryable: boolean, message: string): Failure {
    return { ok: false, retryable, message: this.redact(message), exchange: this.exchange };
  }

  /** Success; `message` says what was left out, if anything. */
  done(message?: string): DeliveryOutcome {
    return message ? { ok: true, exchange: this.exchange, message: this.redact(message) } : { ok: true, exchange: this.exchange };
  }
}

/** A CrmCall for a preview: it only describes requests (with the same redaction); it never sends one. */
export function previewCall(secrets: (string | undefined)[]): CrmCall {
  return new CrmCall(() => Promise.reject(new Error('A preview sends nothing')), secrets);
}

/** Retry-After as milliseconds (delta-seconds or an HTTP date), or undefined. */
export function retryAfterHeader(headers: Headers): number | undefined {
  const value = headers.get('retry-after');
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** A 429's wait for a provider that may send Retry-After: the header's, else the provider's documented pause. */
export function retryAfterOr(fallbackMs: number): (answer: CallAnswer) => number {
  return (answer) => retryAfterHeader(answer.headers) ?? fallbackMs;
}

/** "Ann Lee Smith" → first "Ann", last "Lee Smith"; empty parts stay empty. */
export function splitName(name: string): { first: string; last: string } {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return { first: parts[0] ?? '', last: parts.slice(1).join(' ') };
}

/** The account's tag (settings) and the lead's tags (item's CRM tag, automatic result tags), once each. */
export function leadTags(lead: Lead, settingsTag: string | undefined): string[] {
  const all = [settingsTag ?? '', ...lead.tags].map((tag) => tag.trim()).filter(Boolean);
  return [...new Set(all)];
}

/** The lead's result as labelled values, for providers that take custom fields by name. */
export function resultFields(lead: Lead): { name: string; value: string }[] {
  const labels: Record<keyof Lead['result'], string> = {
    outcome: 'Result',
    score: 'Score',
    percentage: 'Percentage',
    personality: 'Personality',
    vote: 'Vote',
    rating: 'Rating',
    prize: 'Prize',
    products: 'Products',
  };
  const fields = [{ name: 'Source', value: `${lead.tool}: ${lead.item.title}` }];
  for (const [key, label] of Object.entries(labels) as [keyof Lead['result'], string][]) {
    const value = lead.result[key];
    if (value !== undefined && value !== '') fields.push({ name: label, value: String(value) });
  }
  return fields;
}

/** A string property of a JSON object, or undefined. */
export function stringAt(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const found = (value as Record<string, unknown>)[key];
  return typeof found === 'string' || typeof found === 'number' ? String(found) : undefined;
}

/**
 * The message of a Laravel-style error answer (BirdSend, MailerLite): `message` followed by every
 * field error in `errors` ({field: [messages]}) that does not repeat it.
 */
export function laravelMessage(answer: CallAnswer): string | undefined {
  const message = stringAt(answer.json, 'message');
  const errors = (answer.json as { errors?: unknown } | undefined)?.errors;
  const details =
    errors && typeof errors === 'object'
      ? Object.values(errors as Record<string, unknown>)
          .flat()
          .filter((value): value is string => typeof value === 'string')
      : [];
  return [message, ...details.filter((detail) => detail !== message)].filter(Boolean).join(' ') || undefined;
}
