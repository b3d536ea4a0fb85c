/**
 * Revenue per quiz and wheel, in the shop's admin (web/src/embedded) in a real browser against the real
 * server as a Shopify app: orders arrive as signed orders/create webhooks, credited by a wheel's prize
 * code or by the quiz's Add to cart line-item property, and the quiz report, the wheel's spins page and
 * the dashboard show their orders, revenue, average order value and conversion in the shop's currency,
 * or 'No orders yet'. Screenshots at 1280 and 375 px.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { revenueMessages } from '@quizlead/shared/reports.ts';
import {
  completedPlay,
  givenCode,
  orderBody,
  personalityQuiz,
  placeOrder,
  sellingShop,
} from '../../server/src/test/revenueFixture.ts';
import { startShopAdmin, type ShopAdmin } from './shopAdmin.ts';

let admin: ShopAdmin;
let harness: ShopAdmin['harness'];

beforeAll(async () => {
  admin = await startShopAdmin();
  ({ harness } = admin);
});
afterAll(() => admin?.close());

/** A screen of the app as the shop's admin opens it: /shopify/app/… with the shop, host and a session token. */
async function openInAdmin(shop: string, path: string, width = 1280) {
  return admin.open(shop, path, width);
}

/** Both widths, once `ready` holds at each. */
async function shots(page: Page, name: string, ready: () => Promise<unknown>) {
  for (const [width, height] of [
    [1280, 900],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    await ready();
    await harness.screenshot(page, `${name}-${width}`);
  }
}

/** The revenue card's figures as label → value. */
const figures = (page: Page) =>
  page
    .locator('[data-revenue] [data-kpi]')
    .evaluateAll((items) =>
      Object.fromEntries(items.map((item) => [item.getAttribute('data-kpi'), item.querySelectorAll('p')[1]?.textContent ?? ''])),
    );

/** The breakdown table's rows, cell texts. */
const breakdown = (page: Page) =>
  page
    .locator('[data-revenue] .Polaris-DataTable__TableRow')
    .evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent?.trim())));

it('shows a quiz’s orders and revenue per outcome, a wheel’s per slice, and the dashboard’s for the range', async () => {
  const { shop, accountId, quiz, wheelId, owner } = await sellingShop(harness.server);
  for (const answer of ['a1', 'a1', 'a2', 'a2']) await completedPlay(harness.server, quiz, answer);
  const spins = [];
  for (let index = 0; index < 3; index++) {
    spins.push(
      await owner.post(`/api/v1/public/wheels/${wheelId}/spins`, {
        submissionId: crypto.randomUUID(),
        email: `v${index}@example.com`,
      }),
    );
  }
  expect(spins.map((spin) => spin.status)).toEqual([201, 201, 201]);
  await givenCode(harness.server, { accountId, itemKind: 'wheel', itemId: wheelId, slot: '1', code: 'SPIN-20-7KD2' });
  await givenCode(harness.server, { accountId, itemKind: 'quiz', itemId: quiz.id, slot: 'p2', code: 'BOLD-5QX' });
  await placeOrder(
    harness.server,
    shop,
    orderBody({ total: '84.50', currency: 'EUR', codes: ['spin-20-7kd2'], lines: [{ quizId: quiz.id, outcome: 'p1' }] }),
  );
  await placeOrder(harness.server, shop, orderBody({ total: '1249.00', currency: 'EUR', codes: ['BOLD-5QX'] }));
  await placeOrder(
    harness.server,
    shop,
    orderBody({ total: '19.90', currency: 'EUR', lines: [{ quizId: quiz.id, outcome: 'p1' }] }),
  );
  await harness.server.services.stats.flush();

  const report = await openInAdmin(shop, `/Quiz/Analytics/${quiz.id}`);
  const { page } = report;
  await expect.poll(() => page.getByRole('heading', { name: revenueMessages.title }).isVisible(), { timeout: 20_000 }).toBe(true);
  // Three orders: 84.50 + 1,249.00 + 19.90 over 4 completions.
  expect(await figures(page)).toEqual({
    Orders: '3',
    Revenue: '€1,353.40',
    'Average order value': '€451.13',
    Conversion: '75%',
  });
  expect(await breakdown(page)).toEqual([
    ['Bold', '1', '€1,249.00', '€1,249.00'],
    ['Calm', '2', '€104.40', '€52.20'],
  ]);
  await shots(page, 'revenue-quiz-report', () => page.getByRole('heading', { name: revenueMessages.title }).isVisible());
  expect(report.errors).toEqual([]);

  const wheel = await openInAdmin(shop, `/wheelspin/response/${wheelId}`);
  await expect.poll(() => wheel.page.locator('[data-revenue] [data-kpi]').count(), { timeout: 20_000 }).toBe(4);
  expect(await figures(wheel.page)).toMatchObject({ Orders: '1', Revenue: '€84.50', Conversion: '33.3%' });
  expect((await breakdown(wheel.page)).map((row) => [row[0], row[2], row[3]])).toEqual([
    ['10% off', '0', '€0.00'],
    ['20% off', '1', '€84.50'],
    ['Free shipping', '0', '€0.00'],
  ]);
  await shots(wheel.page, 'revenue-wheel-spins', () => wheel.page.locator('[data-revenue]').isVisible());
  expect(wheel.errors).toEqual([]);

  const dashboard = await openInAdmin(shop, '/');
  const stat = (name: string) => dashboard.page.locator(`[data-revenue] [data-stat="${name}"]`).textContent();
  await expect.poll(() => stat('Revenue'), { timeout: 20_000 }).toBe('€1,353.40');
  expect(await stat('Orders')).toBe('3');
  expect(await stat('Average order value')).toBe('€451.13');
  await shots(dashboard.page, 'revenue-dashboard', () => dashboard.page.locator('[data-revenue]').isVisible());
  expect(dashboard.errors).toEqual([]);
});

it('says “No orders yet” on a played quiz and on the dashboard of a shop without orders', async () => {
  const { shop, owner } = await sellingShop(harness.server);
  const quiz = await personalityQuiz(owner);
  await completedPlay(harness.server, quiz);
  await harness.server.services.stats.flush();

  const report = await openInAdmin(shop, `/Quiz/Analytics/${quiz.id}`);
  await expect
    .poll(() => report.page.locator('[data-revenue]').getByText(revenueMessages.noOrders).isVisible(), { timeout: 20_000 })
    .toBe(true);
  await shots(report.page, 'revenue-quiz-report-empty', () => report.page.locator('[data-revenue]').isVisible());

  const dashboard = await openInAdmin(shop, '/');
  await expect
    .poll(() => dashboard.page.locator('[data-revenue]').getByText(revenueMessages.noOrders).isVisible(), { timeout: 20_000 })
    .toBe(true);
  await shots(dashboard.page, 'revenue-dashboard-empty', () => dashboard.page.locator('[data-revenue]').isVisible());
  expect([...report.errors, ...dashboard.errors]).toEqual([]);
});
