/**
 * The Products screen inside the shop's admin: the shop's catalogue as the install's sync copied it,
 * Sync with Shopify bringing in a product added since, shop products changed in Shopify only (no edit
 * or delete here), and a product typed in by hand beside them; a quiz outcome drawing from a shop
 * collection, picked in the builder. Screenshots at 1280 and 375 px.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { productSyncFailures } from '@quizlead/shared/schemas/productSync.ts';
import { personalityQuiz } from '../../server/src/test/revenueFixture.ts';
import { jobsSettled, newShop } from '../../server/src/test/shopifyWebhooks.ts';
import { startShopAdmin, type ShopAdmin } from './shopAdmin.ts';
import { fitsWidth, noSeriousViolations, rows, screenshot, tableCells } from './ownerScreens.ts';

let admin: ShopAdmin;
let harness: ShopAdmin['harness'];

beforeAll(async () => {
  admin = await startShopAdmin();
  ({ harness } = admin);
});
afterAll(() => admin?.close());

/** The app opened at /shopify/app/Products from the shop's admin (shop, host and a session token). */
async function openProducts(shop: string, width = 1280) {
  return (await admin.open(shop, '/Products', width)).page;
}

const toasts = (page: Awaited<ReturnType<typeof openProducts>>) =>
  page.evaluate(() => (window as unknown as { __appBridgeToasts: { message: string }[] }).__appBridgeToasts);

it('shows the shop’s products, syncs on demand, and leaves shop products to Shopify', async () => {
  const shop = newShop();
  const catalogue = harness.server.fake.shop(shop).products;
  catalogue.add({ title: 'Sencha', tags: ['green'], variants: [{ price: '14.00' }] });
  catalogue.add({ title: 'Matcha', tags: ['green', 'powder'], variants: [{ price: '30.00', inventoryQuantity: 0 }] });
  // The first document load installs the shop; its sync copies the catalogue.
  let page = await openProducts(shop);
  const accountId = (await harness.server.embedded(shop).get('/api/v1/session')).body.data.user.accountId as string;
  await jobsSettled(harness.server, 'shopify.products.sync', accountId);
  await page.reload();
  await expect
    .poll(async () => (await tableCells(page)).map((cells) => cells[0]))
    .toEqual(['Senchagreen', 'Matchagreen, powder']);
  const cells = await tableCells(page);
  expect(cells[0]!.slice(1)).toEqual(['$14.00', 'SuccessAvailable', 'Shopify', 'Change it in Shopify']);
  expect(cells[1]![2]).toMatch(/Not recommended$/);
  // Shop products have no edit or delete here.
  expect(await page.getByRole('button', { name: 'Edit Sencha' }).count()).toBe(0);

  // A product added in Shopify since: Sync brings it in, and the list shows it once the sync is done.
  catalogue.add({ title: 'Bancha', variants: [{ price: '9.00' }] });
  await page.getByRole('button', { name: 'Sync with Shopify' }).click();
  await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(3);
  // Nothing claims a sync is under way once it is done.
  await expect.poll(() => page.getByText('Syncing your store’s products…').count()).toBe(0);
  expect((await toasts(page)).map((toast) => toast.message)).not.toContain(
    'Your store’s products are being synced. They appear here in a minute or two.',
  );

  // Shopify failing the sync: the page says so, with the reason and a retry (not a toast that it is under way).
  catalogue.add({ title: 'Kukicha', variants: [{ price: '8.00' }] });
  harness.server.fake.shop(shop).failNext.push({ status: 503 });
  await page.getByRole('button', { name: 'Sync with Shopify' }).click();
  const failure = page.getByText('Your products could not be synced');
  await expect.poll(() => failure.isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await page.getByText(productSyncFailures.shopifyUnavailable).isVisible()).toBe(true);
  await screenshot(harness, page, 'products-sync-failed-1280');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect.poll(() => rows(page).count()).toBe(4);
  await expect.poll(() => failure.count()).toBe(0);

  // A product typed in by hand sits beside them, and can be edited.
  expect(
    (
      await harness.server.embedded(shop).post('/api/v1/products', {
        title: 'Tasting evening',
        url: 'https://tea.example.com/tasting',
        price: '40.00',
        currency: 'USD',
      })
    ).status,
  ).toBe(201);
  await page.reload();
  await expect.poll(() => rows(page).count()).toBe(5);
  expect(await page.getByRole('button', { name: 'Edit Tasting evening' }).count()).toBe(1);
  await noSeriousViolations(page, 'shop products');
  await screenshot(harness, page, 'products-shop-1280');

  page = await openProducts(shop, 375);
  await expect.poll(() => page.locator('.ql-engagement-list__item').count()).toBe(5);
  await fitsWidth(page, 375);
  await screenshot(harness, page, 'products-shop-375');
});

it('lets an outcome show a shop collection’s products after its own, picked in the builder', async () => {
  const shop = newShop();
  const catalogue = harness.server.fake.shop(shop).products;
  catalogue.add({ title: 'Sencha', collections: ['Green teas'] });
  catalogue.add({ title: 'Gyokuro', collections: ['Green teas', 'Gifts'] });
  catalogue.add({ title: 'Teapot', collections: ['Gifts'] });
  const owner = harness.server.embedded(shop);
  const accountId = (await owner.get('/api/v1/session')).body.data.user.accountId as string;
  await jobsSettled(harness.server, 'shopify.products.sync', accountId);
  const quiz = await personalityQuiz(owner);

  const { page } = await admin.open(shop, `/Quiz/Edit/${quiz.id}`);
  await page.getByRole('tab', { name: 'Outcome', exact: true }).click();
  await page.getByLabel('Recommend products').selectOption('outcomes');
  await page.getByLabel('Add a collection to Calm').selectOption({ label: 'Green teas (2 products)' });
  await page.getByLabel('Add a collection to Calm').selectOption({ label: 'Gifts (2 products)' });
  await expect.poll(() => page.getByRole('button', { name: 'Remove Gifts' }).isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Remove Gifts' }).click();
  await page.getByRole('heading', { name: 'Products', exact: true }).scrollIntoViewIfNeeded();
  await screenshot(harness, page, 'product-quiz-collections-1280');
  await page.getByRole('button', { name: 'Finish', exact: true }).click();
  await page.waitForURL(/\/Quiz\/Share\/[\w-]+/);
  const stored = (await owner.get(`/api/v1/quizzes/${quiz.id}`)).body.data;
  expect(stored.productRecommendations.outcomes).toEqual([
    { outcome: 'p1', productIds: [], collectionIds: [catalogue.collectionId('Green teas')] },
  ]);
});
