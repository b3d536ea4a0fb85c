/**
 * Settings → Post-purchase survey inside the shop's admin (issue 36): with no poll or web response the
 * card asks for one first; with a poll the merchant picks it, the audience and the order range in the
 * shop currency, and saves; the thank-you extension's call then gets that poll. Screenshots at 1280 and
 * 375 px.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { extensionSessionTokens } from '../../server/src/test/fakes/shopify/index.ts';
import { orderBody, placeOrder } from '../../server/src/test/revenueFixture.ts';
import { newShop } from '../../server/src/test/shopifyWebhooks.ts';
import { createPoll } from '../../server/src/test/widgetFactory.ts';
import { fitsWidth, noSeriousViolations, screenshot } from './ownerScreens.ts';
import { startShopAdmin, type ShopAdmin } from './shopAdmin.ts';

let admin: ShopAdmin;

beforeAll(async () => {
  admin = await startShopAdmin();
});
afterAll(() => admin?.close());

it('asks for a poll first, then saves the picked poll with its rules, and the thank-you page gets it', async () => {
  const { harness } = admin;
  const shop = newShop();
  const empty = await admin.open(shop, '/Settings');
  const emptyCard = empty.page.locator('#post-purchase-survey');
  await expect.poll(() => emptyCard.getByText('Create a poll or web response first').isVisible(), { timeout: 10_000 }).toBe(true);
  await emptyCard.scrollIntoViewIfNeeded();
  await harness.screenshot(empty.page, 'post-purchase-survey-empty-1280');

  const owner = harness.server.embedded(shop);
  const poll = await createPoll(owner, {
    description: 'How did you hear about us?',
    options: ['Instagram', 'A friend', 'Other'],
  });
  await placeOrder(harness.server, shop, orderBody({ total: '40.00', currency: 'EUR' }));

  const { page, errors } = await admin.open(shop, '/Settings');
  const card = page.locator('#post-purchase-survey');
  const select = card.getByLabel('Question to ask');
  await expect.poll(() => select.isVisible(), { timeout: 10_000 }).toBe(true);
  await select.selectOption(`poll:${poll.id}`);
  await card.getByLabel('Returning customers').check({ force: true });
  await card.getByLabel('Minimum order value').fill('19.99');
  await card.getByRole('button', { name: 'Save survey' }).click();
  await expect
    .poll(() =>
      harness.server
        .embedded(shop)
        .get('/api/v1/shopify/post-purchase-survey')
        .then((r) => r.body.data.survey),
    )
    .toMatchObject({
      itemId: poll.id,
      audience: 'returning',
      minOrderMinor: 1999,
      maxOrderMinor: null,
    });
  expect(await card.getByText('EUR').first().isVisible()).toBe(true);
  expect(errors).toEqual([]);
  await card.scrollIntoViewIfNeeded();
  await noSeriousViolations(page, 'post-purchase survey');
  await harness.screenshot(page, 'post-purchase-survey-1280');

  // The extension's call, as the thank-you page makes it, for a returning customer's order above the minimum.
  const orderId = 7_300_001;
  await placeOrder(harness.server, shop, orderBody({ id: orderId, total: '25.00', ordersCount: 2 }));
  const token = await extensionSessionTokens.valid(harness.server.app, shop);
  const response = await fetch(
    `${harness.server.url}/extensions/post-purchase/survey?orderId=${encodeURIComponent(`gid://shopify/OrderIdentity/${orderId}`)}&surface=thank_you`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  expect((await response.json()).survey).toMatchObject({
    id: poll.id,
    question: 'How did you hear about us?',
    otherChoiceId: '2',
  });

  const narrow = (await admin.open(shop, '/Settings', 375)).page;
  const narrowCard = narrow.locator('#post-purchase-survey');
  await expect.poll(() => narrowCard.getByLabel('Question to ask').inputValue(), { timeout: 10_000 }).toBe(`poll:${poll.id}`);
  expect(await narrowCard.getByLabel('Minimum order value').inputValue()).toBe('19.99');
  await fitsWidth(narrow, 375);
  await narrowCard.scrollIntoViewIfNeeded();
  await screenshot(harness, narrow, 'post-purchase-survey-375');
});
