import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webVitalTexts } from '../../web/src/admin/pages/admin/texts.ts';
import { webVitals } from '../../server/src/db/schema/index.ts';
import { createAdmin } from '../../server/src/test/adminFixture.ts';
import { newShop } from '../../server/src/test/shopifyWebhooks.ts';
import { skipDashboardIntro } from './dashboardIntro.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';
import { fitsWidth, noSeriousViolations, screenshot, signedInPage } from './ownerScreens.ts';
import { startShopAdmin, type ShopAdmin } from './shopAdmin.ts';

/**
 * Field web vitals end to end (issue 38): a signed-in owner's page load is measured in the browser,
 * reported as the page goes away and stored by route pattern; the platform admin reads it on the admin
 * area's Web vitals page. Inside the Shopify admin, App Bridge's webVitals.onReport hands the metrics over.
 */

/** The stored samples of one shell (each test server has its own database, or shares PostgreSQL with ones that report alike). */
async function stored(db: BrowserHarness['server']['services']['database']['db'], surface: 'standalone' | 'embedded') {
  const rows = await db.select().from(webVitals);
  return rows.filter((row) => row.surface === surface).map(({ page, metric, value }) => ({ page, metric, value }));
}

/** The tab goes to the background, as when the merchant switches tabs: the document stays, its visibility changes. */
const hideTab = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });

describe('the standalone admin', () => {
  let harness: BrowserHarness;
  beforeAll(async () => {
    harness = await startBrowserHarness();
  });
  afterAll(() => harness?.close());

  it('reports a page load’s vitals by route pattern, and the platform admin sees them against the thresholds', async () => {
    const { page } = await signedInPage(harness, 1280);
    await skipDashboardIntro(page);
    const reports: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/web-vitals')) reports.push(request.postDataJSON());
    });
    await page.goto('/app/');
    await expect.poll(() => page.getByRole('heading', { name: 'Dashboard' }).first().isVisible()).toBe(true);
    // The library comes in its own chunk once the page is idle, never before the first screen.
    await expect
      .poll(() =>
        page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /standaloneVitals/.test(entry.name))),
      )
      .toBe(true);

    await page.locator('.Polaris-Navigation').getByRole('link', { name: 'Quizzes' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Quizzes' }).first().isVisible()).toBe(true);
    // Leaving the app: the document hides and unloads, and the report goes with keepalive.
    await page.goto('about:blank');

    const db = harness.server.services.database.db;
    await expect
      .poll(async () => (await stored(db, 'standalone')).map((row) => `${row.metric} ${row.page}`).sort())
      .toEqual(expect.arrayContaining(['CLS /Quizzes', 'FCP /', 'LCP /', 'TTFB /']));
    const lcp = (await stored(db, 'standalone')).find((row) => row.metric === 'LCP');
    expect(lcp!.value).toBeGreaterThan(0);
    expect(JSON.stringify(reports)).not.toMatch(/app\/|Quizzes\?|http/);

    // Some history, so the page shows both shells, judged and too-few figures. Other browser tests share the
    // database and report their own loads, so the history is filed under pages no other test's shell has.
    const many = (page: string, surface: 'standalone' | 'embedded', metric: string, value: number, count = 120) =>
      Array.from({ length: count }, (_, n) => ({ page, surface, metric, value: value * (1 + n / 1000) }));
    await db
      .insert(webVitals)
      .values([
        ...many('/PostPurchaseSurvey', 'standalone', 'LCP', 3100),
        ...many('/PostPurchaseSurvey', 'standalone', 'CLS', 0.02, 121),
        ...many('/PostPurchaseSurvey', 'standalone', 'INP', 140),
        ...many('/Plan', 'standalone', 'LCP', 2200, 40),
        ...many('/Plan', 'standalone', 'INP', 260, 40),
        ...many('/Plans', 'embedded', 'LCP', 1900),
        ...many('/Plans', 'embedded', 'CLS', 0.15),
        ...many('/Plans', 'embedded', 'INP', 90),
      ]);

    const admin = await createAdmin(harness.server);
    const { page: adminPage } = await signedInPage(harness, 1280, admin);
    await skipDashboardIntro(adminPage);
    await adminPage.goto('/app/Admin/web-vitals');
    const embedded = adminPage.getByRole('region', { name: webVitalTexts.surfaces.embedded });
    await expect.poll(() => embedded.isVisible()).toBe(true);
    const standalone = adminPage.getByRole('region', { name: webVitalTexts.surfaces.standalone });
    const quizzesRow = standalone.locator('tr', { hasText: '/PostPurchaseSurvey' });
    const quizzes = await quizzesRow.innerText();
    expect(quizzes).toContain(webVitalTexts.needsWork);
    expect(quizzes).toContain(webVitalTexts.good);
    expect(quizzes).toContain(webVitalTexts.samples(121));
    expect(
      await standalone
        .locator('tr')
        .filter({ has: adminPage.getByText('/Plan', { exact: true }) })
        .innerText(),
    ).toContain(webVitalTexts.fewSamples(40, 100));
    await screenshot(harness, adminPage, 'admin-web-vitals-1280');
    await noSeriousViolations(adminPage, 'Admin web vitals');

    await adminPage.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => embedded.locator('.ql-engagement-list__item').count()).toBeGreaterThanOrEqual(1);
    await fitsWidth(adminPage, 375);
    await screenshot(harness, adminPage, 'admin-web-vitals-375');
  });
});

describe('the embedded admin', () => {
  let shopAdmin: ShopAdmin;
  beforeAll(async () => {
    shopAdmin = await startShopAdmin();
  });
  afterAll(() => shopAdmin?.close());

  it('reports what App Bridge’s webVitals.onReport hands it, with the shop’s session token', async () => {
    const { page, errors } = await shopAdmin.open(newShop(), '/Quizzes');
    await expect
      .poll(() => page.evaluate(() => typeof (window as { __appBridgeWebVitals?: unknown }).__appBridgeWebVitals))
      .toBe('function');
    await page.evaluate(() => {
      const report = (window as unknown as { __appBridgeWebVitals: (metric: object) => void }).__appBridgeWebVitals;
      report({ id: 'v5-1732800000000-1', name: 'LCP', value: 1830.4 });
      report({ id: 'v5-1732800000000-2', name: 'CLS', value: 0.012 });
      report({ id: 'v5-1732800000000-3', name: 'FID', value: 12 });
    });
    await hideTab(page);

    const db = shopAdmin.harness.server.services.database.db;
    await expect
      .poll(async () => await stored(db, 'embedded'))
      .toEqual(
        expect.arrayContaining([
          { page: '/Quizzes', metric: 'CLS', value: 0.012 },
          { page: '/Quizzes', metric: 'LCP', value: 1830.4 },
        ]),
      );
    // FID is not one of the vitals Shopify judges: it is not sent.
    expect((await stored(db, 'embedded')).some((row) => row.value === 12)).toBe(false);
    expect(errors).toEqual([]);
  });
});
