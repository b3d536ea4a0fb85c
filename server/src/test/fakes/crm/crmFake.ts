import type { ExternalFake, ExternalReply, ExternalRequest } from '../externalWorld.ts';

/**
 * What every CRM fake shares (mounted on FakeExternalWorld): each request recorded with what was
 * answered, and switches a test flips to play a provider in trouble — fail the next N requests with
 * the provider's own 5xx, rate-limit the next N with its own 429, or be down (connection dropped).
 * A provider's fake extends this and implements `answer` (its documented checks and behaviour),
 * `rateLimited` and, when the provider documents one, `serverError`.
 */
export interface RecordedCall extends ExternalRequest {
  /** The body parsed as JSON, when it is JSON. */
  json: unknown;
  status: number;
  responseBody: string;
}

export abstract class CrmFake implements ExternalFake {
  readonly requests: RecordedCall[] = [];
  /** Drop every connection without an answer (a network error for the caller). */
  down = false;
  #failures: { remaining: number; reply: () => ExternalReply }[] = [];

  /** The next `times` requests answer `reply` (default: the provider's 5xx), then the fake recovers. */
  failNext(times: number, reply?: ExternalReply): this {
    this.#failures.push({ remaining: times, reply: reply ? () => reply : () => this.serverError() });
    return this;
  }

  /** The next `times` requests answer the provider's 429. */
  rateLimitNext(times = 1): this {
    this.#failures.push({ remaining: times, reply: () => this.rateLimited() });
    return this;
  }

  /** Requests after `index`, e.g. to look at one delivery's calls. */
  requestsSince(index: number): RecordedCall[] {
    return this.requests.slice(index);
  }

  async handle(request: ExternalRequest): Promise<ExternalReply> {
    let json: unknown;
    try {
      json = request.body ? JSON.parse(request.body) : undefined;
    } catch {
      json = undefined;
    }
    const recorded: RecordedCall = { ...request, json, status: 0, responseBody: '' };
    this.requests.push(recorded);
    if (this.down) return { destroy: true };
    const failure = this.#failures[0];
    let reply: ExternalReply;
    if (failure) {
      failure.remaining -= 1;
      if (failure.remaining <= 0) this.#failures.shift();
      reply = failure.reply();
    } else {
      reply = await this.answer(recorded);
    }
    if (reply.status !== undefined) {
      recorded.status = reply.status;
      recorded.responseBody = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? '');
    }
    return reply;
  }

  /** The provider's documented handling of one request. */
  protected abstract answer(request: RecordedCall): ExternalReply | Promise<ExternalReply>;
  /** The provider's documented 429. */
  protected abstract rateLimited(): ExternalReply;
  protected serverError(): ExternalReply {
    return { status: 500, body: { message: 'Internal Server Error' } };
  }
}

/** The first value of a header, or undefined. */
export function header(request: ExternalRequest, name: string): string | undefined {
  return request.headers[name.toLowerCase()];
}

/** Whether the request's Content-Type is JSON (parameters such as charset allowed). */
export function isJson(request: ExternalRequest): boolean {
  return /^application\/json\s*(;|$)/i.test(header(request, 'content-type') ?? '');
}

/** The Basic credentials of a request, or undefined. */
export function basicCredentials(request: ExternalRequest): { user: string; password: string } | undefined {
  const match = /^Basic\s+(.+)$/i.exec(header(request, 'authorization') ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
