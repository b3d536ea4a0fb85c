import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../env.ts';
import { createLogger } from '../../logger.ts';
import {
  extensionSessionTokens,
  forgedExtensionTokens,
  forgedSessionTokens,
  sessionTokens,
} from '../../test/fakes/shopify/index.ts';
import { testShopifyApp } from '../../test/getTestServer.ts';
import {
  extensionTokenMaxAheadSeconds,
  sessionTokenMaxAheadSeconds,
  verifyExtensionSessionToken,
  verifySessionToken,
} from './sessionToken.ts';
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

describe('verifyExtensionSessionToken', () => {
  const customer = 'gid://shopify/Customer/7044372168804';

  it('accepts a checkout or customer account extension token: shop from the bare dest, customer from sub', async () => {
    const guest = await verifyExtensionSessionToken(shopify, await extensionSessionTokens.valid(testShopifyApp, shop));
    expect(guest).toEqual({ shop, customerId: null });
    const known = await verifyExtensionSessionToken(
      shopify,
      await extensionSessionTokens.valid(testShopifyApp, shop, { customerId: customer }),
    );
    expect(known).toEqual({ shop, customerId: customer });
  });

  it('takes dest as a https origin too, and an iss only when it names the same shop', async () => {
    const verify = async (claims: Record<string, unknown>) =>
      verifyExtensionSessionToken(shopify, await extensionSessionTokens.valid(testShopifyApp, shop, { claims }));
    expect(await verify({ dest: `https://${shop}` })).toEqual({ shop, customerId: null });
    expect(await verify({ iss: `https://${shop}/admin` })).toEqual({ shop, customerId: null });
    expect(await verify({ iss: 'https://other-shop.myshopify.com/admin' })).toBeUndefined();
    expect(await verify({ dest: `http://${shop}` })).toBeUndefined();
    expect(await verify({ dest: `${shop}/path` })).toBeUndefined();
  });

  it('refuses every forged or foreign variant, the admin’s own token included', async () => {
    for (const [name, forge] of Object.entries(forgedExtensionTokens)) {
      expect(await verifyExtensionSessionToken(shopify, await forge(testShopifyApp, shop)), name).toBeUndefined();
    }
  });

  it('allows five minutes of life and 10 seconds of skew, no more', async () => {
    const now = Math.floor(Date.now() / 1000);
    const verify = async (claims: Record<string, unknown>) =>
      verifyExtensionSessionToken(shopify, await extensionSessionTokens.valid(testShopifyApp, shop, { claims }));
    expect(await verify({ exp: now + 300 })).toBeDefined();
    expect(await verify({ exp: now + extensionTokenMaxAheadSeconds + 30 })).toBeUndefined();
    expect(await verify({ exp: now - 5 })).toBeDefined();
    expect(await verify({ exp: now - 15 })).toBeUndefined();
    expect(await verify({ nbf: now + 5 })).toBeDefined();
    expect(await verify({ nbf: now + 30 })).toBeUndefined();
    expect(await verify({ nbf: undefined })).toBeUndefined();
  });
});
