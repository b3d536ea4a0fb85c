import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retryInvalidSessionHeader } from '@quizlead/shared/shopify.ts';
import { accounts } from '../db/schema/index.ts';
import { forgedSessionTokens, sessionTokens } from '../test/fakes/shopify/index.ts';
import { getShopifyTestServer, getTestServer, type ShopifyTestServer } from '../test/getTestServer.ts';

let server: ShopifyTestServer;
beforeAll(async () => {
  server = await getShopifyTestServer();
});
afterAll(() => server.stop());

const newShop = () => `shop-${crypto.randomUUID().slice(0, 8)}.myshopify.com`;

describe('Shopify session tokens (Bearer)', () => {
  it("authenticate the same owner routes to the shop's account, without a CSRF token", async () => {
    const shop = newShop();
    const client = server.embedded(shop);
    const profile = await client.get('/api/v1/account/profile');
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({ usertype: 'shopifyuser', email: `owner@${shop}` });

    const saved = await client.patch('/api/v1/account/profile', { fullName: 'Renamed', companyName: 'The Shop', companyUrl: '' });
    expect(saved.status).toBe(200);
    expect((await client.get('/api/v1/account/profile')).body.data).toMatchObject({
      fullName: 'Renamed',
      companyName: 'The Shop',
    });
  });

  it('401 with the retry header for forged or unusable tokens of an installed shop, and no token request to Shopify', async () => {
    const shop = newShop();
    expect((await server.embedded(shop).get('/api/v1/account/profile')).status).toBe(200);
    // The install's plan sync may still call the Admin API meanwhile; only token requests matter here.
    const tokenRequests = () => server.fake.tokenRequests().filter((request) => request.shop === shop).length;
    const calls = tokenRequests();

    for (const [name, forge] of Object.entries(forgedSessionTokens)) {
      const token = await forge(server.app, shop);
      for (const [method, path] of [
        ['GET', '/api/v1/account/profile'],
        ['PATCH', '/api/v1/account/profile'],
        ['GET', '/api/v1/session'],
      ] as const) {
        const answer = await server
          .client()
          .request(method, path, method === 'PATCH' ? { fullName: 'Forged', companyName: '', companyUrl: '' } : undefined, {
            authorization: `Bearer ${token}`,
          });
        expect(answer.status, `${name} ${method} ${path}`).toBe(401);
        expect(answer.headers.get(retryInvalidSessionHeader), name).toBe('1');
      }
    }
    const garbage = await server
      .client()
      .request('GET', '/api/v1/account/profile', undefined, { authorization: 'Bearer not-a-jwt' });
    expect(garbage.status).toBe(401);
    expect(garbage.headers.get(retryInvalidSessionHeader)).toBe('1');

    expect(tokenRequests()).toBe(calls);
    expect((await server.embedded(shop).get('/api/v1/account/profile')).body.data.fullName).not.toBe('Forged');
  });

  it('a forged token for an unknown shop provisions nothing', async () => {
    const shop = newShop();
    for (const forge of Object.values(forgedSessionTokens)) {
      const token = await forge(server.app, shop);
      const answer = await server.client().request('GET', '/api/v1/session', undefined, { authorization: `Bearer ${token}` });
      expect(answer.status).toBe(401);
    }
    expect(server.fake.exchangeRequests(shop)).toHaveLength(0);
    const { db } = server.services.database;
    expect(await db.select().from(accounts).where(eq(accounts.shopDomain, shop))).toHaveLength(0);
  });

  it('a token that lives for years, has no nbf or was issued ahead is refused for an installed shop', async () => {
    const shop = newShop();
    expect((await server.embedded(shop).get('/api/v1/account/profile')).status).toBe(200);
    for (const forge of [sessionTokens.farExp, sessionTokens.noNbf, sessionTokens.issuedAhead]) {
      const token = await forge(server.app, shop);
      const answer = await server.client().request('GET', '/api/v1/session', undefined, { authorization: `Bearer ${token}` });
      expect(answer.status, forge.name).toBe(401);
    }
  });

  it('a token whose dest is not a myshopify.com shop is refused', async () => {
    for (const dest of ['https://evil.example.com', 'https://a.myshopify.com.evil.example', 'not a url']) {
      const token = await sessionTokens.valid(server.app, newShop(), { dest });
      const answer = await server.client().request('GET', '/api/v1/session', undefined, { authorization: `Bearer ${token}` });
      expect(answer.status, dest).toBe(401);
    }
  });

  it('a correctly signed token is checked whole: iss and dest name the same shop, dest is exactly https://{shop}', async () => {
    const shop = newShop();
    expect((await server.embedded(shop).get('/api/v1/account/profile')).status).toBe(200);
    const other = newShop();
    const cases: Record<string, unknown>[] = [
      { iss: `https://${other}/admin` },
      { iss: `http://${shop}/admin` },
      { iss: `https://${shop}.evil.example/admin` },
      { iss: undefined },
      { iss: 42 },
      { dest: `http://${shop}` },
      { dest: `https://${shop}/admin` },
      { dest: `https://${shop}/` },
      { dest: `https://user@${shop}` },
      { dest: `https://user:pass@${shop}` },
      { dest: `https://${shop}:443` },
      { dest: `https://${shop}?x=1` },
      { dest: `https://${shop}#x` },
      { dest: `https://${shop.toUpperCase()}` },
      { dest: `https://${shop}.` },
    ];
    for (const claims of cases) {
      const token = await sessionTokens.valid(server.app, shop, claims);
      const answer = await server.client().request('GET', '/api/v1/session', undefined, { authorization: `Bearer ${token}` });
      expect(answer.status, JSON.stringify(claims)).toBe(401);
      expect(answer.headers.get(retryInvalidSessionHeader), JSON.stringify(claims)).toBe('1');
    }
    const valid = await sessionTokens.valid(server.app, shop);
    const answer = await server.client().request('GET', '/api/v1/session', undefined, { authorization: `Bearer ${valid}` });
    expect(answer.status).toBe(200);
  });

  it("a shop's session token finds no standalone-only route: the affiliate figures and signing out are 404", async () => {
    const shop = newShop();
    const client = server.embedded(shop);
    const affiliate = await client.get('/api/v1/affiliate');
    expect([affiliate.status, affiliate.body.error?.code]).toEqual([404, 'not_found']);
    const signOut = await client.request('DELETE', '/api/v1/session');
    expect([signOut.status, signOut.body.error?.code]).toEqual([404, 'not_found']);
    expect((await client.get('/api/v1/account/profile')).status).toBe(200);

    // Every route the route table marks standalone-only, walked from the OpenAPI document.
    const openapi = (await server.client().get('/api/v1/openapi.json')).body as {
      paths: Record<string, Record<string, { 'x-standalone-only'?: boolean }>>;
    };
    const marked = Object.entries(openapi.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod)
        .filter(([, operation]) => operation['x-standalone-only'])
        .map(([method]) => [method.toUpperCase(), path.replace(/\{\w+\}/g, crypto.randomUUID())] as const),
    );
    expect(marked).toEqual(
      expect.arrayContaining([
        ['GET', '/api/v1/affiliate'],
        ['DELETE', '/api/v1/session'],
      ]),
    );
    for (const [method, path] of marked) {
      const answer = await client.request(method, path, method === 'GET' ? undefined : {});
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
  });

  it('without Shopify credentials a Bearer token is a plain 401', async () => {
    const standalone = await getTestServer();
    try {
      const token = await forgedSessionTokens.wrongSignature(server.app, newShop());
      const answer = await standalone
        .client()
        .request('GET', '/api/v1/account/profile', undefined, { authorization: `Bearer ${token}` });
      expect(answer.status).toBe(401);
      expect(answer.headers.get(retryInvalidSessionHeader)).toBeNull();
    } finally {
      await standalone.stop();
    }
  });
});
