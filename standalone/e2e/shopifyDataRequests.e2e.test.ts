/**
 * Customer data requests inside the shop's admin: Shopify forwards a customer's request
 * (customers/data_request), Settings lists it with its date, customer and orders, and Download saves the
 * document the app gathered. The affiliate section, a standalone referral programme, is not there.
 * Screenshots at 1280 and 375 px.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { uniqueEmail } from '../../server/src/test/factories.ts';
import { deliverApplied, newShop } from '../../server/src/test/shopifyWebhooks.ts';
import { fitsWidth, noSeriousViolations, screenshot } from './ownerScreens.ts';
import { startShopAdmin, type ShopAdmin } from './shopAdmin.ts';

let admin: ShopAdmin;

beforeAll(async () => {
  admin = await startShopAdmin();
});
afterAll(() => admin?.close());

it('lists the customer data requests Shopify forwarded and downloads a request’s document', async () => {
  const { harness } = admin;
  const shop = newShop();
  // The first document load installs the shop.
  await admin.open(shop);
  const email = uniqueEmail('asks-for-data');
  await deliverApplied(harness.server, {
    topic: 'customers/data_request',
    shop,
    body: {
      shop_domain: shop,
      customer: { id: 4242, email, phone: null },
      orders_requested: [1001, 1002, 1003],
      data_request: { id: 8 },
    },
  });

  const { page, errors } = await admin.open(shop, '/Settings');
  const panel = page.locator('#data-requests');
  await expect.poll(() => panel.getByText(email).isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await panel.getByText('3 orders').isVisible()).toBe(true);
  expect(await page.getByRole('heading', { name: 'Affiliate url' }).count()).toBe(0);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: `Download the data of ${email}` }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^customer-data-request-[\w-]+\.json$/);
  const document = JSON.parse(readFileSync(await download.path(), 'utf8'));
  expect(document).toMatchObject({
    shop,
    customer: { shopifyCustomerId: '4242', email },
    ordersRequested: ['1001', '1002', '1003'],
  });
  expect(errors).toEqual([]);
  await panel.scrollIntoViewIfNeeded();
  await noSeriousViolations(page, 'data requests');
  await harness.screenshot(page, 'data-requests-1280');

  const narrow = (await admin.open(shop, '/Settings', 375)).page;
  await expect.poll(() => narrow.locator('#data-requests').getByText(email).isVisible(), { timeout: 10_000 }).toBe(true);
  // Download stays in sight on a phone (a list, not a table scrolling sideways).
  const narrowButton = narrow.getByRole('button', { name: `Download the data of ${email}` });
  const box = await narrowButton.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(375);
  await fitsWidth(narrow, 375);
  await narrow.locator('#data-requests').scrollIntoViewIfNeeded();
  await screenshot(harness, narrow, 'data-requests-375');
});

it('shows the shop’s notification email on Account, not a sign-in email, and saves the merchant’s own', async () => {
  const { harness } = admin;
  const shop = newShop();
  const { page, errors } = await admin.open(shop, '/Account');
  const field = page.getByRole('textbox', { name: 'Notification email' });
  const storeEmail = `${shop.replace('.myshopify.com', '')}@merchants.example`;
  // The install's job reads the store's address; the page shows it once it is there.
  await expect
    .poll(
      async () => {
        await page.reload();
        // The form shows once the account has loaded (the shell is ready before that): count then.
        await field.waitFor();
        return page.getByText(`Leave it empty to use your store’s email, ${storeEmail}.`).count();
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  expect(await page.getByText(`owner@${shop}`).count()).toBe(0);
  await field.fill('leads@merchant.example');
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect
    .poll(async () => (await harness.server.embedded(shop).get('/api/v1/shopify/notification-email')).body.data.email)
    .toBe('leads@merchant.example');
  expect(errors).toEqual([]);
  await noSeriousViolations(page, 'account (shop)');
  await screenshot(harness, page, 'account-shop-1280');
  const narrow = (await admin.open(shop, '/Account', 375)).page;
  await expect
    .poll(() => narrow.getByRole('textbox', { name: 'Notification email' }).inputValue())
    .toBe('leads@merchant.example');
  await fitsWidth(narrow, 375);
  await screenshot(harness, narrow, 'account-shop-375');
});
