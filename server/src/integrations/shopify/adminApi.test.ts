import { GraphqlQueryError } from '@shopify/shopify-api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopInstallations } from '../../db/schema/index.ts';
import { getShopifyTestServer, type ShopifyTestServer } from '../../test/getTestServer.ts';
import { shopifyAdmin, ShopNotInstalledError } from './adminApi.ts';

let server: ShopifyTestServer;
beforeAll(async () => {
  server = await getShopifyTestServer();
});
afterAll(() => server.stop());

const subscriptionsQuery = `query { currentAppInstallation { activeSubscriptions { name status test currentPeriodEnd } } }`;
type Subscriptions = { currentAppInstallation: { activeSubscriptions: { name: string; status: string }[] } };

const db = () => server.services.database.db;

/** A shop installed through its first session token, as in the admin. */
async function installedShop() {
  const shop = `shop-${crypto.randomUUID().slice(0, 8)}.myshopify.com`;
  const session = await server.embedded(shop).get('/api/v1/session');
  expect(session.status).toBe(200);
  return { shop, accountId: session.body.data.user.accountId as string };
}

async function installation(accountId: string) {
  const [row] = await db().select().from(shopInstallations).where(eq(shopInstallations.accountId, accountId));
  return row!;
}

const expireAccessIn = (accountId: string, ms: number) =>
  db()
    .update(shopInstallations)
    .set({ accessExpiresAt: new Date(Date.now() + ms) })
    .where(eq(shopInstallations.accountId, accountId));

const openRefresh = (row: typeof shopInstallations.$inferSelect) =>
  server.services.secrets.open({ ciphertext: row.refreshToken!, keyId: row.refreshTokenKeyId! });

