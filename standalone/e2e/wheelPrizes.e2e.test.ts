/**
 * Unique Shopify discount codes as wheel prizes, in a real browser: inside the shop's admin the
 * merchant gives three slices unique codes (a percentage, an amount, an expiry and what they combine
 * with), reads each slice's chance and the expected cost per 100 spins as the weights and the average
 * order value change, saves, and sees each slice's codes made in Shopify (the fake); a visitor spins the
 * public wheel, gets a code of their own with a copy button and its expiry, and spinning again with the
 * same email answers the same code. Screenshots at 1280 and 375 px.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { wheelMessages } from '@quizlead/shared/engagement.ts';
import { jobsSettled, newShop } from '../../server/src/test/shopifyWebhooks.ts';
import { prizeTexts } from '../../web/src/admin/pages/wheels/texts.ts';
import { startShopAdmin, type ShopAdmin } from './shopAdmin.ts';
import { clipboard, fitsWidth, noSeriousViolations, screenshot } from './ownerScreens.ts';

let admin: ShopAdmin;
let harness: ShopAdmin['harness'];

beforeAll(async () => {
  admin = await startShopAdmin();
  ({ harness } = admin);
});
afterAll(() => admin?.close());

/** The app at /shopify/app/{path} as the shop's admin opens it (shop, host and a session token). */
async function openApp(shop: string, path: string, width = 1280) {
  return (await admin.open(shop, `/${path}`, width)).page;
}

const option = (page: Page, n: number) => page.getByRole('group', { name: `Option ${n}`, exact: true });
const margin = (page: Page) => page.getByTestId('margin-cost').innerText();

/** One slice: its text, weight and a unique-code prize. */
async function uniqueSlice(
  page: Page,
  n: number,
  slice: { text: string; weight: string; type: string; value: string; expiry?: string },
) {
  const group = option(page, n);
  await group.getByRole('textbox', { name: 'Text' }).fill(slice.text);
  await group.getByLabel('Weight', { exact: true }).fill(slice.weight);
  await group.getByLabel(prizeTexts.label, { exact: true }).selectOption('unique');
  await group.getByLabel(prizeTexts.valueType, { exact: true }).selectOption(slice.type);
  await group.getByLabel(prizeTexts.value, { exact: true }).fill(slice.value);
  if (slice.expiry) await group.getByLabel(prizeTexts.expiry).fill(slice.expiry);
}

