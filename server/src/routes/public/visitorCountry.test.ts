import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestServer, type TestServer } from '../../test/getTestServer.ts';

/** The country an embed's country rule reads (issue 35): from the geolocation, the code only. */
let server: TestServer;
beforeAll(async () => {
  // Behind a trusted proxy the CDN's country header is the geolocation (no GeoIP database in tests).
  server = await getTestServer({ TRUST_PROXY: '1' });
});
afterAll(() => server.stop());

const ask = (headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api/v1/public/visitor-country`, { headers: { Origin: 'https://shop.example', ...headers } });

describe('GET /api/v1/public/visitor-country', () => {
  it('answers the located country to any origin, kept by the visitor only', async () => {
    const response = await ask({ 'cf-ipcountry': 'de', 'cf-ipcity': 'Berlin' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { country: 'DE' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cache-control')).toBe('private, max-age=3600');
  });

  it('answers an empty country when the visitor cannot be placed', async () => {
    expect(await (await ask()).json()).toEqual({ data: { country: '' } });
    expect(await (await ask({ 'cf-ipcountry': 'XX' })).json()).toEqual({ data: { country: '' } });
  });
});
