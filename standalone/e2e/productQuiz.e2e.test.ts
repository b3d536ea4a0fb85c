/**
 * A quiz that ends in products (issue 16). The owner picks products for each outcome in the builder's
 * Products card and publishes; a visitor plays the quiz in a stand-in Shopify storefront (the app block's
 * real Liquid on another origin, with `Shopify.routes.root` and a local `cart/add.js`), sees the outcome's
 * products with their prices and adds one to the cart with the quiz's line-item properties; a sold-out
 * one says why. On the app's own player page the cards link out and offer no cart. Screenshots at 1280
 * and 375 px of the builder's card and the result.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { playMessages } from '@quizlead/shared/playMessages.ts';
import { cartProperties } from '@quizlead/shared/schemas/products.ts';
import type { TQuizDetail } from '@quizlead/shared/schemas/quiz.ts';
import { shopifyBlockHandle } from '@quizlead/shared/sharing.ts';
import { products } from '../../server/src/db/schema/index.ts';
import { createOwner } from '../../server/src/test/factories.ts';
import { renderThemeBlock } from '../../server/src/test/themeExtension.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';
import { buildQuiz, personality, playToResult, question, type Steps } from './playerQuizzes.ts';

let harness: BrowserHarness;
let owner: Awaited<ReturnType<typeof createOwner>>;
let quiz: TQuizDetail;
let store: { url: string; pages: Map<string, string>; carts: unknown[]; close(): Promise<void> };

/** A square picture as a data: url (the tests reach no other site; the admin's CSP allows data:). */
const picture = (color: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4" fill="${color}"/><circle cx="2" cy="2" r="1" fill="#fff" opacity=".5"/></svg>`)}`;

const catalogue = [
  { title: 'Chamomile calm tea', price: '8.00', tags: ['tea'], variantId: '1001', color: '#c9b458' },
  { title: 'Bold breakfast blend', price: '12.50', tags: ['tea'], variantId: '1002', color: '#5b3a29' },
  { title: 'Cast iron teapot', price: '49.90', tags: ['teapot'], variantId: '1003', color: '#2f3b45' },
  { title: 'Espresso beans', price: '15.00', tags: ['coffee'], variantId: '1004', color: '#3b2418' },
];
/** The cart stand-in refuses this variant as Shopify does a sold-out one. */
const soldOutVariant = 1003;
const soldOutMessage = 'The Cast iron teapot is sold out.';

/** A stand-in storefront: its pages, and cart/add.js keeping what it was sent. */
async function startStore() {
  const pages = new Map<string, string>();
  const carts: unknown[] = [];
  const read = (request: IncomingMessage) =>
    new Promise<string>((done) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => done(body));
    });
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://store').pathname;
    if (request.method === 'POST' && path === '/cart/add.js') {
      const body = JSON.parse(await read(request)) as { items: { id: number }[] };
      response.setHeader('content-type', 'application/json');
      if (body.items.some((item) => item.id === soldOutVariant)) {
        response.statusCode = 422;
        response.end(JSON.stringify({ status: 422, message: 'Cart Error', description: soldOutMessage }));
        return;
      }
      carts.push(body);
      response.end(JSON.stringify({ items: body.items }));
      return;
    }
    const html = pages.get(path);
    response.statusCode = html === undefined ? 404 : 200;
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(html ?? 'Not found');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    pages,
    carts,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** A theme's product page with the Quizlead app block, as Shopify serves it (content_for_header sets Shopify.routes). */
