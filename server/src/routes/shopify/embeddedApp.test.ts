import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopifyInstallMessages } from '@quizlead/shared/shopify.ts';
import { accounts, shopInstallations } from '../../db/schema/index.ts';
import { adminHost, forgedSessionTokens, signAdminQuery } from '../../test/fakes/shopify/index.ts';
import { getShopifyTestServer, type ShopifyTestServer } from '../../test/getTestServer.ts';

const fixtureDist = fileURLToPath(new URL('./fixtures/embedded', import.meta.url));
// An address with characters HTML must escape, as a local App Bridge stub might have.
const appBridgeUrl = 'http://127.0.0.1:9/app-bridge.js?v=1&x="y"';

let server: ShopifyTestServer;
beforeAll(async () => {
  server = await getShopifyTestServer({ APP_BRIDGE_URL: appBridgeUrl }, { embeddedDist: fixtureDist });
});
afterAll(() => server.stop());

const newShop = () => `shop-${crypto.randomUUID().slice(0, 8)}.myshopify.com`;
const db = () => server.services.database.db;
const accountsOf = (shop: string) => db().select().from(accounts).where(eq(accounts.shopDomain, shop));

/** A document load, as the admin's iframe makes it: no cookie, no Authorization. */
async function load(path: string) {
  const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const frameAncestors = (shop: string) => `frame-ancestors https://${shop} https://admin.shopify.com;`;
const escapedBridge = 'http://127.0.0.1:9/app-bridge.js?v=1&amp;x=&quot;y&quot;';

describe('application_url: / from the admin', () => {
  it('forwards to the embedded admin with the same query', async () => {
    const shop = newShop();
    const query = `embedded=1&host=${adminHost(shop)}&id_token=abc&shop=${shop}&timestamp=1`;
    const answer = await load(`/?${query}`);
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(`/shopify/app?${query}`);
    expect((await load(`/?shop=${shop}&host=${adminHost(shop)}`)).headers.get('location')).toBe(
      `/shopify/app?shop=${shop}&host=${adminHost(shop)}`,
    );
  });

  it('leaves / alone without them', async () => {
    const answer = await load('/');
    expect(answer.headers.get('location')).toBeNull();
    expect((await load(`/?shop=${newShop()}`)).headers.get('location')).toBeNull();
  });
});

describe('the embedded admin document /shopify/app', () => {
  it('without a session token: the App Bridge bounce page, framed only by the shop and the admin, and no install', async () => {
    const shop = newShop();
    const answer = await load(`/shopify/app?embedded=1&shop=${shop}&host=${adminHost(shop)}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(answer.headers.get('content-security-policy')).toBe(frameAncestors(shop));
    expect(answer.headers.get('x-frame-options')).toBeNull();
    expect(answer.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(answer.text).toContain(`<script data-api-key="${server.app.apiKey}" src="${escapedBridge}"></script>`);
    expect(answer.text).not.toContain('id="root"');
    expect(await accountsOf(shop)).toHaveLength(0);
    expect(server.fake.exchangeRequests(shop)).toHaveLength(0);
  });

  it('with a valid id_token: installs the shop first, then serves the app with the key and App Bridge filled in', async () => {
    const shop = newShop();
    const token = await server.sessionToken(shop);
    const answer = await load(`/shopify/app/quizzes?embedded=1&shop=${shop}&host=${adminHost(shop)}&id_token=${token}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-security-policy')).toBe(frameAncestors(shop));
    expect(answer.text).toContain(`<meta name="shopify-api-key" content="${server.app.apiKey}" />`);
    expect(answer.text).toContain(`<script src="${escapedBridge}"></script>`);
    expect(answer.text).not.toMatch(/%SHOPIFY_API_KEY%|%APP_BRIDGE_URL%/);
    expect(answer.text).toContain('id="root"');

    const [account] = await accountsOf(shop);
    expect(account).toMatchObject({ kind: 'shopify', status: 'active' });
    const [installation] = await db().select().from(shopInstallations).where(eq(shopInstallations.shop, shop));
    expect(installation!.accountId).toBe(account!.id);
    expect(server.fake.exchangeRequests(shop)).toHaveLength(1);

    // A reload with a new token uses the installation.
    const again = await load(`/shopify/app?shop=${shop}&id_token=${await server.sessionToken(shop)}`);
    expect(again.status).toBe(200);
    expect(server.fake.exchangeRequests(shop)).toHaveLength(1);
  });

  it('a forged id_token, or one of another shop, gets the bounce page and installs nothing', async () => {
    const shop = newShop();
    for (const forge of Object.values(forgedSessionTokens)) {
      const answer = await load(`/shopify/app?shop=${shop}&id_token=${await forge(server.app, shop)}`);
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('data-api-key=');
      expect(answer.text).not.toContain('id="root"');
    }
    const other = await load(`/shopify/app?shop=${shop}&id_token=${await server.sessionToken(newShop())}`);
    expect(other.text).toContain('data-api-key=');
    expect(await accountsOf(shop)).toHaveLength(0);
    expect(server.fake.exchangeRequests(shop)).toHaveLength(0);
  });

  it('a missing or foreign shop is a 400 page', async () => {
    for (const query of [
      '',
      '?shop=evil.example.com',
      '?shop=a.myshopify.com.evil.example',
      '?shop=a.myshopify.com&shop=b.myshopify.com',
    ]) {
      const answer = await load(`/shopify/app${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.text).toContain(shopifyInstallMessages.badShop);
      expect(answer.headers.get('content-security-policy')).toContain('frame-ancestors https://admin.shopify.com');
    }
  });

  it("serves the build's assets", async () => {
    const asset = await load('/shopify/app/assets/embedded-fixture.js');
    expect(asset.status).toBe(200);
    expect(asset.text).toContain('fixture');
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('says so when the embedded admin is not built (503)', async () => {
    const unbuilt = await getShopifyTestServer({}, { embeddedDist: mkdtempSync(join(tmpdir(), 'no-embedded-')) });
    try {
      const shop = newShop();
      const response = await fetch(`${unbuilt.url}/shopify/app?shop=${shop}&id_token=${await unbuilt.sessionToken(shop)}`);
      expect(response.status).toBe(503);
      expect(await response.text()).toContain(shopifyInstallMessages.notBuilt);
    } finally {
      await unbuilt.stop();
    }
  });
});

describe('store-integration login /Shopify?hmac&shop&timestamp[&host]', () => {
  const now = () => String(Math.floor(Date.now() / 1000));
  const secret = () => server.app.apiSecret;

  it('sends a signed, fresh link on to the app inside the shop’s admin, writing nothing', async () => {
    const shop = newShop();
    const handle = shop.replace('.myshopify.com', '');
    const answer = await load(`/Shopify?${signAdminQuery(secret(), { shop, timestamp: now() })}`);
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(`https://admin.shopify.com/store/${handle}/apps/${server.app.apiKey}`);
    expect(answer.text).toContain(shopifyInstallMessages.loggingIn);

    const withHost = await load(`/Shopify?${signAdminQuery(secret(), { shop, timestamp: now(), host: adminHost(shop) })}`);
    expect(withHost.headers.get('location')).toBe(`https://admin.shopify.com/store/${handle}/apps/${server.app.apiKey}`);
    expect(await accountsOf(shop)).toHaveLength(0);
    expect(server.fake.requests.filter((request) => request.shop === shop)).toHaveLength(0);
  });

  it('401 for a wrong HMAC or a stale timestamp; 400 for missing parameters or a foreign shop; nothing written', async () => {
    const shop = newShop();
    const page = async (query: string) => {
      const answer = await load(`/Shopify?${query}`);
      expect(answer.headers.get('location'), query).toBeNull();
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      return answer;
    };
    const forged = signAdminQuery('not-the-secret', { shop, timestamp: now() });
    expect((await page(forged)).status).toBe(401);
    const tampered = signAdminQuery(secret(), { shop, timestamp: now() }).replace(shop, newShop());
    expect((await page(tampered)).status).toBe(401);
    const stale = await page(signAdminQuery(secret(), { shop, timestamp: String(Math.floor(Date.now() / 1000) - 120) }));
    expect(stale.status).toBe(401);
    expect(stale.text).toContain(shopifyInstallMessages.badSignature);

    expect((await page(`shop=${shop}&timestamp=${now()}`)).status).toBe(400);
    expect((await page(signAdminQuery(secret(), { shop, timestamp: 'yesterday' }))).status).toBe(400);
    const badShop = await page(signAdminQuery(secret(), { shop: 'shop.example.com', timestamp: now() }));
    expect(badShop.status).toBe(400);
    expect(badShop.text).toContain(shopifyInstallMessages.badShop);
    const badHost = await page(signAdminQuery(secret(), { shop, timestamp: now(), host: 'not base64!' }));
    expect(badHost.status).toBe(400);
    expect((await page('')).text).toContain(shopifyInstallMessages.badRequest);

    expect(await accountsOf(shop)).toHaveLength(0);
    expect(server.fake.requests.filter((request) => request.shop === shop)).toHaveLength(0);
  });

  it('loaded inside the admin (embedded=1), /shopify forwards to the embedded admin', async () => {
    const shop = newShop();
    const answer = await load(`/shopify?embedded=1&shop=${shop}&host=${adminHost(shop)}`);
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(`/shopify/app?embedded=1&shop=${shop}&host=${adminHost(shop)}`);
  });
});
