import { afterEach, vi } from 'vitest';

type Handler = (request: { method: string; path: string; body: unknown }) => { status?: number; body: unknown } | Promise<never>;

/**
 * The admin API as a component test scripts it: `fetch` answers each `METHOD /api/v1/path` (with or without its query) with its
 * handler's envelope (a path without a handler is a 404), and every request is kept for the test to read.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const requests: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const path = url.pathname + url.search;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { method, path, body };
    requests.push(request);
    const handler = handlers[`${method} ${path}`] ?? handlers[`${method} ${url.pathname}`];
    const answer = handler
      ? await handler(request)
      : { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { requests };
}

/**
 * An answer the test lets through when it chooses, to see the screen while it waits: a handler returns `promise`,
 * the test calls `release()`.
 */
export function held(answer: { status?: number; body: unknown }) {
  let release = () => {};
  const promise = new Promise<never>((resolve) => {
    release = () => resolve(answer as never);
  });
  return { promise, release: () => release() };
}

/** A network failure, as fetch gives it when no answer comes back. */
export const offline = (): Promise<never> => Promise.reject(new TypeError('Failed to fetch'));

afterEach(() => vi.unstubAllGlobals());
