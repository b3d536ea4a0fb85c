import { expect } from 'vitest';
import { adminHost } from '../../server/src/test/fakes/shopify/index.ts';
import { getShopifyTestServer, testShopifyApp, type ShopifyTestServer } from '../../server/src/test/getTestServer.ts';
import { startAppBridgeStub, type AppBridgeStub } from './appBridgeStub.ts';
import { skipDashboardIntro } from './dashboardIntro.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';

/**
 * The app as a shop's admin shows it: a Shopify test server behind a local App Bridge stub, and
 * screens opened at /shopify/app/… with the shop, host and a fresh session token, as the admin does.
 */
export async function startShopAdmin() {
  const stub: AppBridgeStub = await startAppBridgeStub(testShopifyApp);
  const harness: BrowserHarness<ShopifyTestServer> = await startBrowserHarness(() =>
    getShopifyTestServer({ APP_BRIDGE_URL: stub.scriptUrl }),
  );
  return {
    harness,
    stub,
    /** Opens `path` (under /shopify/app) for `shop`, once the embedded shell is ready; page errors are collected. */
    async open(shop: string, path = '', width = 1280) {
      const page = await harness.newPage({ width });
      await skipDashboardIntro(page);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const query = new URLSearchParams({
        embedded: '1',
        host: adminHost(shop),
        shop,
        id_token: await harness.server.sessionToken(shop),
      });
      await page.goto(`/shopify/app${path}?${query}`);
      await expect.poll(() => page.locator('[data-embedded-shell="ready"]').count(), { timeout: 20_000 }).toBe(1);
      return { page, errors };
    },
    async close() {
      await harness?.close();
      await stub?.close();
    },
  };
}

export type ShopAdmin = Awaited<ReturnType<typeof startShopAdmin>>;