async function storePage() {
  const block = await renderThemeBlock(
    shopifyBlockHandle,
    { kind: 'quiz', item_id: quiz.id, title: quiz.title, display: 'inline', app_url: harness.server.url },
    { template: 'page', path: '/pages/tea-quiz' },
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Tea quiz – Leaf &amp; Kettle</title>
<script>window.Shopify = window.Shopify || {}; window.Shopify.routes = { root: '/' };</script>
<style>
  body{margin:0;font-family:Georgia,serif;color:#222;background:#f6f4ee}
  header{display:flex;justify-content:space-between;padding:16px 24px;background:#2f4a3a;color:#fff}
  main{max-width:1000px;margin:0 auto;padding:24px}
  .shopify-app-block{margin:24px auto;max-width:760px}
</style></head>
<body><header><strong>Leaf &amp; Kettle</strong><span>Cart</span></header>
<main><h1>Find your tea</h1><section class="shopify-app-block" aria-label="Apps">${block}</section></main>
</body></html>`;
}

const steps: Steps = [
  [0, ['a2']],
  [1, ['a2']],
];

beforeAll(async () => {
  harness = await startBrowserHarness();
  owner = await createOwner(harness.server);
  await harness.server.services.database.db.insert(products).values(
    catalogue.map((product) => ({
      accountId: owner.account.id,
      source: 'shopify' as const,
      externalId: `gid://shopify/Product/${product.variantId}`,
      variantId: product.variantId,
      title: product.title,
      url: `https://leaf-and-kettle.example/products/${product.variantId}`,
      imageUrl: picture(product.color),
      price: product.price,
      currency: 'EUR',
      tags: product.tags,
    })),
  );
  quiz = await buildQuiz(owner.client, {
    quizType: 'personality_quiz',
    title: 'Which tea are you?',
    settings: { collectEmail: false },
    personalities: [personality('calm', 'Calm sipper'), personality('bold', 'Bold brewer')],
    questions: [
      question('How do you start your morning?', [
        { id: 'a1', text: 'Slowly', personalityId: 'calm' },
        { id: 'a2', text: 'At full speed', personalityId: 'bold' },
      ]),
      question('Pick an evening', [
        { id: 'a1', text: 'A book', personalityId: 'calm' },
        { id: 'a2', text: 'A party', personalityId: 'bold' },
      ]),
    ],
    publish: false,
  });
  store = await startStore();
});
afterAll(async () => {
  await store?.close();
  await harness?.close();
});

