import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, setAuthHeaderProvider } from './client.ts';

const retryHeader = { 'X-Shopify-Retry-Invalid-Session-Request': '1' };
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const refused = (headers: Record<string, string> = {}) =>
  json(401, { error: { code: 'unauthorized', message: 'Session expired' } }, headers);

/** Fresh tokens, one per call: token-1, token-2… */
function tokens() {
  let issued = 0;
  const provider = vi.fn(async () => `Bearer token-${++issued}`);
  setAuthHeaderProvider(provider);
  return provider;
}

function answers(...responses: Response[]) {
  const fetch = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
  for (const response of responses) fetch.mockResolvedValueOnce(response);
  vi.stubGlobal('fetch', fetch);
  const authorizations = () => fetch.mock.calls.map(([, init]) => new Headers(init.headers).get('Authorization'));
  return { fetch, authorizations };
}

afterEach(() => {
  setAuthHeaderProvider(null);
  vi.unstubAllGlobals();
});

describe('the API client with a session token provider (embedded app)', () => {
  it('asks for a fresh token for every call', async () => {
    tokens();
    const { authorizations } = answers(json(200, { data: 1 }), json(200, { data: 2 }));
    expect(await api.get('/api/v1/a')).toBe(1);
    expect(await api.post('/api/v1/b', { x: 1 })).toBe(2);
    expect(authorizations()).toEqual(['Bearer token-1', 'Bearer token-2']);
  });

  it('retries once with a new token when the server asks for it, body and all', async () => {
    tokens();
    const { fetch, authorizations } = answers(refused(retryHeader), json(200, { data: 'saved' }));
    expect(await api.put('/api/v1/quizzes/1', { title: 'Q' })).toBe('saved');
    expect(authorizations()).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(fetch.mock.calls.map(([, init]) => init.body)).toEqual(['{"title":"Q"}', '{"title":"Q"}']);
  });

  it('retries only once, and never without the header', async () => {
    tokens();
    const twice = answers(refused(retryHeader), refused(retryHeader));
    await expect(api.get('/api/v1/a')).rejects.toMatchObject({ status: 401 });
    expect(twice.fetch).toHaveBeenCalledTimes(2);

    const once = answers(refused());
    await expect(api.get('/api/v1/a')).rejects.toBeInstanceOf(ApiError);
    expect(once.fetch).toHaveBeenCalledTimes(1);
  });

  it('does not retry cookie sessions (no provider)', async () => {
    const { fetch, authorizations } = answers(refused(retryHeader));
    await expect(api.get('/api/v1/a')).rejects.toMatchObject({ status: 401 });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(authorizations()).toEqual([null]);
  });
});
