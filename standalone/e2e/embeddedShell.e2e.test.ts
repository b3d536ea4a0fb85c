/**
 * The admin inside the shop's admin (web/src/embedded), in a real browser against the real server as a
 * Shopify app: a stand-in for App Bridge's CDN script (APP_BRIDGE_URL) gives `window.shopify` with
 * session tokens signed like Shopify's (HS256, the app's secret) by a local server, and records toasts.
 * The document load installs the shop through the fake Shopify; every API call then carries a fresh
 * session token. Covers the shell's menu, its navigation without reloads, what the shop's admin hides,
 * the token retry protocol, a session that cannot be renewed, and a page whose code fails to load.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { planFeatures } from '@quizlead/shared/planFeatures.ts';
import { shopifyInstallMessages, shopifyPlanMessages } from '@quizlead/shared/shopify.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { routeErrorTexts } from '@quizlead/web/admin/components/RouteErrorBoundary.tsx';
import { newShop } from '../../server/src/test/shopifyWebhooks.ts';
import { startShopAdmin, type ShopAdmin } from './shopAdmin.ts';

let admin: ShopAdmin;
let harness: ShopAdmin['harness'];
let stub: ShopAdmin['stub'];

beforeAll(async () => {
  admin = await startShopAdmin();
  ({ harness, stub } = admin);
});
afterAll(() => admin?.close());

/** The app opened from the shop's admin: Shopify loads /shopify/app with the shop, host and a session token. */
async function openInAdmin(options: { width?: number; path?: string } = {}) {
  const shop = newShop();
  const { page, errors } = await admin.open(shop, (options.path ?? '/shopify/app').replace(/^\/shopify\/app/, ''), options.width);
  // The first screen's own calls are done: a test's next token goes to the call it is about.
  await page.waitForLoadState('networkidle');
  return { shop, page, errors };
}

/** What App Bridge does when the merchant picks an entry of the app's menu in the admin: clicks its link. */
async function pickFromMenu(page: Page, path: string) {
  await page.locator(`[data-quizlead-nav] a[data-nav-path="${path}"]`).dispatchEvent('click');
}

const toasts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __appBridgeToasts: { message: string; isError: boolean }[] }).__appBridgeToasts);

