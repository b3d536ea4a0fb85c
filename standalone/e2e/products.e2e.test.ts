/**
 * The Products screen (standalone): the empty state, adding a product by hand with the form's checks,
 * the list (available first, search by title or tag), editing, deleting behind a confirmation, and a
 * failed load with Try again. Screenshots at 1280 and 375 px.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { productMessages } from '@quizlead/shared/schemas/products.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';
import {
  fitsWidth,
  noSeriousViolations,
  rows,
  screenshot,
  selectedNavigation,
  signedInPage,
  tableCells,
  toast,
} from './ownerScreens.ts';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(() => harness?.close());

const product = (title: string, fields: Record<string, unknown> = {}) => ({
  title,
  url: `https://tea.example.com/${encodeURIComponent(title)}`,
  price: '12.00',
  currency: 'USD',
  tags: ['tea'],
  ...fields,
});

it('adds, finds, edits and deletes products typed in by hand', async () => {
  const { owner, page } = await signedInPage(harness);
  await page.goto('/app/Products');
  await expect.poll(() => page.getByText('Add the products your quizzes recommend').isVisible()).toBe(true);
  expect(await selectedNavigation(page)).toBe('Products');
  await noSeriousViolations(page, 'products empty');
  await screenshot(harness, page, 'products-empty-1280');

  // The form checks with the server's schema before sending.
  await page.getByRole('button', { name: 'Add product' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add product' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => dialog.getByText(productMessages.titleRequired).isVisible()).toBe(true);
  expect(await dialog.getByText(productMessages.urlInvalid).isVisible()).toBe(true);
  await dialog.getByLabel('Title').fill('Green tea sampler');
  await dialog.getByLabel('Product page').fill('http://tea.example.com/sampler');
  await dialog.getByLabel('Price').fill('19.9');
  await dialog.getByLabel('Currency').fill('eur');
  await dialog.getByLabel('Tags').fill('Gift, green');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => dialog.getByText(productMessages.urlInvalid).isVisible()).toBe(true);
  await dialog.getByLabel('Product page').fill('https://tea.example.com/sampler');
  // The switch's label toggles it on Add as on Edit (issue 32, item 25): a click on its words, with the mouse.
  const recommend = dialog.getByRole('checkbox', { name: 'Recommend this product' });
  const words = dialog.getByText('Recommend this product', { exact: true });
  expect(await recommend.isChecked()).toBe(true);
  const box = (await words.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect.poll(() => recommend.isChecked()).toBe(false);
  await words.click();
  await expect.poll(() => recommend.isChecked()).toBe(true);
  await noSeriousViolations(page, 'product form');
  await screenshot(harness, page, 'products-form-1280');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => toast(page, 'Product added.').isVisible()).toBe(true);
  await expect.poll(() => dialog.count()).toBe(0);

  // More products, one of them not recommended: available ones come first, by title.
  for (const body of [product('Assam'), product('Chamomile', { tags: ['herbal'], available: false }), product('Darjeeling')])
    expect((await owner.client.post('/api/v1/products', body)).status).toBe(201);
  await page.reload();
  await expect
    .poll(async () => (await tableCells(page)).map((cells) => cells[0]))
    .toEqual(['Assamtea', 'Darjeelingtea', 'Green tea samplerGift, green', 'Chamomileherbal']);
  const cells = await tableCells(page);
  // Polaris' badge reads its tone to screen readers first ('Success').
  expect(cells[2]!.slice(1, 4)).toEqual(['€19.90', 'SuccessAvailable', 'Added by hand']);
  expect(cells[3]![2]).toMatch(/Not recommended$/);
  await noSeriousViolations(page, 'products list');
  await screenshot(harness, page, 'products-list-1280');

  // Search: titles and tags, without case; the address keeps it.
  await page.getByRole('searchbox', { name: 'Search products' }).fill('GIFT');
  await expect.poll(() => rows(page).count()).toBe(1);
  expect(new URL(page.url()).searchParams.get('search')).toBe('GIFT');
  await page.getByRole('searchbox', { name: 'Search products' }).fill('nothing like it');
  await expect.poll(() => page.getByText('No product’s title or tag contains “nothing like it”.').isVisible()).toBe(true);
  await page.getByRole('searchbox', { name: 'Search products' }).fill('');
  await expect.poll(() => rows(page).count()).toBe(4);

  // Edit: the form holds the product; the list shows the change.
  await page.getByRole('button', { name: 'Edit Green tea sampler' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit product' });
  expect(await editDialog.getByLabel('Tags').inputValue()).toBe('Gift, green');
  await editDialog.getByLabel('Price').fill('24.50');
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => toast(page, 'Product saved.').isVisible()).toBe(true);
  await expect.poll(async () => (await tableCells(page))[2]![1]).toBe('€24.50');

  // Delete asks first, naming the product.
  await page.getByRole('button', { name: 'Delete Assam' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete product' });
  expect(await confirm.getByText('Delete “Assam”? Quizzes that recommend it stop showing it.').isVisible()).toBe(true);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => toast(page, productMessages.deleted).isVisible()).toBe(true);
  await expect.poll(() => rows(page).count()).toBe(3);

  // On a phone: a list, nothing wider than the screen.
  const phone = await signedInPage(harness, 375, owner);
  await phone.page.goto('/app/Products');
  await expect.poll(() => phone.page.locator('.ql-engagement-list__item').count()).toBe(3);
  await fitsWidth(phone.page, 375);
  await noSeriousViolations(phone.page, 'products phone');
  await screenshot(harness, phone.page, 'products-list-375');
  await phone.page.getByRole('button', { name: 'Add product' }).first().click();
  // A sheet on phones (its dialog element has no box of its own): its fields show.
  await expect.poll(() => phone.page.getByRole('dialog', { name: 'Add product' }).getByLabel('Title').isVisible()).toBe(true);
  await fitsWidth(phone.page, 375);
  await screenshot(harness, phone.page, 'products-form-375');
});

it('shows a failed load with Try again, and the list once it answers', async () => {
  const { owner, page } = await signedInPage(harness);
  expect((await owner.client.post('/api/v1/products', product('Sencha'))).status).toBe(201);
  let fail = true;
  await page.route('**/api/v1/products', (route) => (fail ? route.abort() : route.continue()));
  await page.goto('/app/Products');
  await expect.poll(() => page.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
  await screenshot(harness, page, 'products-failed-1280');
  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect.poll(() => rows(page).count()).toBe(1);
});
