import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  checkedFetch,
  ExternalCallRefused,
  externalFetch,
  resolveExternalHostsWith,
  routeExternalApisTo,
} from './externalFetch.ts';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const seen: Seen[] = [];
let connected = 0;
const local = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    seen.push({ method: request.method!, url: request.url!, headers: request.headers, body: Buffer.concat(chunks).toString() });
    if (request.url === '/redirect') {
      response.writeHead(302, { location: 'http://169.254.169.254/' });
      return response.end();
    }
    if (request.url === '/empty') {
      response.writeHead(204);
      return response.end();
    }
    if (request.url === '/slow') return setTimeout(() => response.end('late'), 1000);
    response.setHeader('content-type', 'application/json');
    response.end('{"ok":true}');
  });
});
local.on('connection', () => connected++);
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
});

describe('externalFetch without EXTERNAL_API_ORIGIN: the webhooks’ SSRF checks on every call', () => {
  const connections = () => connected;
  afterEach(() => resolveExternalHostsWith(undefined));

  it('refuses private, loopback, link-local and metadata addresses, credentials in the URL and http, before connecting', async () => {
    const port = new URL(origin).port;
    const before = connections();
    const refusals: [string, RegExp][] = [
      [`${origin}/direct`, /^Calls must use https, not http$/],
      [`https://127.0.0.1:${port}/api/3/contact/sync`, /^Calls cannot be sent to 127\.0\.0\.1: it is a loopback address$/],
      [`https://10.0.0.5:${port}/`, /it is a private address/],
      ['https://169.254.169.254/latest/meta-data/', /it is a link-local address/],
      [`https://[::ffff:127.0.0.1]:${port}/`, /loopback/],
      [`https://localhost:${port}/`, /names this machine/],
      ['https://metadata.google.internal/computeMetadata/v1/', /names this machine or an internal service/],
    ];
    for (const [url, message] of refusals) {
      const refused = await externalFetch(url, { method: 'POST', body: '{}' }).catch((error: unknown) => error);
      expect(refused, url).toBeInstanceOf(ExternalCallRefused);
      expect((refused as ExternalCallRefused).message, url).toMatch(message);
      expect((refused as ExternalCallRefused).transient, url).toBe(false);
    }
    // fetch itself refuses a URL with credentials (the ActiveCampaign account URL of the probe) before any check.
    await expect(externalFetch(`https://x.api-us1.com@127.0.0.1:${port}/api/3`)).rejects.toThrow();
    expect(connections()).toBe(before);
    expect(seen).toEqual([]);
  });

  it('a provider’s host that resolves to a private address is refused, and the server listening there never hears of it', async () => {
    const port = new URL(origin).port;
    const before = connections();
    const resolved: Record<string, string> = {
      'acme.api-us1.com': '127.0.0.1',
      'acme.agilecrm.com': '10.0.0.5',
      'us6.api.mailchimp.com': '169.254.169.254',
      'rebound.activehosted.com': '::ffff:7f00:1',
    };
    resolveExternalHostsWith(async (hostname) => {
      const address = resolved[hostname];
      if (!address) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      return [{ address, family: address.includes(':') ? 6 : 4 }];
    });
    for (const [host, address] of Object.entries(resolved)) {
      const refused = await externalFetch(`https://${host}:${port}/api/3/contact/sync`, { method: 'POST', body: '{}' }).catch(
        (error: unknown) => error,
      );
      expect(refused, host).toBeInstanceOf(ExternalCallRefused);
      expect((refused as Error).message, host).toContain(`Calls cannot be sent to ${host}: it resolves to ${address}`);
    }
    const unknown = await externalFetch('https://nowhere.api-us1.com/').catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(ExternalCallRefused);
    expect(unknown as ExternalCallRefused).toMatchObject({ transient: true });
    expect(connections()).toBe(before);
    expect(seen).toEqual([]);
  });

  it('sends to the checked address only, follows no redirect, and answers as fetch does (the transport, private allowed for the test)', async () => {
    const response = await checkedFetch(
      new Request(`${origin}/direct?x=1`, { method: 'POST', headers: { 'x-api-key': 'k' }, body: 'hello' }),
      { allowPrivate: true },
    );
    expect([response.status, response.headers.get('content-type'), await response.json()]).toEqual([
      200,
      'application/json',
      { ok: true },
    ]);
    const [call] = seen.splice(0);
    expect(call).toMatchObject({ method: 'POST', url: '/direct?x=1', body: 'hello' });
    expect(call!.headers).toMatchObject({ 'x-api-key': 'k', 'user-agent': 'Quizlead/1.0', 'content-length': '5' });
    expect(call!.headers['accept-encoding']).toBeUndefined();

    const redirect = await checkedFetch(new Request(`${origin}/redirect`), { allowPrivate: true });
    expect([redirect.status, redirect.headers.get('location')]).toEqual([302, 'http://169.254.169.254/']);
    const empty = await checkedFetch(new Request(`${origin}/empty`, { method: 'DELETE' }), { allowPrivate: true });
    expect(empty.status).toBe(204);
    seen.splice(0);

    const aborted = await checkedFetch(new Request(`${origin}/slow`, { signal: AbortSignal.timeout(50) }), {
      allowPrivate: true,
    }).catch((error: unknown) => error);
    expect((aborted as Error).name).toBe('TimeoutError');
    seen.splice(0);
  });
});
