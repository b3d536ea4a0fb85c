import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../env.ts';
import { createLogger } from '../../logger.ts';
import { forgedSessionTokens, sessionTokens } from '../../test/fakes/shopify/index.ts';
import { testShopifyApp } from '../../test/getTestServer.ts';
import { sessionTokenMaxAheadSeconds, verifySessionToken } from './sessionToken.ts';
import { createShopifyApp } from './shopifyApp.ts';

const env = parseEnv({ SHOPIFY_API_KEY: testShopifyApp.apiKey, SHOPIFY_API_SECRET: testShopifyApp.apiSecret });
const shopify = createShopifyApp({ ...env, APP_URL: 'https://app.example.com' }, createLogger('silent'))!;
const shop = 'test-shop.myshopify.com';

describe('verifySessionToken', () => {
  it('accepts a token App Bridge would send and reads the shop from dest', async () => {
    const verified = await verifySessionToken(shopify, await sessionTokens.valid(testShopifyApp, shop));
    expect(verified?.shop).toBe(shop);
    expect(verified?.payload.aud).toBe(testShopifyApp.apiKey);
  });

  it('refuses every forged variant', async () => {
    for (const [name, forge] of Object.entries(forgedSessionTokens)) {
      expect(await verifySessionToken(shopify, await forge(testShopifyApp, shop)), name).toBeUndefined();
    }
  });

  it('requires exp, which the library alone does not', async () => {
    const token = await forgedSessionTokens.noExp(testShopifyApp, shop);
    // @shopify/shopify-api 15 lets it through (jose checks exp only when present): hence the check here.
    await expect(shopify.session.decodeSessionToken(token)).resolves.toMatchObject({ dest: `https://${shop}` });
    expect(await verifySessionToken(shopify, token)).toBeUndefined();
  });

  it('allows 10 seconds of clock skew and no more', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(await verifySessionToken(shopify, await sessionTokens.valid(testShopifyApp, shop, { exp: now - 5 }))).toBeDefined();
    expect(await verifySessionToken(shopify, await sessionTokens.valid(testShopifyApp, shop, { exp: now - 15 }))).toBeUndefined();
  });

  it('refuses lifetimes Shopify never mints: exp years ahead, no nbf, nbf or iat ahead beyond the skew', async () => {
    const now = Math.floor(Date.now() / 1000);
    const verify = async (claims: Record<string, unknown>) =>
      verifySessionToken(shopify, await sessionTokens.valid(testShopifyApp, shop, claims));
    for (const forge of [sessionTokens.farExp, sessionTokens.noNbf, sessionTokens.issuedAhead]) {
      const token = await forge(testShopifyApp, shop);
      // The library alone takes each of them.
      await expect(shopify.session.decodeSessionToken(token), forge.name).resolves.toMatchObject({ dest: `https://${shop}` });
      expect(await verifySessionToken(shopify, token), forge.name).toBeUndefined();
    }
    expect(await verify({ exp: now + 120 })).toBeDefined();
    expect(await verify({ exp: now + sessionTokenMaxAheadSeconds + 30 })).toBeUndefined();
    expect(await verify({ nbf: now + 5, iat: now + 5 })).toBeDefined();
    expect(await verify({ nbf: now + 30 })).toBeUndefined();
  });

  it('holds dest to {handle}.myshopify.com', async () => {
    for (const dest of ['https://shop.example.com', 'https://x.myshopify.com.example.com', 'https://-x.myshopify.com', 'shop']) {
      expect(await verifySessionToken(shopify, await sessionTokens.valid(testShopifyApp, shop, { dest })), dest).toBeUndefined();
    }
  });
});
