/**
 * The post-purchase survey report in the shop's admin (web/src/embedded), in a real browser against the
 * real server as a Shopify app: orders arrive as signed orders/create webhooks, buyers answer through
 * the extension endpoint with a checkout extension's session token, and the report shows revenue per
 * answer exact to the cent, and the answer still waiting for its order, at 1280 and 375 px.
 * Screenshots: /tmp/tyreport-*.png.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { postPurchaseReportMessages as texts } from '@quizlead/shared/postPurchaseReport.ts';
import { extensionSessionTokens } from '../../server/src/test/fakes/shopify/index.ts';
import { testShopifyApp } from '../../server/src/test/getTestServer.ts';
import { newOrderId, surveyedOrderBody } from '../../server/src/test/postPurchaseFixture.ts';
import { placeOrder } from '../../server/src/test/revenueFixture.ts';
import { installedShop } from '../../server/src/test/shopifyWebhooks.ts';
import { createPoll } from '../../server/src/test/widgetFactory.ts';
import { startShopAdmin, type ShopAdmin } from './shopAdmin.ts';

let admin: ShopAdmin;

beforeAll(async () => {
  admin = await startShopAdmin();
});
afterAll(() => admin?.close());

/** A call of the checkout extension, with the session token `shopify.sessionToken.get()` would give it. */
async function extensionCall(shop: string, path: string, body?: object) {
  const token = await extensionSessionTokens.valid(testShopifyApp, shop);
  const response = await fetch(`${admin.harness.server.url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: await response.json() };
}

/** The answers table's rows at 1280 px: each row's cell texts. */
const tableRows = (page: Page) =>
  page
    .locator('[data-post-purchase-answers] .Polaris-DataTable__TableRow')
    .evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent?.trim())));

/** The same at 375 px, where each answer is a block of labelled figures: answer → {label: value}. */
const listRows = (page: Page) =>
  page
    .locator('[data-post-purchase-answers] .ql-revenue-list > li')
    .evaluateAll((items) =>
      Object.fromEntries(
        items.map((item) => [
          item.querySelector('p')?.textContent?.trim(),
          Object.fromEntries(
            Array.from(item.querySelectorAll('dl > div')).map((pair) => [
              pair.querySelector('dt')?.textContent?.trim(),
              pair.querySelector('dd')?.textContent?.trim(),
            ]),
          ),
        ]),
      ),
    );

it('shows revenue per answer from webhook orders, exact to the cent, at 1280 and 375 px', { timeout: 120_000 }, async () => {
  const { server } = admin.harness;
  const { shop, owner } = await installedShop(server);
  const poll = await createPoll(owner, { description: 'How did you hear about us?', options: ['Instagram', 'A friend'] });
  const saved = await owner.put('/api/v1/shopify/post-purchase-survey', {
    itemKind: 'poll',
    itemId: poll.id,
    oncePerCustomer: false,
  });
  expect(saved.status).toBe(200);

  const orders = [
    { orderId: newOrderId(), name: '#1001', total: '19.99', customerOrders: 1, answer: 'Instagram' },
    { orderId: newOrderId(), name: '#1002', total: '0.01', customerOrders: 3, answer: 'Instagram' },
    { orderId: newOrderId(), name: '#1003', total: '100.00', sourceName: 'pos', answer: 'Instagram' },
    { orderId: newOrderId(), name: '#1004', total: '45.50', customerOrders: 1, answer: 'A friend' },
  ];
  for (const order of orders) await placeOrder(server, shop, surveyedOrderBody(order));
  // An order whose webhook has not come yet: its answer counts, its revenue is not known.
  const waiting = { orderId: newOrderId(), answer: 'A friend' };

  for (const order of [...orders, waiting]) {
    const gid = `gid://shopify/OrderIdentity/${order.orderId}`;
    const asked = await extensionCall(
      shop,
      `/extensions/post-purchase/survey?orderId=${encodeURIComponent(gid)}&surface=thank_you`,
    );
    expect(asked.status).toBe(200);
    const choice = asked.body.survey.choices.find((item: { label: string }) => item.label === order.answer);
    const answered = await extensionCall(shop, '/extensions/post-purchase/answers', {
      orderId: gid,
      surface: 'thank_you',
      surveyId: asked.body.survey.id,
      choiceId: choice.id,
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(201);
  }
  // A second answer for the same order changes nothing.
  const again = await extensionCall(shop, '/extensions/post-purchase/answers', {
    orderId: `gid://shopify/Order/${orders[0]!.orderId}`,
    surface: 'order_status',
    surveyId: poll.id,
    choiceId: 'anything',
  });
  expect(again).toMatchObject({ status: 200, body: { ok: true, duplicate: true } });

  const { page, errors } = await admin.open(shop, '/PostPurchaseSurvey');
  await expect
    .poll(() => tableRows(page), { timeout: 20_000 })
    .toEqual([
      // 19.99 + 0.01 + 100.00 = 120.00 over 3 orders: 40.00.
      ['Instagram', '3', '60%', '3', '€120.00', '€40.00', '1', '1'],
      ['A friend', '2', '40%', '1 + 1 not received yet', '€45.50', '€45.50', '1', '0'],
    ]);
  const kpi = (label: string) => page.locator(`[data-kpi="${label}"] p`).nth(1).textContent();
  expect(await kpi(texts.revenue)).toBe('€165.50');
  expect(await kpi(texts.responseRate)).toBe('100%');
  await expect.poll(() => page.getByTestId('post-purchase-chart').locator('svg').count(), { timeout: 20_000 }).toBeGreaterThan(0);
  await page.screenshot({ path: '/tmp/tyreport-report-1280.png', fullPage: true });

  await page.setViewportSize({ width: 375, height: 812 });
  await expect
    .poll(() => listRows(page), { timeout: 10_000 })
    .toEqual({
      Instagram: {
        Answers: '3',
        Share: '60%',
        Orders: '3',
        Revenue: '€120.00',
        'Average order value': '€40.00',
        New: '1',
        Returning: '1',
      },
      'A friend': {
        Answers: '2',
        Share: '40%',
        Orders: '1 + 1 not received yet',
        Revenue: '€45.50',
        'Average order value': '€45.50',
        New: '1',
        Returning: '0',
      },
    });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await page.screenshot({ path: '/tmp/tyreport-report-375.png', fullPage: true });

  // Only the point-of-sale orders.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByLabel(texts.channel, { exact: true }).selectOption('Point of Sale');
  await expect
    .poll(() => tableRows(page), { timeout: 10_000 })
    .toEqual([['Instagram', '1', '100%', '1', '€100.00', '€100.00', '0', '0']]);
  expect(errors).toEqual([]);
});

it('tells a shop without answers where to place the block', { timeout: 60_000 }, async () => {
  const { shop } = await installedShop(admin.harness.server);
  const { page, errors } = await admin.open(shop, '/PostPurchaseSurvey', 375);
  await expect.poll(() => page.getByText(texts.emptyHelp).isVisible(), { timeout: 20_000 }).toBe(true);
  await page.screenshot({ path: '/tmp/tyreport-empty-375.png', fullPage: true });
  expect(errors).toEqual([]);
});