it('gives slices unique codes with their cost per 100 spins, and a visitor wins a code of their own', async () => {
  const shop = newShop();
  let page = await openApp(shop, 'wheel_spinner/create');
  const owner = harness.server.embedded(shop);
  const accountId = (await owner.get('/api/v1/session')).body.data.user.accountId as string;
  // The embedded app is a shop: 'Unique Shopify code' can be chosen once the server confirms it.
  await expect.poll(() => option(page, 1).getByRole('option', { name: prizeTexts.kinds.unique }).isEnabled()).toBe(true);

  await page.getByLabel('Description').fill('Spin for a discount');
  await uniqueSlice(page, 1, { text: '15% off', weight: '1', type: 'percentage', value: '15', expiry: '7' });
  await option(page, 1).getByLabel(prizeTexts.combines.shippingDiscounts).check();
  await uniqueSlice(page, 2, { text: '$5 off', weight: '1', type: 'fixed_amount', value: '5' });
  await uniqueSlice(page, 3, { text: '10% off', weight: '2', type: 'percentage', value: '10', expiry: '30' });

  // Each slice's chance, and the cost: percentages wait for the average order value.
  expect(await option(page, 1).getByText(prizeTexts.chance('25.0%')).count()).toBe(1);
  expect(await option(page, 3).getByText(prizeTexts.chance('50.0%')).count()).toBe(1);
  expect(await margin(page)).toBe('–');
  expect(await page.getByText(prizeTexts.needsAverage).count()).toBe(1);
  await page.getByLabel(prizeTexts.averageOrderValue).fill('80');
  // 25 spins × 12.00 + 25 × 5.00 + 50 × 8.00.
  await expect.poll(() => margin(page)).toBe('825.00');
  await option(page, 3).getByLabel('Weight', { exact: true }).fill('6');
  // 12.5 × 12.00 + 12.5 × 5.00 + 75 × 8.00: recomputed as the weight is typed.
  await expect.poll(() => margin(page)).toBe('812.50');
  expect(await option(page, 3).getByText(prizeTexts.chance('75.0%')).count()).toBe(1);
  await noSeriousViolations(page, 'wheel with unique codes');
  await screenshot(harness, page, 'wheel-prizes-form-1280');

  await page.getByRole('button', { name: 'Create Wheel Spin', exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/shopify/app/wheel_spinner/lists');
  await jobsSettled(harness.server, 'prizes.fill-pool', accountId);
  const [wheel] = (await owner.get('/api/v1/wheels')).body.data.items as { id: string; slug: string }[];
  const discounts = harness.server.fake.shop(shop).discounts.all();
  expect(discounts.map((discount) => [discount.title, discount.value, discount.codes.length])).toEqual([
    ['Spin for a discount – 15% off', { percentage: 0.15 }, 250],
    ['Spin for a discount – $5 off', { amount: '5.00', appliesOnEachItem: false }, 250],
    ['Spin for a discount – 10% off', { percentage: 0.1 }, 250],
  ]);

  // The edit screen shows each slice's codes ready.
  page = await openApp(shop, `wheel_spinner/edit/${wheel!.id}`, 375);
  await expect.poll(() => page.getByText(prizeTexts.pool.ready(250, 0)).count()).toBe(3);
  expect(await option(page, 1).getByLabel(prizeTexts.combines.shippingDiscounts).isChecked()).toBe(true);
  expect(await option(page, 2).getByLabel(prizeTexts.value, { exact: true }).inputValue()).toBe('5');
  await fitsWidth(page, 375);
  await screenshot(harness, page, 'wheel-prizes-form-375');

  // A visitor spins the public wheel and wins a code of their own.
  for (const width of [1280, 375]) {
    const visitor = await harness.newPage({ width });
    await visitor.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: harness.server.url });
    await visitor.goto(`/wheelspin/publish/show/${wheel!.id}/${wheel!.slug}`);
    await visitor.getByLabel('Your email').fill(width === 1280 ? 'ann@example.com' : 'bo@example.com');
    await visitor.getByRole('button', { name: 'Spin' }).click();
    const code = visitor.getByTestId('wheel-prize-code');
    await expect.poll(() => code.count(), { timeout: 15_000 }).toBe(1);
    const won = await code.innerText();
    expect(won).toMatch(/^WIN-[2-9A-HJKMNP-Z]{10}$/);
    expect(harness.server.fake.shop(shop).discounts.byCode(won)).toBeDefined();
    await visitor.getByRole('button', { name: wheelMessages.copyPrizeCode }).click();
    await expect.poll(() => visitor.getByText(wheelMessages.prizeCodeCopied).count()).toBe(1);
    expect(await clipboard(visitor)).toBe(won);
    // The wheel's own page is no storefront: no discount link (the store's page has one, shopifyMerchant).
    expect(await visitor.getByRole('link', { name: wheelMessages.applyPrizeCode }).count()).toBe(0);
    await noSeriousViolations(visitor, 'wheel prize code');
    await fitsWidth(visitor, width);
    await screenshot(harness, visitor, `wheel-prizes-won-${width}`);

    // The same email again: the same code, shown as the earlier spin.
    if (width === 1280) {
      const again = await harness.newPage({ width });
      await again.goto(`/wheelspin/publish/show/${wheel!.id}/${wheel!.slug}`);
      await again.getByLabel('Your email').fill('ANN@example.com');
      await again.getByRole('button', { name: 'Spin' }).click();
      await expect.poll(() => again.getByText(wheelMessages.alreadySpun).count(), { timeout: 15_000 }).toBe(1);
      expect(await again.getByTestId('wheel-prize-code').innerText()).toBe(won);
    }
  }

  // Visitors took every code: the next one is told it is being prepared, and Show my code brings it.
  await harness.server.services.database.db.execute(
    `delete from prize_codes where item_id = '${wheel!.id}' and assigned_at is null`,
  );
  const late = await harness.newPage({ width: 375 });
  await late.goto(`/wheelspin/publish/show/${wheel!.id}/${wheel!.slug}`);
  await late.getByLabel('Your email').fill('cy@example.com');
  await late.getByRole('button', { name: 'Spin' }).click();
  await expect.poll(() => late.getByTestId('wheel-prize-pending').count(), { timeout: 15_000 }).toBe(1);
  expect(await late.getByTestId('wheel-prize-code').count()).toBe(0);
  await screenshot(harness, late, 'wheel-prizes-pending-375');
  // The owner's spins list marks that winner as still waiting for a code.
  const results = await openApp(shop, `wheelspin/response/${wheel!.id}`);
  const waitingRow = results.getByRole('row').filter({ hasText: 'cy@example.com' });
  await expect.poll(() => waitingRow.getByText(wheelMessages.prizeCodeWaiting).isVisible()).toBe(true);
  expect(await results.getByText(wheelMessages.prizeCodeWaiting).count()).toBe(1);
  await screenshot(harness, results, 'wheel-prizes-waiting-1280');
  await jobsSettled(harness.server, 'prizes.fill-pool', accountId);
  await late.getByRole('button', { name: wheelMessages.showPrizeCode }).click();
  await expect.poll(() => late.getByTestId('wheel-prize-code').count()).toBe(1);
  expect(await late.getByTestId('wheel-prize-pending').count()).toBe(0);
  const given = await openApp(shop, `wheelspin/response/${wheel!.id}`);
  const givenRow = given.getByRole('row').filter({ hasText: 'cy@example.com' });
  await expect.poll(() => givenRow.getByText(/^Prize code: WIN-/).isVisible()).toBe(true);
  expect(await given.getByText(wheelMessages.prizeCodeWaiting).count()).toBe(0);

  const spins = (await owner.get(`/api/v1/wheels/${wheel!.id}/spins`)).body.data.items as { email: string; prizeCode: string }[];
  expect(spins.map((spin) => [spin.email, spin.prizeCode])).toEqual([
    ['cy@example.com', expect.stringMatching(/^WIN-/)],
    ['bo@example.com', expect.stringMatching(/^WIN-/)],
    ['ann@example.com', expect.stringMatching(/^WIN-/)],
  ]);
  harness.server.fake.expectValidQueries();
});
