/**
 * The one door for every server-side call to a third-party API (Shopify, CRMs, the payment
 * provider, OAuth providers). Call `externalFetch` exactly as `fetch`.
 *
 * In development and tests, EXTERNAL_API_ORIGIN (refused in production by env.ts) sends every such
 * call to that origin instead: same method, path, query, headers and body, with the host it was meant
 * for in `X-Forwarded-Host`, so one local fake (server/src/test/fakes/) can stand in for them all and
 * no test reaches the internet. The setting is per process, made once at start (`startServer`).
 */
let redirectOrigin: string | undefined;

/** Routes every external call to `origin` (undefined: to the real hosts). Called by startServer. */
export function routeExternalApisTo(origin: string | undefined): void {
  redirectOrigin = origin === undefined ? undefined : new URL(origin).origin;
}

export async function externalFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  if (!redirectOrigin) return fetch(input, init);
  const request = new Request(input, init);
  const original = new URL(request.url);
  if (original.origin === redirectOrigin) return fetch(request);
  const headers = new Headers(request.headers);
  headers.set('X-Forwarded-Host', original.host);
  const target = new URL(`${original.pathname}${original.search}`, redirectOrigin);
  const body = request.body === null ? undefined : await request.arrayBuffer();
  return fetch(target, { method: request.method, headers, body, redirect: request.redirect, signal: request.signal });
}
