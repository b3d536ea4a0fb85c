/**
 * A merchant's first hour with the Shopify app, in a real browser, against the real server as a Shopify
 * app (the fake Shopify behind it). Shopify's own addresses are answered locally over https
 * (shopifyDomains: Chromium resolves admin.shopify.com and *.myshopify.com to a local server with a
 * self-signed certificate), so the app's frame-ancestors policy is checked against the real names:
 * - the shop's admin, https://admin.shopify.com/store/{handle}/apps/quizlead, frames the app's
 *   /shopify/app?embedded=1&shop&host as the admin does; App Bridge's stand-in (APP_BRIDGE_URL) bounces
 *   it for an HS256 session token signed with the app's secret; a brand-new shop lands provisioned on
 *   the dashboard (one token exchange, a shopify account), with no step of its own;
 * - the merchant builds a quiz from a template, publishes it, opens the share page's Shopify tab,
 *   copies the theme editor's add-block link and reads the quiz's page in the store;
 * - a visitor opens that very address, https://{shop}/apps/quizlead/quiz/{id}: the storefront stand-in
 *   forwards it to the app proxy signed as Shopify does and renders the Liquid answer in its theme, and
 *   the visitor plays to the result, stored for the shop's account.
 * An admin the app does not list (another origin) cannot frame it. Screenshots at 1280 and 375 px.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { quizMessages } from '@quizlead/shared/quizzes.ts';
import { wheelMessages } from '@quizlead/shared/engagement.ts';
import { shopifyAppEmbedUrl, shopifyMessages, shopifyThemeEditorUrl } from '@quizlead/shared/sharing.ts';
import { shopifyStoreHandle, shopifyStorefrontMessages } from '@quizlead/shared/shopify.ts';
import type { TQuizDetail } from '@quizlead/shared/schemas/quiz.ts';
import { adminHost } from '../../server/src/test/fakes/shopify/index.ts';
import { getShopifyTestServer, testShopifyApp, type ShopifyTestServer } from '../../server/src/test/getTestServer.ts';
import { newShop } from '../../server/src/test/shopifyWebhooks.ts';
import { startAppBridgeStub, type AppBridgeStub } from './appBridgeStub.ts';
import { appProxyStorefront } from './appProxyStorefront.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';
import { expected, picksOf, playThrough, type Steps } from './playerQuizzes.ts';
import { startShopifyDomains } from './shopifyDomains.ts';

const shop = newShop();
const handle = shopifyStoreHandle(shop);
const template = 'Which Coffee Roast Suits You?';
const title = 'Which roast suits you? Bean & Brew';

let harness: BrowserHarness<ShopifyTestServer>;
let stub: AppBridgeStub;
let domains: Awaited<ReturnType<typeof startShopifyDomains>>;

/**
 * The shop's admin around the app, as Shopify draws it: its top bar and menu, and the app's frame
 * loading the app's address with embedded=1, the shop and the host (base64 of the admin's store path).
 */
function shopAdmin(request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? '/', 'https://admin.shopify.com');
  const match = /^\/store\/([a-z0-9-]+)\/apps\/quizlead$/.exec(url.pathname);
  response.setHeader('content-type', 'text/html; charset=utf-8');
  if (!match) {
    response.statusCode = 404;
    return response.end('Not found');
  }
  const domain = `${match[1]}.myshopify.com`;
  const src = `${harness.server.url}/shopify/app?${new URLSearchParams({ embedded: '1', shop: domain, host: adminHost(domain) })}`;
  response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Quizlead · ${match[1]} · Shopify</title>
