import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retryInvalidSessionHeader } from '@quizlead/shared/shopify.ts';
import { accounts, shopInstallations, users } from '../db/schema/index.ts';
import { getShopifyTestServer, type ShopifyTestServer } from '../test/getTestServer.ts';
import { shopifyAdmin, ShopNotInstalledError } from '../integrations/shopify/adminApi.ts';
import { shopUninstaller } from './shopInstaller.ts';

let server: ShopifyTestServer;
beforeAll(async () => {
  server = await getShopifyTestServer();
});
afterAll(() => server.stop());

const newShop = () => `shop-${crypto.randomUUID().slice(0, 8)}.myshopify.com`;
const db = () => server.services.database.db;

async function installationOf(shop: string) {
  const [row] = await db().select().from(shopInstallations).where(eq(shopInstallations.shop, shop));
  return row;
}

describe('installing a shop on its first session token (managed install + token exchange)', () => {
  it('provisions the account and owner, exchanges for an expiring offline token and stores both tokens sealed', async () => {
    const shop = newShop();
    const session = await server.embedded(shop).get('/api/v1/session');
    expect(session.status).toBe(200);
    expect(session.body.data.user).toMatchObject({ usertype: 'shopifyuser', email: `owner@${shop}` });

    const [exchange, ...more] = server.fake.exchangeRequests(shop);
    expect(more).toHaveLength(0);
    expect(exchange!.json).toMatchObject({
      client_id: server.app.apiKey,
      client_secret: server.app.apiSecret,
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
      requested_token_type: 'urn:shopify:params:oauth:token-type:offline-access-token',
      expiring: '1',
    });
    expect(exchange!.status).toBe(200);

    const [account] = await db().select().from(accounts).where(eq(accounts.shopDomain, shop));
    expect(account).toMatchObject({ kind: 'shopify', status: 'active', id: session.body.data.user.accountId });
    const owners = await db().select().from(users).where(eq(users.accountId, account!.id));
    expect(owners).toHaveLength(1);
    expect(owners[0]).toMatchObject({ usertype: 'shopifyuser', passwordHash: null });

    // What Shopify issued, read back from the fake's log, must not be readable in the stored row.
    const issued = JSON.parse(exchange!.responseBody) as { access_token: string; refresh_token: string };
    // The raw row, as a database dump would show it (pg and PGlite both answer { rows }).
    const raw = (await db().execute(sql`select * from shop_installations where shop = ${shop}`)) as unknown as {
      rows: unknown[];
    };
    expect(raw.rows).toHaveLength(1);
    const rowText = JSON.stringify(raw.rows);
    expect(rowText).toContain(shop);
    expect(rowText).not.toContain(issued.access_token);
    expect(rowText).not.toContain(issued.refresh_token);
    expect(rowText).not.toContain('shpat_');
    expect(rowText).not.toContain('shprt_');

    const row = (await installationOf(shop))!;
    expect(row.accessTokenKeyId).toBe('default');
    expect(server.services.secrets.open({ ciphertext: row.accessToken!, keyId: row.accessTokenKeyId! })).toBe(
      issued.access_token,
    );
    expect(server.services.secrets.open({ ciphertext: row.refreshToken!, keyId: row.refreshTokenKeyId! })).toBe(
      issued.refresh_token,
    );
    const hour = row.accessExpiresAt!.getTime() - Date.now();
    expect(hour).toBeGreaterThan(3500_000);
    expect(hour).toBeLessThanOrEqual(3600_000);
    const month = row.refreshExpiresAt!.getTime() - Date.now();
    expect(month).toBeGreaterThan(2_591_000_000);
    expect(row).toMatchObject({ scopes: 'read_products', uninstalledAt: null });

    // Later requests use the installation: no second exchange.
    expect((await server.embedded(shop).get('/api/v1/account/profile')).status).toBe(200);
    expect(server.fake.exchangeRequests(shop)).toHaveLength(1);
  });

  it('two first requests at once make one account and one token exchange', async () => {
    const shop = newShop();
    server.fake.tokenEndpointDelayMs = 150;
    try {
      const client = server.embedded(shop);
      const answers = await Promise.all([
        client.get('/api/v1/session'),
        client.get('/api/v1/account/profile'),
        client.get('/api/v1/session'),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    } finally {
      server.fake.tokenEndpointDelayMs = 0;
    }
    expect(await db().select().from(accounts).where(eq(accounts.shopDomain, shop))).toHaveLength(1);
    expect(server.fake.exchangeRequests(shop)).toHaveLength(1);
  });

  it('a reinstall after uninstall restores the same account with new tokens', async () => {
    const shop = newShop();
    const first = await server.embedded(shop).get('/api/v1/session');
    const accountId = first.body.data.user.accountId as string;
    const before = (await installationOf(shop))!;
    const quiz = await server
      .embedded(shop)
      .post('/api/v1/quizzes', { quizType: 'graded_quiz', title: 'Kept across reinstalls' });
    expect(quiz.status).toBe(201);

    server.fake.uninstall(shop);
    expect(await shopUninstaller({ db: db(), shop })).toBe(true);
    expect(await shopUninstaller({ db: db(), shop })).toBe(true);
    const gone = (await installationOf(shop))!;
    expect(gone.uninstalledAt).not.toBeNull();
    expect(gone.accessToken).toBeNull();
    expect(gone.refreshToken).toBeNull();
    const [uninstalled] = await db().select().from(accounts).where(eq(accounts.id, accountId));
    expect(uninstalled!.status).toBe('uninstalled');

    const again = await server.embedded(shop).get('/api/v1/session');
    expect(again.status).toBe(200);
    expect(again.body.data.user.accountId).toBe(accountId);
    const after = (await installationOf(shop))!;
    expect(after).toMatchObject({ accountId, uninstalledAt: null });
    expect(after.installedAt.getTime()).toBeGreaterThan(before.installedAt.getTime());
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(server.fake.exchangeRequests(shop)).toHaveLength(2);
    const [restored] = await db().select().from(accounts).where(eq(accounts.id, accountId));
    expect(restored!.status).toBe('active');
    expect((await server.embedded(shop).get(`/api/v1/quizzes/${quiz.body.data.id}`)).status).toBe(200);
  });

  it('tokens sealed under a key no longer configured are exchanged again on the next session token, not a 500', async () => {
    const shop = newShop();
    const accountId = (await server.embedded(shop).get('/api/v1/session')).body.data.user.accountId as string;
    await db()
      .update(shopInstallations)
      .set({ accessTokenKeyId: 'retired', refreshTokenKeyId: 'retired' })
      .where(eq(shopInstallations.shop, shop));
    await expect(shopifyAdmin(server.services, accountId)).rejects.toBeInstanceOf(ShopNotInstalledError);

    expect((await server.embedded(shop).get('/api/v1/session')).body.data.user.accountId).toBe(accountId);
    expect(server.fake.exchangeRequests(shop)).toHaveLength(2);
    const healed = (await installationOf(shop))!;
    expect(healed).toMatchObject({ accessTokenKeyId: 'default', refreshTokenKeyId: 'default' });
    await expect(shopifyAdmin(server.services, accountId)).resolves.toMatchObject({ shop });
  });

  it('answers 401 with the retry header when Shopify refuses the exchange, and writes nothing', async () => {
    const shop = newShop();
    // The secret was rotated in the Partner Dashboard but not here yet: Shopify refuses the exchange.
    server.fake.app.apiSecret = 'rotated-in-the-partner-dashboard';
    try {
      const answer = await server.embedded(shop).get('/api/v1/session');
      expect(answer.status).toBe(401);
      expect(answer.headers.get(retryInvalidSessionHeader)).toBe('1');
    } finally {
      server.fake.app.apiSecret = server.app.apiSecret;
    }
    expect(server.fake.exchangeRequests(shop)[0]).toMatchObject({ status: 400 });
    expect(JSON.parse(server.fake.exchangeRequests(shop)[0]!.responseBody)).toMatchObject({ error: 'invalid_client' });
    expect(await db().select().from(accounts).where(eq(accounts.shopDomain, shop))).toHaveLength(0);
    expect(await installationOf(shop)).toBeUndefined();
  });
});