describe('shopifyAdmin(services, accountId).graphql', () => {
  it("answers from the shop's Admin API with the stored token, validated against the schema, without refreshing a fresh token", async () => {
    const { shop, accountId } = await installedShop();
    server.fake.shop(shop).query.currentAppInstallation = {
      activeSubscriptions: [{ name: 'Pro', status: 'ACTIVE', test: true, currentPeriodEnd: '2026-12-23T00:00:00Z' }],
    };
    const admin = await shopifyAdmin(server.services, accountId);
    expect(admin.shop).toBe(shop);
    const data = await admin.graphql<Subscriptions>(subscriptionsQuery);
    expect(data.currentAppInstallation.activeSubscriptions).toEqual([
      { name: 'Pro', status: 'ACTIVE', test: true, currentPeriodEnd: '2026-12-23T00:00:00Z' },
    ]);
    const call = server.fake.graphqlRequests(shop).at(-1);
    expect(call!.path).toBe('/admin/api/2026-10/graphql.json');
    expect(server.fake.isLiveAccessToken(shop, call!.headers['x-shopify-access-token']!)).toBe(true);
    expect(server.fake.refreshRequests(shop)).toHaveLength(0);
    server.fake.expectValidQueries();
  });

  it('refuses a query the Admin schema does not have (GraphqlQueryError) and the fake keeps it for the test to fail on', async () => {
    const { accountId } = await installedShop();
    const admin = await shopifyAdmin(server.services, accountId);
    const before = server.fake.invalidQueries.length;
    await expect(admin.graphql(`query { currentAppInstallation { activeSubscriptionz { id } } }`)).rejects.toBeInstanceOf(
      GraphqlQueryError,
    );
    await expect(admin.graphql(`query($id: ID!) { node(id: $id) { id } }`, { id: 5 })).resolves.toEqual({ node: null });
    await expect(admin.graphql(`query($id: ID!) { node(id: $id) { id } }`, {})).rejects.toBeInstanceOf(GraphqlQueryError);
    expect(server.fake.invalidQueries.length).toBe(before + 2);
    expect(() => server.fake.expectValidQueries()).toThrow(/activeSubscriptionz/);
    server.fake.invalidQueries.length = before;
  });

  it('refreshes a token with less than 5 minutes left, and stores the new access token and the rotated refresh token sealed', async () => {
    const { shop, accountId } = await installedShop();
    const before = await installation(accountId);
    await expireAccessIn(accountId, 4 * 60_000);

    const admin = await shopifyAdmin(server.services, accountId);
    await admin.graphql<Subscriptions>(subscriptionsQuery);

    const [refresh, ...more] = server.fake.refreshRequests(shop);
    expect(more).toHaveLength(0);
    expect(refresh!.json).toEqual({
      client_id: server.app.apiKey,
      client_secret: server.app.apiSecret,
      refresh_token: openRefresh(before),
      grant_type: 'refresh_token',
    });
    const issued = JSON.parse(refresh!.responseBody) as { access_token: string; refresh_token: string };
    const after = await installation(accountId);
    expect(openRefresh(after)).toBe(issued.refresh_token);
    expect(server.services.secrets.open({ ciphertext: after.accessToken!, keyId: after.accessTokenKeyId! })).toBe(
      issued.access_token,
    );
    expect(after.accessToken).not.toContain('shpat_');
    expect(after.accessExpiresAt!.getTime() - Date.now()).toBeGreaterThan(3500_000);
    // The GraphQL call went out with the new token.
    expect(server.fake.graphqlRequests(shop).at(-1)!.headers['x-shopify-access-token']).toBe(issued.access_token);
  });

  it('two requests racing for an expiring token make one refresh call to Shopify and both get the new token', async () => {
    const { shop, accountId } = await installedShop();
    await expireAccessIn(accountId, 60_000);
    // Calls from now on (the install's plan sync may have called with the first token before).
    const from = server.fake.requests.length;
    server.fake.tokenEndpointDelayMs = 200;
    try {
      const admins = await Promise.all([
        shopifyAdmin(server.services, accountId),
        shopifyAdmin(server.services, accountId),
        shopifyAdmin(server.services, accountId),
      ]);
      await Promise.all(admins.map((admin) => admin.graphql(subscriptionsQuery)));
    } finally {
      server.fake.tokenEndpointDelayMs = 0;
    }
    expect(server.fake.refreshRequests(shop)).toHaveLength(1);
    const calls = server.fake.requests.slice(from).filter((call) => call.shop === shop && call.path.endsWith('/graphql.json'));
    expect(calls.length).toBeGreaterThanOrEqual(3);
    const tokens = new Set(calls.map((call) => call.headers['x-shopify-access-token']));
    expect(tokens.size).toBe(1);
    expect(server.fake.isLiveAccessToken(shop, [...tokens][0]!)).toBe(true);
  });

  it('when Shopify refuses the refresh token: ShopNotInstalledError, the dead tokens are dropped and the next session token installs again', async () => {
    const { shop, accountId } = await installedShop();
    await expireAccessIn(accountId, 60_000);
    server.fake.uninstall(shop);
    await expect(shopifyAdmin(server.services, accountId)).rejects.toBeInstanceOf(ShopNotInstalledError);
    expect(server.fake.refreshRequests(shop)).toHaveLength(1);
    const dropped = await installation(accountId);
    expect(dropped).toMatchObject({ accessToken: null, refreshToken: null });

    expect((await server.embedded(shop).get('/api/v1/session')).body.data.user.accountId).toBe(accountId);
    expect(server.fake.exchangeRequests(shop)).toHaveLength(2);
    await expect(
      shopifyAdmin(server.services, accountId).then((admin) => admin.graphql(subscriptionsQuery)),
    ).resolves.toBeDefined();
  });

  it('a token Shopify revoked before its expiry (401) is dropped; the next admin request exchanges again and the call succeeds', async () => {
    const { shop, accountId } = await installedShop();
    const owner = server.embedded(shop);
    expect((await owner.get('/api/v1/shopify/plan')).body.data.live).toBe(true);
    const exchanges = server.fake.exchangeRequests(shop).length;
    server.fake.revokeTokens(shop);

    // The request that meets the revoked token: Shopify's 401, the plan last recorded.
    const refused = await owner.get('/api/v1/shopify/plan');
    expect(refused.status).toBe(200);
    expect(refused.body.data.live).toBe(false);
    const dropped = await installation(accountId);
    expect([dropped.accessToken, dropped.refreshToken]).toEqual([null, null]);
    expect(dropped.uninstalledAt).toBeNull();
    await expect(shopifyAdmin(server.services, accountId)).rejects.toBeInstanceOf(ShopNotInstalledError);

    // The next one carries a fresh session token: a new exchange, and Shopify answers again.
    const recovered = await owner.get('/api/v1/shopify/plan');
    expect(recovered.status).toBe(200);
    expect(recovered.body.data.live).toBe(true);
    expect(server.fake.exchangeRequests(shop)).toHaveLength(exchanges + 1);
    const row = await installation(accountId);
    expect(
      server.fake.isLiveAccessToken(
        shop,
        server.services.secrets.open({ ciphertext: row.accessToken!, keyId: row.accessTokenKeyId! }),
      ),
    ).toBe(true);
    server.fake.expectValidQueries();
  });

  it('ShopNotInstalledError for an account without an installation', async () => {
    await expect(shopifyAdmin(server.services, crypto.randomUUID())).rejects.toBeInstanceOf(ShopNotInstalledError);
  });
});
