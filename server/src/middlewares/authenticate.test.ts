import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../db/schema/index.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';

const app = { apiKey: 'test-api-key', apiSecret: 'test-api-secret-test-api-secret' };
let server: TestServer;
beforeAll(async () => {
  server = await getTestServer({ SHOPIFY_API_KEY: app.apiKey, SHOPIFY_API_SECRET: app.apiSecret });
});
afterAll(() => server.stop());

/** A session token shaped as App Bridge issues them. */
const sessionToken = (shop: string, secret = app.apiSecret, audience = app.apiKey) =>
  new SignJWT({ dest: `https://${shop}`, sid: 'session-id' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(`https://${shop}/admin`)
    .setAudience(audience)
    .setSubject('42')
    .setIssuedAt()
    .setNotBefore('0s')
    .setExpirationTime('1m')
    .sign(new TextEncoder().encode(secret));

describe('Shopify session tokens (Bearer)', () => {
  it("authenticate the same owner routes to the shop's account, without a CSRF token", async () => {
    const shop = `shop-${crypto.randomUUID().slice(0, 6)}.myshopify.com`;
    const { db } = server.services.database;
    const [account] = await db
      .insert(accounts)
      .values({ kind: 'shopify', shopDomain: shop, companyName: 'The Shop' })
      .returning();
    await db
      .insert(users)
      .values({ accountId: account!.id, email: `owner@${shop}`, fullName: 'Shop Owner', usertype: 'shopifyuser' });

    const client = server.client();
    const bearer = { authorization: `Bearer ${await sessionToken(shop)}` };
    const profile = await client.request('GET', '/api/v1/account/profile', undefined, bearer);
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({ companyName: 'The Shop', usertype: 'shopifyuser' });

    const saved = await client.request(
      'PATCH',
      '/api/v1/account/profile',
      { fullName: 'Renamed', companyName: 'The Shop', companyUrl: '' },
      bearer,
    );
    expect(saved.status).toBe(200);
  });

  it('401 for a forged, mis-addressed or unknown-shop token', async () => {
    const client = server.client();
    const get = async (token: string) =>
      (await client.request('GET', '/api/v1/account/profile', undefined, { authorization: `Bearer ${token}` })).status;
    expect(await get(await sessionToken('nobody.myshopify.com'))).toBe(401);
    expect(await get(await sessionToken('x.myshopify.com', 'wrong-secret-wrong-secret-wrong'))).toBe(401);
    expect(await get(await sessionToken('x.myshopify.com', app.apiSecret, 'another-app'))).toBe(401);
    expect(await get('not-a-jwt')).toBe(401);
  });
});