<style>
  body{margin:0;font:14px/1.4 -apple-system,BlinkMacSystemFont,"Segoe UI",sans-serif;background:#1a1a1a}
  .bar{height:56px;display:flex;align-items:center;gap:16px;padding:0 16px;color:#e3e3e3;box-sizing:border-box}
  .bar .search{flex:1;max-width:560px;margin:0 auto;height:32px;border-radius:8px;background:#303030}
  .shell{display:flex;height:calc(100vh - 56px)}
  nav{width:240px;flex:none;background:#ebebeb;padding:12px 8px;box-sizing:border-box;border-top-left-radius:12px}
  nav a{display:block;padding:6px 8px;color:#303030;text-decoration:none;border-radius:8px}
  nav a[aria-current]{background:#fafafa;font-weight:600}
  main{flex:1;min-width:0;background:#f1f1f1}
  iframe{display:block;border:0;width:100%;height:100%}
  @media (max-width:768px){nav{display:none}}
</style></head>
<body><div class="bar"><strong>shopify</strong><div class="search" aria-hidden="true"></div><span>${match[1]}</span></div>
<div class="shell"><nav aria-label="Admin"><a href="#">Home</a><a href="#">Orders</a><a href="#">Products</a><a href="#">Customers</a><a href="#">Online Store</a><a href="#" aria-current="page">Quizlead</a></nav>
<main><iframe name="app-iframe" title="Quizlead" src="${src.replace(/&/g, '&amp;')}"></iframe></main></div></body></html>`);
}

beforeAll(async () => {
  stub = await startAppBridgeStub(testShopifyApp);
  domains = await startShopifyDomains({
    admin: shopAdmin,
    // The store's pages: Shopify forwards /apps/quizlead/… to the app for the shop whose domain it is.
    storefront: appProxyStorefront({
      appUrl: () => harness.server.url,
      apiSecret: testShopifyApp.apiSecret,
      shopOf: (request) => (request.headers.host ?? '').replace(/:\d+$/, ''),
      shopName: 'Bean &amp; Brew',
    }),
  });
  harness = await startBrowserHarness(() => getShopifyTestServer({ APP_BRIDGE_URL: stub.scriptUrl }), {
    browserArgs: [domains.hostResolverRules],
  });
});
afterAll(async () => {
  await harness?.close();
  await domains?.close();
  await stub?.close();
});

const adminUrl = (origin: string) => `${origin}/store/${handle}/apps/quizlead`;

/** The app's document in the admin's frame, once it has one (after App Bridge's bounce). */
async function appFrame(page: Page): Promise<Frame> {
  await expect.poll(() => page.frame({ name: 'app-iframe' })?.url() ?? '').toContain('id_token=');
  return page.frame({ name: 'app-iframe' })!;
}

/** Test-made values only (the e2e tests read tables with plain SQL, see storedPlays). */
async function rows(query: string): Promise<Record<string, unknown>[]> {
  const result = await harness.server.services.database.db.execute(query);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}

/** The admin's viewport at both widths: what the merchant sees of the app in its frame. */
async function shots(page: Page, name: string, ready: () => Promise<unknown>) {
  for (const [width, height] of [
    [375, 812],
    [1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await ready();
    await harness.screenshot(page, `${name}-${width}`);
  }
}

it('is framed only by the shop’s admin: another origin’s page is refused by the policy', async () => {
  const page = await harness.newPage({ ignoreHTTPSErrors: true });
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
  });
  const appBridgeLoads: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(stub.url)) appBridgeLoads.push(request.url());
  });
  await page.goto(adminUrl(domains.otherAdmin));
  await expect.poll(() => refusals.length).toBeGreaterThan(0);
  expect(refusals[0]).toContain(`Framing '${harness.server.url}/'`);
  // No document of the app came to be in the frame: nothing of it ran.
  expect(page.frames().filter((frame) => frame.url().startsWith(harness.server.url))).toEqual([]);
  expect(appBridgeLoads).toEqual([]);
});

it('installs a new shop from its admin, builds and publishes a quiz, places it, and a visitor plays it in the store', async () => {
  expect(harness.server.fake.exchangeRequests(shop)).toHaveLength(0);
  const page = await harness.newPage({ width: 1280, height: 900, ignoreHTTPSErrors: true });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: domains.admin });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  // The merchant opens the app in the shop's admin: the frame renders, past the bounce, on the dashboard.
  await page.goto(adminUrl(domains.admin));
  const app = await appFrame(page);
  expect(new URL(app.url()).origin).toBe(harness.server.url);
  expect(new URL(app.url()).pathname).toBe('/shopify/app');
  await expect.poll(() => app.locator('[data-embedded-shell="ready"]').count(), { timeout: 20_000 }).toBe(1);
  await expect.poll(() => app.getByRole('heading', { name: 'Dashboard' }).isVisible()).toBe(true);
  await expect.poll(() => app.locator('[data-stat="Quiz Count"]').isVisible()).toBe(true);
  // Provisioned with no step of its own: one token exchange, the shop's account.
  expect(harness.server.fake.exchangeRequests(shop)).toHaveLength(1);
  expect(await rows(`select kind, status from accounts where shop_domain = '${shop}'`)).toEqual([
    { kind: 'shopify', status: 'active' },
  ]);
  // A new merchant's first visit: the how-to dialog, then the guided tour, which the merchant skips.
  await app.getByRole('dialog').getByRole('button', { name: 'Got it' }).click();
  await app.getByRole('button', { name: 'Skip tour' }).click();
  await expect.poll(() => app.locator('[data-tour-step]').count()).toBe(0);
  await shots(page, 'shopify-merchant-dashboard', () =>
    expect.poll(() => app.locator('[data-stat="Quiz Count"]').isVisible()).toBe(true),
  );

  // A quiz from a template: Create Quiz, the kind, the template; a title of the shop's own; publish.
  await app.getByRole('link', { name: 'Create Quiz' }).first().click();
  await app.getByRole('link', { name: 'Choose Personality Quiz', exact: true }).click();
  await app.getByRole('button', { name: `Use Template ${template}` }).click();
  await app.waitForURL(/\/shopify\/app\/Quiz\/Edit\/[0-9a-f-]{36}$/);
  const quizId = new URL(app.url()).pathname.split('/').at(-1)!;
  const titleField = app.getByRole('textbox', { name: 'Quiz title' });
  await expect.poll(() => titleField.inputValue()).toBe(template);
  // Typed at once, while the welcome message's editor may still be arriving (its code loads after the first paint):
  // the editor mounting with the template's text leaves the focus in the title (quizBuilderDetails' test of it).
  await titleField.fill(title);
  await expect.poll(() => titleField.inputValue()).toBe(title);
  await app.getByRole('button', { name: 'Next', exact: true }).click();
  await expect.poll(() => app.getByRole('tab', { name: 'Design', exact: true }).getAttribute('aria-selected')).toBe('true');
  await expect.poll(() => app.getByText(/^Questions \(\d+\)$/).isVisible()).toBe(true);
  await shots(page, 'shopify-merchant-builder', () =>
    expect.poll(() => app.getByText(/^Questions \(\d+\)$/).isVisible()).toBe(true),
  );

  await app.getByRole('button', { name: 'Finish', exact: true }).click();
  await app.waitForURL(`**/shopify/app/Quiz/Share/${quizId}`);
  // The notice went to the admin, through App Bridge.
  await expect
    .poll(() => app.evaluate(() => (window as unknown as { __appBridgeToasts: { message: string }[] }).__appBridgeToasts))
    .toContainEqual({ message: quizMessages.savedPublished, isError: false });
  const quiz = (await harness.server.embedded(shop).get<{ data: TQuizDetail }>(`/api/v1/quizzes/${quizId}`)).body.data;
  expect(quiz).toMatchObject({ status: 'published', title, fromTemplate: true });

  // The Shopify tab: the store's page for the quiz (GET /api/v1/quizzes/{id}/shopify) and the theme editor's link.
  const placement = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/v1/quizzes/${quizId}/shopify`);
  await app.getByRole('tab', { name: 'Shopify', exact: true }).click();
  expect((await placement).status()).toBe(200);
  const storefrontField = app.getByLabel(shopifyStorefrontMessages.storefrontLinkLabel('quiz'));
  await expect.poll(() => storefrontField.isVisible()).toBe(true);
  const storefrontUrl = await storefrontField.inputValue();
  expect(storefrontUrl).toBe(`https://${shop}/apps/quizlead/quiz/${quizId}`);

  await app.getByRole('button', { name: `${shopifyMessages.copyLink}: ${shopifyMessages.addToTheme}` }).click();
  await expect
    .poll(() => app.getByRole('button', { name: `${shopifyMessages.linkCopied}: ${shopifyMessages.addToTheme}` }).isVisible())
    .toBe(true);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(shopifyThemeEditorUrl(shop, testShopifyApp.apiKey));
  expect(copied).toMatch(
    new RegExp(
      `^https://${shop.replace(/\./g, '\\.')}/admin/themes/current/editor\\?.*addAppBlockId=${testShopifyApp.apiKey}/quizlead`,
    ),
  );
  expect(await app.getByRole('link', { name: shopifyMessages.addToTheme }).getAttribute('href')).toBe(copied);
  await shots(page, 'shopify-merchant-share-shopify', () => expect.poll(() => storefrontField.isVisible()).toBe(true));

  // A visitor opens the quiz's page in the store and plays it to the result.
  const visitor = await harness.newPage({ width: 1280, height: 900, ignoreHTTPSErrors: true });
  visitor.on('pageerror', (error) => errors.push(error.message));
  await visitor.goto(storefrontUrl);
  expect(await visitor.getByRole('heading', { name: 'Bean & Brew' }).isVisible()).toBe(true);
  const frame = visitor.frameLocator('iframe[data-quizlead-frame=quiz]');
  expect(await visitor.locator('iframe[data-quizlead-frame=quiz]').getAttribute('title')).toBe(title);
  const steps: Steps = quiz.questions.map((question, index) => [index, [question.answers[index % question.answers.length]!.id]]);
  await playThrough(frame, quiz, steps);
  await expect.poll(() => frame.getByLabel(quiz.settings.nameFieldText || 'Enter your name').isVisible()).toBe(true);
  await frame.getByLabel(quiz.settings.nameFieldText || 'Enter your name').fill('Vera Visitor');
  await frame.getByLabel(quiz.settings.emailFieldText || 'Enter your Email').fill('vera@example.com');
  await frame.getByRole('button', { name: 'Continue' }).click();
  const { summary } = expected(quiz, picksOf(quiz, steps));
  await expect.poll(() => frame.getByTestId('result-summary').textContent(), { timeout: 15_000 }).toBe(summary);
  await shots(visitor, 'shopify-merchant-storefront', () =>
    expect.poll(() => frame.getByTestId('result-summary').isVisible()).toBe(true),
  );

  // The play is the shop's: stored in its account, with the visitor's lead.
  expect(
    await rows(
      `select plays.status, plays.email, plays.result_summary as "resultSummary", accounts.kind, accounts.shop_domain as "shopDomain"
       from plays join accounts on accounts.id = plays.account_id where plays.quiz_id = '${quizId}'`,
    ),
  ).toEqual([{ status: 'completed', email: 'vera@example.com', resultSummary: summary, kind: 'shopify', shopDomain: shop }]);
  // Still the one installation: every call since went with session tokens, none exchanged again.
  expect(harness.server.fake.exchangeRequests(shop)).toHaveLength(1);
  expect(stub.issued.every((mode) => mode === 'valid')).toBe(true);
  expect(errors).toEqual([]);
});

it('places a wheel in the store from its share page’s Shopify tab, and a visitor applies the prize code to the cart', async () => {
  const wheelShop = newShop();
  const page = await harness.newPage({ width: 1280, height: 900, ignoreHTTPSErrors: true });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: domains.admin });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // The shop installs on its first visit; its wheel is made with the owner API as the builder would.
  await page.goto(`${domains.admin}/store/${shopifyStoreHandle(wheelShop)}/apps/quizlead`);
  let app = await appFrame(page);
  await expect.poll(() => app.locator('[data-embedded-shell="ready"]').count(), { timeout: 20_000 }).toBe(1);
  const created = await harness.server.embedded(wheelShop).post<{ data: { id: string; slug: string } }>('/api/v1/wheels', {
    description: 'Spin for a welcome gift',
    collectEmail: false,
    options: [
      { text: '10% off your first order', weight: 1000, prizeCode: 'WELCOME10' },
      { text: 'Free shipping', weight: 0.000001, prizeCode: 'SHIPFREE' },
      { text: 'A free sample', weight: 0.000001 },
    ],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const wheel = created.body.data;

  // The wheel's share page in the app's frame, as the admin loads it (App Bridge bounces it for a token).
  const sharePath = `/shopify/app/wheelspin/share/${wheel.id}/${wheel.slug}`;
  await app.goto(
    `${harness.server.url}${sharePath}?${new URLSearchParams({ embedded: '1', shop: wheelShop, host: adminHost(wheelShop) })}`,
  );
  await expect.poll(() => page.frame({ name: 'app-iframe' })?.url() ?? '').toContain('id_token=');
  app = page.frame({ name: 'app-iframe' })!;
  await expect
    .poll(() => app.getByRole('heading', { name: wheelMessages.shareTitle }).isVisible(), { timeout: 20_000 })
    .toBe(true);
  const placement = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/v1/wheels/${wheel.id}/shopify`);
  await app.getByRole('button', { name: 'Shopify', exact: true }).click();
  expect((await placement).status()).toBe(200);

  // The wheel's page in the store, and both theme editor links, with the kind to choose there.
  const storefrontField = app.getByLabel(shopifyStorefrontMessages.storefrontLinkLabel('wheel'));
  await expect.poll(() => storefrontField.isVisible()).toBe(true);
  const storefrontUrl = await storefrontField.inputValue();
  expect(storefrontUrl).toBe(`https://${wheelShop}/apps/quizlead/wheel/${wheel.id}`);
  expect(await app.getByRole('link', { name: shopifyMessages.addToTheme }).getAttribute('href')).toBe(
    shopifyThemeEditorUrl(wheelShop, testShopifyApp.apiKey),
  );
  expect(await app.getByRole('link', { name: shopifyMessages.turnOnPopup }).getAttribute('href')).toBe(
    shopifyAppEmbedUrl(wheelShop, testShopifyApp.apiKey),
  );
  for (const step of [...shopifyMessages.blockSteps('wheel'), ...shopifyMessages.embedSteps('wheel')]) {
    expect(await app.getByText(step, { exact: true }).isVisible(), step).toBe(true);
  }
  expect(await app.getByRole('textbox', { name: shopifyMessages.idLabel('wheel') }).inputValue()).toBe(wheel.id);
  // Copy puts the id on the clipboard, for the block's or the embed's Id setting.
  await app.getByRole('button', { name: 'Copy wheel id' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(wheel.id);
  await app.getByRole('button', { name: `${shopifyMessages.copyLink}: ${shopifyMessages.turnOnPopup}` }).click();
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()))
    .toBe(shopifyAppEmbedUrl(wheelShop, testShopifyApp.apiKey));
  await shots(page, 'shopify-merchant-wheel-share-shopify', () => expect.poll(() => storefrontField.isVisible()).toBe(true));

  // A shopper spins it on the store's page and applies the code with one click: back on the same page, code taken.
  const shopper = await harness.newPage({ width: 375, height: 812, ignoreHTTPSErrors: true });
  shopper.on('pageerror', (error) => errors.push(error.message));
  await shopper.goto(storefrontUrl);
  const frame = shopper.frameLocator('iframe[data-quizlead-frame=wheel]');
  await frame.getByRole('button', { name: 'Spin' }).click();
  await expect.poll(() => frame.getByTestId('wheel-prize-code').textContent(), { timeout: 15_000 }).toBe('WELCOME10');
  const apply = frame.getByRole('link', { name: wheelMessages.applyPrizeCode });
  await expect
    .poll(() => apply.getAttribute('href'))
    .toBe(`https://${wheelShop}/discount/WELCOME10?redirect=${encodeURIComponent(`/apps/quizlead/wheel/${wheel.id}`)}`);
  expect(await apply.getAttribute('target')).toBe('_top');
  await harness.screenshot(shopper, 'shopify-storefront-wheel-apply-375');
  await shopper.setViewportSize({ width: 1280, height: 900 });
  await harness.screenshot(shopper, 'shopify-storefront-wheel-apply-1280');
  await apply.click();
  await expect
    .poll(async () => (await shopper.context().cookies(`https://${wheelShop}`)).find((c) => c.name === 'discount_code')?.value)
    .toBe('WELCOME10');
  await expect.poll(() => shopper.url()).toBe(storefrontUrl);
  expect(errors).toEqual([]);
});