it('opens in the shop’s admin: App Bridge first, the menu for App Bridge, the dashboard, at 1280 and 375 px', async () => {
  const { page, errors } = await openInAdmin();
  // The page as the server filled it: the key's meta, then App Bridge as the first, plain script.
  expect(await page.locator('meta[name="shopify-api-key"]').getAttribute('content')).toBe(harness.server.app.apiKey);
  const firstScript = page.locator('head script').first();
  expect(await firstScript.getAttribute('src')).toBe(`${stub.url}/app-bridge.js`);
  expect(await firstScript.getAttribute('type')).toBeNull();
  expect(await firstScript.getAttribute('async')).toBeNull();

  // The menu App Bridge mirrors: home first, then the shared menu as the shop's admin has it.
  const links = page.locator('ui-nav-menu[data-quizlead-nav] > a');
  expect(await links.first().getAttribute('rel')).toBe('home');
  expect(await links.first().getAttribute('href')).toBe('/shopify/app/');
  const entries = await links.evaluateAll((anchors) =>
    anchors.map((anchor) => [anchor.getAttribute('data-nav-path'), anchor.textContent, anchor.getAttribute('href')]),
  );
  expect(entries).toEqual([
    ['', 'Dashboard', '/shopify/app/'],
    ['Quizzes', 'Quizzes', '/shopify/app/Quizzes'],
    ['Templates', 'Templates', '/shopify/app/Templates'],
    ['FeedbackLists', 'Web Response', '/shopify/app/FeedbackLists'],
    ['poll/lists', 'Poll', '/shopify/app/poll/lists'],
    ['wheel_spinner/lists', 'Wheel Spin', '/shopify/app/wheel_spinner/lists'],
    ['Products', 'Products', '/shopify/app/Products'],
    ['PostPurchaseSurvey', 'Post-purchase survey', '/shopify/app/PostPurchaseSurvey'],
    ['Plan', 'Plan', '/shopify/app/Plan'],
    ['Account', 'Account', '/shopify/app/Account'],
    ['Settings', 'Settings', '/shopify/app/Settings'],
    ['Tutorials', 'Tutorials', '/shopify/app/Tutorials'],
  ]);
  // App Bridge draws the menu in the admin: the page itself shows neither it nor a frame of its own.
  expect(await page.locator('ui-nav-menu').isVisible()).toBe(false);
  expect(await page.locator('.Polaris-TopBar, .Polaris-Navigation').count()).toBe(0);

  await expect.poll(() => page.getByRole('heading', { name: 'Dashboard' }).isVisible()).toBe(true);
  await expect.poll(() => page.locator('[data-stat="Quiz Count"]').isVisible()).toBe(true);
  await harness.screenshot(page, 'embedded-dashboard-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => page.locator('[data-stat="Quiz Count"]').isVisible()).toBe(true);
  await harness.screenshot(page, 'embedded-dashboard-375');
  expect(errors).toEqual([]);
});

it('moves between screens without reloading, every link under /shopify/app, and the session token on every call', async () => {
  const { page } = await openInAdmin();
  await page.evaluate(() => ((window as unknown as { loadedOnce: boolean }).loadedOnce = true));
  const authorizations: (string | null)[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) authorizations.push(request.headers()['authorization'] ?? null);
  });

  await pickFromMenu(page, 'Quizzes');
  await page.waitForURL('**/shopify/app/Quizzes');
  await expect.poll(() => page.getByRole('heading', { name: 'Quizzes' }).isVisible()).toBe(true);
  // The page's own links stay in the embedded app: Create Quiz leads to its templates.
  await page.getByRole('link', { name: 'Create Quiz' }).first().click();
  await page.waitForURL('**/shopify/app/Templates');
  await expect.poll(() => page.getByText('Step 1 of 2: choose the kind of quiz you want to build.').isVisible()).toBe(true);
  await pickFromMenu(page, 'poll/lists');
  await page.waitForURL('**/shopify/app/poll/lists');
  await expect.poll(() => page.getByRole('heading', { name: 'Polls' }).isVisible()).toBe(true);
  // Addresses match whatever their case, as the standalone app's do.
  await page.evaluate(() => history.pushState(null, '', '/shopify/app/FEEDBACKLISTS'));
  await page.evaluate(() => dispatchEvent(new PopStateEvent('popstate')));
  await expect.poll(() => page.getByRole('heading', { name: 'Web Responses' }).isVisible()).toBe(true);

  expect(await page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
  expect(authorizations.length).toBeGreaterThan(0);
  for (const authorization of authorizations) expect(authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
  expect(new Set(authorizations).size).toBe(authorizations.length);
});

it('hides what Shopify does for the merchant: no password, no sign-out; notices are App Bridge toasts', async () => {
  const { page } = await openInAdmin({ path: '/shopify/app/Account' });
  await expect.poll(() => page.getByText('Personal Details').first().isVisible()).toBe(true);
  expect(await page.getByText('Account Details').count()).toBe(0);
  expect(await page.getByLabel('Current password').count()).toBe(0);
  expect(await page.getByText('Sign out').count()).toBe(0);

  await page.getByLabel('Full name').fill('Shop Owner');
  await page.locator('#personal-details').getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => toasts(page)).toEqual([{ message: messages.account.profileUpdated, isError: false }]);
  // The notice went to the admin, not to a Polaris toast in the page.
  expect(await page.locator('.Polaris-Frame-Toast').count()).toBe(0);
});

