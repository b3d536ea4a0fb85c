import { resolveWebhookTarget, type UrlSafetyOptions, type WebhookLookup } from '../webhooks/urlSafety.ts';
import { pinnedRequest } from './pinnedRequest.ts';

/**
 * The one door for every server-side call to a third-party API (Shopify, CRMs, the payment
 * provider, OAuth providers). Call `externalFetch` exactly as `fetch`.
 *
 * Some of these addresses come from an owner's settings (a CRM's account URL, data centre or domain),
 * so every call gets the webhooks' SSRF defences (webhooks/urlSafety.ts): the host is resolved and
 * every address checked (no private, loopback, link-local or metadata address, no credentials in the
 * URL), the connection pinned to the checked address (pinnedRequest.ts), no redirect followed (a 3xx
 * is the answer), https only outside development. A refusal throws `ExternalCallRefused`, before
 * anything is sent.
 *
 * In development and tests, EXTERNAL_API_ORIGIN (refused in production by env.ts) sends every such
 * call to that origin instead: same method, path, query, headers and body, with the host it was meant
 * for in `X-Forwarded-Host`, so one local fake (server/src/test/fakes/) can stand in for them all and
 * no test reaches the internet. The setting is per process, made once at start (`startServer`).
 */
let redirectOrigin: string | undefined;
let allowHttp = false;
let lookup: WebhookLookup | undefined;

/** Everything a call may take: a third-party API answers in seconds, and never with more than this. */
const externalTimeoutMs = 30_000;
const externalMaxResponseBytes = 16 * 1024 * 1024;
const userAgent = 'Quizlead/1.0';

/**
 * Routes every external call to `origin` (undefined: to the real hosts, checked). `allowHttp`: in
 * development, http hosts may be called too. Called by startServer.
 */
export function routeExternalApisTo(origin: string | undefined, options: { allowHttp?: boolean } = {}): void {
  redirectOrigin = origin === undefined ? undefined : new URL(origin).origin;
  allowHttp = options.allowHttp === true;
}

/** Resolves external hosts with `resolver` instead of DNS (undefined: DNS again): for tests of the checks. */
export function resolveExternalHostsWith(resolver: WebhookLookup | undefined): void {
  lookup = resolver;
}

/** A call the SSRF checks refused; `transient` when DNS did not answer (worth trying again later). */
export class ExternalCallRefused extends Error {
  readonly transient: boolean;
  constructor(message: string, transient: boolean) {
    super(message);
    this.name = 'ExternalCallRefused';
    this.transient = transient;
  }
}

export async function externalFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  if (!redirectOrigin) return checkedFetch(request, { httpsOnly: !allowHttp, ...(lookup ? { lookup } : {}) });
  const original = new URL(request.url);
  if (original.origin === redirectOrigin) return fetch(request);
  const headers = new Headers(request.headers);
  headers.set('X-Forwarded-Host', original.host);
  const target = new URL(`${original.pathname}${original.search}`, redirectOrigin);
  const body = request.body === null ? undefined : await request.arrayBuffer();
  return fetch(target, { method: request.method, headers, body, redirect: request.redirect, signal: request.signal });
}

/** Statuses whose Response may carry no body. */
const nullBodyStatuses = new Set([101, 103, 204, 205, 304]);

/**
 * `fetch` through the SSRF checks and a pinned connection. externalFetch calls it with the process's
 * settings (private addresses never; tests of the transport itself pass `allowPrivate`).
 */
export async function checkedFetch(request: Request, options: UrlSafetyOptions = {}): Promise<Response> {
  const target = await resolveWebhookTarget(request.url, { refused: 'Calls', ...options });
  if (!target.ok) throw new ExternalCallRefused(target.message, target.transient === true);
  // What fetch would add, then the caller's own headers.
  const headers: Record<string, string> = { accept: '*/*', 'user-agent': userAgent };
  request.headers.forEach((value, name) => {
    // The answer is read as sent: nothing decompresses it here, so none is asked for.
    if (name !== 'accept-encoding') headers[name] = value;
  });
  const body = request.body === null ? undefined : new Uint8Array(await request.arrayBuffer());
  let answer;
  try {
    answer = await pinnedRequest(
      target,
      { method: request.method, headers, ...(body ? { body } : {}) },
      { timeoutMs: externalTimeoutMs, maxBytes: externalMaxResponseBytes + 1, signal: request.signal },
    );
  } catch (error) {
    // An abort rejects with the signal's reason, as fetch's does (TimeoutError, AbortError).
    if (request.signal.aborted) throw error;
    // As fetch fails: a TypeError whose cause says why (CrmCall shows the cause).
    throw new TypeError('fetch failed', { cause: error });
  }
  if (answer.status < 200 || answer.status > 599)
    throw new TypeError('fetch failed', { cause: new Error(`the answer's status ${answer.status} is not a final one`) });
  if (answer.body.length > externalMaxResponseBytes)
    throw new TypeError('fetch failed', { cause: new Error(`the answer is over ${externalMaxResponseBytes} bytes`) });
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) responseHeaders.append(name, one);
  }
  return new Response(nullBodyStatuses.has(answer.status) ? null : answer.body, {
    status: answer.status,
    headers: responseHeaders,
  });
}
