import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalFetch, routeExternalApisTo } from '../../integrations/external/externalFetch.ts';
import { FakeExternalWorld, forwardTo, type ExternalRequest } from './externalWorld.ts';
import { FakeShopify } from './shopify/index.ts';

let world: FakeExternalWorld;
let shopify: FakeShopify;

beforeAll(async () => {
  world = await FakeExternalWorld.start();
  shopify = await FakeShopify.start({ apiKey: 'app-key', apiSecret: 'app-secret' });
  routeExternalApisTo(world.origin);
});
afterAll(async () => {
  routeExternalApisTo(undefined);
  await world.stop();
  await shopify.stop();
});

describe('FakeExternalWorld', () => {
  it('hands each call to the fake registered for the host it was meant for, with the request as sent', async () => {
    const seen: ExternalRequest[] = [];
    world.register('api.example.com', { handle: (request) => (seen.push(request), { status: 201, body: { who: 'exact' } }) });
    world.register(/\.api\.example\.net$/, { handle: () => ({ status: 200, headers: { 'X-Fake': 'pattern' }, body: 'text' }) });
    const exact = await externalFetch('https://api.example.com/v1/things?x=1', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
      body: '{"a":1}',
    });
    expect(exact.status).toBe(201);
    expect(exact.headers.get('content-type')).toBe('application/json');
    expect(await exact.json()).toEqual({ who: 'exact' });
    expect(seen[0]).toMatchObject({ method: 'POST', host: 'api.example.com', path: '/v1/things', body: '{"a":1}' });
    expect(seen[0]!.query.get('x')).toBe('1');
    expect(seen[0]!.headers.authorization).toBe('Bearer t');
    const pattern = await externalFetch('https://us6.api.example.net/ping');
    expect([pattern.status, pattern.headers.get('x-fake'), await pattern.text()]).toEqual([200, 'pattern', 'text']);
  });

  it('answers 502 and records a call no fake claims; a later registration wins; unregister removes it', async () => {
    const nobody = await externalFetch('https://unknown.example.org/x');
    expect(nobody.status).toBe(502);
    expect(world.unrouted.at(-1)).toMatchObject({ host: 'unknown.example.org', path: '/x' });
    const first = world.register('twice.example.com', { handle: () => ({ status: 200, body: 'first' }) });
    const second = world.register('twice.example.com', { handle: () => ({ status: 200, body: 'second' }) });
    expect(await (await externalFetch('https://twice.example.com/')).text()).toBe('second');
    world.unregister(second);
    expect(await (await externalFetch('https://twice.example.com/')).text()).toBe('first');
    world.unregister(first);
    expect((await externalFetch('https://twice.example.com/')).status).toBe(502);
  });

  it('drops the connection when a fake answers destroy (a network error for the caller)', async () => {
    world.register('down.example.com', { handle: () => ({ destroy: true }) });
    await expect(externalFetch('https://down.example.com/')).rejects.toThrow();
  });

  it('plugs in a fake that is its own server, such as FakeShopify, through forwardTo', async () => {
    world.register(/\.myshopify\.com$/, forwardTo(shopify.origin));
    const response = await externalFetch('https://demo.myshopify.com/admin/oauth/access_token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: 'app-key', client_secret: 'wrong', grant_type: 'refresh_token', refresh_token: 'x' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_client' });
    expect(shopify.tokenRequests().at(-1)).toMatchObject({ shop: 'demo.myshopify.com', grantType: 'refresh_token' });
  });
});