it('shows the shop’s plan and opens Shopify’s plan page over the whole admin', async () => {
  const { page, shop } = await openInAdmin();
  await pickFromMenu(page, 'Plan');
  await page.waitForURL('**/shopify/app/Plan');
  await expect.poll(() => page.locator('[data-plan-name]').textContent(), { timeout: 15_000 }).toBe(shopifyPlanMessages.freePlan);
  // What the plan includes, from the plan the server reports.
  for (const feature of planFeatures('free')) await expect.poll(() => page.getByText(feature).isVisible()).toBe(true);
  await harness.screenshot(page, 'embedded-plan');
  await page.setViewportSize({ width: 375, height: 800 });
  await harness.screenshot(page, 'embedded-plan-375');

  await page.route('https://admin.shopify.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<p>Plans</p>' }));
  await page.getByRole('link', { name: shopifyPlanMessages.changePlan }).click();
  await page.waitForURL(/^https:\/\/admin\.shopify\.com\//);
  expect(page.url()).toContain(`/store/${shop.replace('.myshopify.com', '')}/charges/`);
});

it('retries a call once with a fresh token when the server asks, and says so when the session cannot be renewed', async () => {
  const { page } = await openInAdmin();
  const answers: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname === '/api/v1/quizzes' || pathname === '/api/v1/account/profile')
      answers.push(`${response.status()} ${pathname}`);
  });

  // An expired token: the server answers 401 with the retry header, and the next token works. The
  // dashboard's own calls finish first, so the one expired token goes to the quizzes call.
  await page.waitForLoadState('networkidle');
  stub.mode = 'expiredOnce';
  await pickFromMenu(page, 'Quizzes');
  // The dashboard also says 'Build Your Quiz': wait for the quizzes call itself, not for the text.
  await expect.poll(() => answers).toEqual(['401 /api/v1/quizzes', '200 /api/v1/quizzes']);
  await expect.poll(() => page.getByRole('heading', { name: 'Quizzes' }).isVisible()).toBe(true);

  // Tokens the server can never accept: one retry, then the shell says the shop's session is over.
  await page.waitForLoadState('networkidle');
  stub.mode = 'forged';
  answers.length = 0;
  await pickFromMenu(page, 'Account');
  await expect.poll(() => page.locator('[data-embedded-shell="failed"]').count()).toBe(1);
  await expect.poll(() => page.getByText(shopifyInstallMessages.invalidSession).isVisible()).toBe(true);
  expect(answers).toEqual(['401 /api/v1/account/profile', '401 /api/v1/account/profile']);
  await harness.screenshot(page, 'embedded-session-over');

  stub.mode = 'valid';
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect.poll(() => page.locator('[data-embedded-shell="ready"]').count()).toBe(1);
  await expect.poll(() => page.getByText('Personal Details').first().isVisible()).toBe(true);
});

it('keeps a page that fails to load inside its card with Try again; the menu and the other screens work on', async () => {
  const { page } = await openInAdmin();
  await page.route('**/shopify/app/assets/Tutorials-*.js', (route) => route.abort());
  await pickFromMenu(page, 'Tutorials');
  await expect.poll(() => page.locator('[data-route-error]').isVisible()).toBe(true);
  await expect.poll(() => page.getByText(routeErrorTexts.title).isVisible()).toBe(true);
  await harness.screenshot(page, 'embedded-route-error');

  // Another screen still opens, and the failed one recovers once its code arrives.
  await pickFromMenu(page, 'Quizzes');
  await expect.poll(() => page.getByRole('heading', { name: 'Quizzes' }).isVisible()).toBe(true);
  expect(await page.locator('[data-route-error]').count()).toBe(0);
  await pickFromMenu(page, 'Tutorials');
  await expect.poll(() => page.locator('[data-route-error]').isVisible()).toBe(true);
  await page.unroute('**/shopify/app/assets/Tutorials-*.js');
  // Try again loads the app afresh at this screen: the server bounces for a new session token first.
  await page.getByRole('button', { name: routeErrorTexts.retry }).click();
  await page.waitForURL((url) => url.pathname === '/shopify/app/Tutorials' && url.searchParams.has('id_token'));
  await expect.poll(() => page.locator('[data-embedded-shell="ready"]').count(), { timeout: 20_000 }).toBe(1);
  await expect.poll(() => page.getByRole('heading', { name: 'Tutorials' }).isVisible()).toBe(true);
});