async function ownerPage(width: number) {
  const page = await harness.newPage({ width, height: 1100 });
  await page.context().addCookies([{ name: 'ql_session', value: owner.client.cookie.split('=')[1]!, url: harness.server.url }]);
  return page;
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const productsCard = (page: Page) => page.getByRole('region', { name: 'Products', exact: true });

/** The builder's page from the top (the top bar is fixed), and the Products card alone: test-results/<name>[-card].png. */
async function builderShots(page: Page, name: string) {
  // Below the fixed top bar.
  await productsCard(page).evaluate((card) => window.scrollTo(0, card.getBoundingClientRect().top + window.scrollY - 72));
  await productsCard(page).screenshot({ path: fileURLToPath(new URL(`../../test-results/${name}-card.png`, import.meta.url)) });
  await page.evaluate(() => window.scrollTo(0, 0));
  await harness.screenshot(page, name);
}

/** Searches the outcome's picker and picks the product by its title. */
async function pickProduct(page: Page, outcome: string, search: string, title: string) {
  const group = page.getByRole('group', { name: outcome, exact: true });
  const field = group.getByRole('combobox', { name: `Add a product to ${outcome}` });
  await field.fill(search);
  const option = page.getByRole('option', { name: new RegExp(`^${title}`) });
  // The search waits 250 ms after typing, then asks the server: on a loaded machine that takes a while.
  await expect.poll(() => option.isVisible(), { timeout: 10_000 }).toBe(true);
  await option.click();
  await expect.poll(() => group.getByText(title, { exact: true }).isVisible()).toBe(true);
}

it('lets the owner pick products for each outcome in the builder, and saves them with the quiz', async () => {
  const page = await ownerPage(1280);
  await page.goto(`/app/Quiz/Edit/${quiz.id}`);
  await tab(page, 'Outcome').click();
  await expect.poll(() => tab(page, 'Outcome').getAttribute('aria-selected')).toBe('true');
  await page.getByLabel('Recommend products').selectOption('outcomes');
  await expect.poll(() => page.getByRole('group', { name: 'Bold brewer' }).isVisible()).toBe(true);

  await pickProduct(page, 'Bold brewer', 'blend', 'Bold breakfast blend');
  await pickProduct(page, 'Bold brewer', 'tea', 'Cast iron teapot');
  await pickProduct(page, 'Bold brewer', 'espresso', 'Espresso beans');
  await pickProduct(page, 'Calm sipper', 'chamomile', 'Chamomile calm tea');
  // The owner moves the espresso up, ahead of the teapot.
  await page.getByRole('button', { name: 'Move Espresso beans up' }).click();
  await page.getByLabel('Products shown').fill('3');

  await builderShots(page, 'product-quiz-builder-1280');

  // Rules instead: an answer gives points to every product with a tag. Switching back keeps the picks.
  await page.getByLabel('Recommend products').selectOption('rules');
  await page.getByRole('button', { name: 'Add rule' }).click();
  const rule = page.getByRole('group', { name: 'Rule 1' });
  await rule.getByLabel('When the answer to').selectOption({ label: 'Question 2: Pick an evening' });
  await rule.getByLabel('is', { exact: true }).selectOption({ label: 'A party' });
  await rule.getByLabel('Give points to').selectOption('tag');
  await rule.getByLabel('Tag', { exact: true }).fill('tea');
  await rule.getByLabel('Points', { exact: true }).fill('5');
  await page.getByLabel('Tags never recommended').fill('teapot, gift');
  await builderShots(page, 'product-quiz-builder-rules-1280');
  await page.getByLabel('Recommend products').selectOption('outcomes');
  await expect.poll(() => page.getByRole('group', { name: 'Bold brewer' }).getByText('Espresso beans').isVisible()).toBe(true);

  await page.getByRole('button', { name: 'Finish', exact: true }).click();
  await page.waitForURL(/\/app\/Quiz\/Share\/[\w-]+$/);
  const byTitle = new Map((await harness.server.services.database.db.select().from(products)).map((row) => [row.title, row.id]));
  const stored = (await owner.client.get(`/api/v1/quizzes/${quiz.id}`)).body.data;
  expect(stored.status).toBe('published');
  expect(stored.productRecommendations).toEqual({
    mode: 'outcomes',
    outcomes: [
      // A standalone account has no shop collections: none are offered, none stored.
      { outcome: 'calm', productIds: [byTitle.get('Chamomile calm tea')], collectionIds: [] },
      {
        outcome: 'bold',
        productIds: [byTitle.get('Bold breakfast blend'), byTitle.get('Espresso beans'), byTitle.get('Cast iron teapot')],
        collectionIds: [],
      },
    ],
    count: 3,
  });

  // The saved card, on a phone.
  const phone = await ownerPage(375);
  await phone.goto(`/app/Quiz/Edit/${quiz.id}`);
  await tab(phone, 'Outcome').click();
  await expect.poll(() => phone.getByRole('group', { name: 'Bold brewer' }).getByText('Espresso beans').isVisible()).toBe(true);
  await builderShots(phone, 'product-quiz-builder-375');
});

for (const [width, height] of [
  [1280, 900],
  [375, 900],
] as const) {
  it(`shows the visitor the outcome's products in the storefront and adds one to the cart (${width} px)`, async () => {
    store.pages.set('/pages/tea-quiz', await storePage());
    const page = await harness.newPage({ width, height });
    await page.goto(`${store.url}/pages/tea-quiz`);
    const frameElement = page.locator('.shopify-app-block iframe[data-quizlead-frame=quiz]');
    await expect.poll(() => frameElement.count()).toBe(1);
    await frameElement.scrollIntoViewIfNeeded();
    const frame = page.frameLocator('.shopify-app-block iframe[data-quizlead-frame=quiz]');
    await playToResult(frame, quiz, steps);

    // Bold brewer's three products, in the owner's order, with prices in euros.
    const cards = frame.locator('.ql-product');
    await expect.poll(() => cards.count()).toBe(3);
    expect(await frame.locator('.ql-product__title').allInnerTexts()).toEqual([
      'Bold breakfast blend',
      'Espresso beans',
      'Cast iron teapot',
    ]);
    expect(await frame.locator('.ql-product__price').allInnerTexts()).toEqual(['€12.50', '€15.00', '€49.90']);
    const link = frame.getByRole('link', { name: 'Bold breakfast blend' });
    expect(await link.getAttribute('href')).toBe('https://leaf-and-kettle.example/products/1002');
    // In the shop the product page opens in the shop's own window.
    expect(await link.getAttribute('target')).toBe('_top');

    // Add to cart, by keyboard: the stand-in cart gets the variant and the quiz's properties.
    const before = store.carts.length;
    const add = frame.getByRole('button', { name: `${playMessages.addToCart} Bold breakfast blend` });
    await add.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => frame.getByRole('status').filter({ hasText: playMessages.addedToCart }).count()).toBe(1);
    // The button says so too, and keeps the focus.
    const added = frame.getByRole('button', { name: `${playMessages.addedToCart} Bold breakfast blend` });
    await expect.poll(() => added.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(store.carts.slice(before)).toEqual([
      {
        items: [{ id: 1002, quantity: 1, properties: { [cartProperties.quizId]: quiz.id, [cartProperties.outcome]: 'bold' } }],
      },
    ]);

    // The shop refuses a sold-out product: the card says why, in its live region.
    await frame.getByRole('button', { name: `${playMessages.addToCart} Cast iron teapot` }).click();
    await expect.poll(() => frame.getByRole('status').filter({ hasText: soldOutMessage }).isVisible()).toBe(true);
    expect(store.carts.length).toBe(before + 1);

    // The visitor's view of the cards (a frame is painted where it is in view).
    await frame.locator('.ql-products').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.screenshot({
      path: fileURLToPath(new URL(`../../test-results/product-quiz-result-${width}.png`, import.meta.url)),
    });
  });
}

it('shows the products on the app’s own player page too, linking out and with no cart', async () => {
  const page = await harness.newPage({ width: 1280 });
  await page.goto(`/play/${quiz.id}`);
  await playToResult(page, quiz, steps);
  await expect.poll(() => page.locator('.ql-product').count()).toBe(3);
  const link = page.getByRole('link', { name: 'Espresso beans' });
  expect(await link.getAttribute('target')).toBe('_blank');
  expect(await link.getAttribute('rel')).toBe('noopener');
  // No storefront answered: no Add to cart.
  await page.waitForTimeout(500);
  expect(await page.getByRole('button', { name: new RegExp(playMessages.addToCart) }).count()).toBe(0);
});

for (const width of [1280, 375]) {
  it(`shows one recommended product one card wide, not across the whole result (${width} px)`, async () => {
    const page = await harness.newPage({ width, height: 1100 });
    await page.goto(`/play/${quiz.id}`);
    await playToResult(page, quiz, [
      [0, ['a1']],
      [1, ['a1']],
    ]);
    await expect.poll(() => page.locator('.ql-product').count()).toBe(1);
    const [card, list] = await Promise.all(
      ['.ql-product', '.ql-products__list'].map((selector) =>
        page.locator(selector).evaluate((element) => {
          const box = element.getBoundingClientRect();
          return { width: box.width, middle: box.left + box.width / 2 };
        }),
      ),
    );
    // One card's width (at most 240 px; two fit in a phone's row), centred under the result like the rest of it.
    expect(card!.width).toBeLessThanOrEqual(width === 1280 ? 240 : list!.width / 2);
    expect(Math.abs(card!.middle - list!.middle)).toBeLessThan(1);
    await page.locator('.ql-products').scrollIntoViewIfNeeded();
    await harness.screenshot(page, `product-quiz-one-product-${width}`);
  });
}

it('tells an owner without products where to get them', async () => {
  const newcomer = await createOwner(harness.server);
  const empty = await buildQuiz(newcomer.client, {
    quizType: 'graded_quiz',
    title: 'Trivia',
    questions: [
      question('Is tea a leaf?', [
        { id: 'a1', text: 'Yes', correct: true },
        { id: 'a2', text: 'No' },
      ]),
    ],
    publish: false,
  });
  const page = await harness.newPage({ width: 1280, height: 1100 });
  await page
    .context()
    .addCookies([{ name: 'ql_session', value: newcomer.client.cookie.split('=')[1]!, url: harness.server.url }]);
  await page.goto(`/app/Quiz/Edit/${empty.id}`);
  await tab(page, 'Outcome').click();
  await page.getByLabel('Recommend products').selectOption('outcomes');
  await expect.poll(() => page.getByText('No products yet: sync your shop or add products.').isVisible()).toBe(true);
  expect(await page.getByRole('link', { name: 'Go to Products' }).getAttribute('href')).toBe('/app/Products');
});
