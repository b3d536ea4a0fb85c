import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { externalFetch, routeExternalApisTo } from './externalFetch.ts';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const seen: Seen[] = [];
const local = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    seen.push({ method: request.method!, url: request.url!, headers: request.headers, body: Buffer.concat(chunks).toString() });
    response.setHeader('content-type', 'application/json');
    response.end('{"ok":true}');
  });
});
let origin = '';
beforeAll(async () => {
  await new Promise<void>((done) => local.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
});
afterEach(() => routeExternalApisTo(undefined));
afterAll(() => new Promise<void>((done) => local.close(() => done())));

describe('externalFetch (EXTERNAL_API_ORIGIN)', () => {
  it('sends the call to the configured origin: same method, path, query, headers and body, the real host in X-Forwarded-Host', async () => {
    routeExternalApisTo(`${origin}/`);
    const response = await externalFetch('https://crm.example.com/v3/contacts?upsert=1&b=%20x', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer key' },
      body: JSON.stringify({ email: 'a@b.c' }),
    });
    expect(await response.json()).toEqual({ ok: true });
    const [call] = seen.splice(0);
    expect(call).toMatchObject({ method: 'POST', url: '/v3/contacts?upsert=1&b=%20x', body: '{"email":"a@b.c"}' });
    expect(call!.headers).toMatchObject({
      'x-forwarded-host': 'crm.example.com',
      authorization: 'Bearer key',
      'content-type': 'application/json',
    });
  });

  it('takes Request objects and URLs too, and keeps the port of the original host', async () => {
    routeExternalApisTo(origin);
    await externalFetch(
      new Request('https://shop.myshopify.com:8443/admin/api/2026-10/graphql.json', { method: 'PUT', body: 'x' }),
    );
    await externalFetch(new URL('https://api.example.com/ping'));
    const [put, get] = seen.splice(0);
    expect(put).toMatchObject({ method: 'PUT', url: '/admin/api/2026-10/graphql.json', body: 'x' });
    expect(put!.headers['x-forwarded-host']).toBe('shop.myshopify.com:8443');
    expect(get).toMatchObject({ method: 'GET', url: '/ping' });
    expect(get!.headers['x-forwarded-host']).toBe('api.example.com');
  });

  it('without an origin it is plain fetch', async () => {
    const response = await externalFetch(`${origin}/direct`);
    expect(response.status).toBe(200);
    const [call] = seen.splice(0);
    expect(call!.url).toBe('/direct');
    expect(call!.headers['x-forwarded-host']).toBeUndefined();
  });
});
