/**
 * The theme app extension in a storefront: a page on another origin standing in for a Shopify store,
 * built around what the extension's real Liquid renders (liquidjs, server/src/test/themeExtension.ts):
 * the Quizlead app block placing a quiz in a product page, and the Quizlead pop-up app embed set to
 * product pages, a poll, after the visitor scrolls 70 % of the way down, once per visitor. The quiz plays
 * in the page to its result; the pop-up waits for the scroll, shows once, and never comes to the home
 * page, which loads nothing from the app. The app's script comes after the page's `load` event, and a
 * quiz at the top of a page does not move the page when it arrives. Screenshots at 1280 and 375 px.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { TQuizDetail } from '@quizlead/shared/schemas/quiz.ts';
import { embedOnceKey, shopifyBlockHandle, shopifyEmbedHandle } from '@quizlead/shared/sharing.ts';
import { pollMessages } from '@quizlead/shared/engagement.ts';
import { createOwner } from '../../server/src/test/factories.ts';
import { renderThemeBlock, type StorefrontPage } from '../../server/src/test/themeExtension.ts';
import { createPoll } from '../../server/src/test/widgetFactory.ts';
import { startBrowserHarness, startHostSite, type BrowserHarness, type HostSite } from './harness.ts';
import { buildQuiz, playToResult, question, storedPlays, type Steps } from './playerQuizzes.ts';

let harness: BrowserHarness;
/** The store: its pages are the theme's layout around the extension's rendered Liquid. */
let store: HostSite;
let quiz: TQuizDetail;
let poll: { id: string };

const pollTitle = 'Quick coffee poll';
const steps: Steps = [
  [0, ['a']],
  [1, ['b']],
];

/** A theme's page: header, the template's content with the app block's section, footer, then the app embeds. */
function themePage(title: string, content: string, appEmbeds: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} – Bean &amp; Brew</title>
<style>
  body{margin:0;font-family:Georgia,serif;color:#222;background:#faf7f2}
  header,footer{display:flex;justify-content:space-between;align-items:center;gap:16px;padding:16px 24px;background:#3b2a20;color:#fff}
  header nav a,footer a{color:#fff;margin-left:16px}
  main{max-width:1100px;margin:0 auto;padding:24px}
  .product{display:grid;grid-template-columns:repeat(auto-fit,minmax(280px,1fr));gap:24px;align-items:start}
  .product-image{aspect-ratio:1;border-radius:8px;background:linear-gradient(135deg,#c8a27c,#6f4e37)}
  .price{font-size:1.4em}
  .button{display:inline-block;padding:12px 28px;border:0;border-radius:4px;background:#3b2a20;color:#fff;font:inherit}
  .shopify-app-block{margin:32px auto;max-width:760px}
  .story p{line-height:1.7;max-width:680px}
</style></head>
<body><header><strong>Bean &amp; Brew</strong><nav><a href="/">Home</a><a href="/products/ceramic-mug">Shop</a></nav></header>
<main>${content}
<section class="story"><h2>Our story</h2>${'<p>We roast small batches every Monday and ship them the same week, so the coffee in your cup is never more than a fortnight from the roaster.</p>'.repeat(14)}</section>
</main><footer><span>© Bean &amp; Brew</span><a href="/">Home</a></footer>
${appEmbeds}
</body></html>`;
}

/** The store's page at `path`: the app block in an Apps section where the template has one, and the app embed. */
async function storePage(page: StorefrontPage & { path: string; title: string; withBlock: boolean }) {
  const block = page.withBlock
    ? await renderThemeBlock(
        shopifyBlockHandle,
        { kind: 'quiz', item_id: quiz.id, title: quiz.title, display: 'inline', app_url: harness.server.url },
        page,
      )
    : '';
  const embed = await renderThemeBlock(
    shopifyEmbedHandle,
    {
      kind: 'poll',
      item_id: poll.id,
      title: pollTitle,
      display: 'popup',
      trigger: 'scroll',
      scroll: 70,
      once: true,
      pages: 'product',
      app_url: harness.server.url,
    },
    page,
  );
  const content =
    page.template === 'product'
      ? `<section class="product"><div class="product-image" role="img" aria-label="A ceramic mug"></div>
<div><h1>Ceramic coffee mug</h1><p class="price">€18.00</p><p>Stoneware, 300 ml, made in Portugal.</p><button class="button" type="button">Add to cart</button></div></section>
<section class="shopify-app-block" aria-label="Apps">${block}</section>`
      : `<h1>Fresh coffee, roasted weekly</h1><p>Welcome to Bean &amp; Brew.</p>`;
  store.pages.set(page.path, themePage(page.title, content, embed));
}

beforeAll(async () => {
  harness = await startBrowserHarness();
  const { client } = await createOwner(harness.server);
  quiz = await buildQuiz(client, {
    quizType: 'graded_quiz',
    title: 'Which coffee suits you?',
    settings: { collectEmail: false },
    questions: [
      question('Which bean is the most grown?', [
        { id: 'a', text: 'Arabica', correct: true },
        { id: 'b', text: 'Robusta' },
      ]),
      question('Tea has more caffeine than coffee per cup.', [
        { id: 'a', text: 'True' },
        { id: 'b', text: 'False', correct: true },
      ]),
    ],
  });
  poll = await createPoll(client, {
    description: 'How do you take your coffee?',
    options: ['Black', 'With milk'],
    collectEmail: false,
  });
  store = await startHostSite();
  await storePage({ path: '/products/ceramic-mug', template: 'product', title: 'Ceramic coffee mug', withBlock: true });
  await storePage({ path: '/', template: 'index', title: 'Home', withBlock: false });
  // A page whose first thing is the quiz: in view at once, so its frame's arrival must not move the page.
  const block = await renderThemeBlock(
    shopifyBlockHandle,
    { kind: 'quiz', item_id: quiz.id, title: quiz.title, display: 'inline', app_url: harness.server.url },
    { template: 'page', path: '/pages/coffee-quiz' },
  );
  store.pages.set(
    '/pages/coffee-quiz',
    themePage(
      'Coffee quiz',
      `<section class="shopify-app-block" aria-label="Apps">${block}</section><h1>Find your coffee</h1>`,
      '',
    ),
  );
});
afterAll(async () => {
  await store?.close();
  await harness?.close();
});

/** Scrolls the window to this share of what can be scrolled, as a wheel would, and lets scroll events run. */
async function scrollTo(page: Page, percent: number) {
  await page.evaluate((share) => {
    const scrollable = document.documentElement.scrollHeight - window.innerHeight;
    window.scrollTo(0, Math.round((scrollable * share) / 100));
  }, percent);
  await page.waitForTimeout(300);
}

/** The viewport, as the visitor sees it (the pop-up is fixed to it): test-results/<name>.png. */
const viewportShot = (page: Page, name: string) =>
  page.screenshot({ path: fileURLToPath(new URL(`../../test-results/${name}.png`, import.meta.url)) });

for (const [width, height] of [
  [1280, 800],
  [375, 740],
] as const) {
  it(`places the quiz in the product page and the poll pop-up on scroll, once per visitor (${width} px)`, async () => {
    const page = await harness.newPage({ width, height });
    const embedRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/widgets/embed.js')) embedRequests.push(request.url());
    });
    await page.goto(`${store.url}/products/ceramic-mug`);

    // The app block: its element became the quiz's frame, in the Apps section, from the app's origin.
    const frameElement = page.locator('.shopify-app-block iframe[data-quizlead-frame=quiz]');
    await expect.poll(() => frameElement.count()).toBe(1);
    expect(await page.locator('.shopify-app-block [data-quizlead]').count()).toBe(0);
    expect(new URL((await frameElement.getAttribute('src'))!).origin).toBe(harness.server.url);
    expect(await frameElement.getAttribute('title')).toBe(quiz.title);
    expect(embedRequests.every((url) => url.startsWith(`${harness.server.url}/widgets/embed.js?v=`))).toBe(true);

    // The pop-up waits for the scroll: not at load, not after a while, not before 70 %.
    const dialog = page.getByRole('dialog', { name: pollTitle });
    await page.waitForTimeout(1200);
    expect(await dialog.count()).toBe(0);
    expect(await page.locator('iframe[data-quizlead-frame=poll]').count()).toBe(0);

    // The quiz plays in the page to its result (the frame scrolled into view, as a reader would).
    await frameElement.scrollIntoViewIfNeeded();
    await playToResult(page.frameLocator('.shopify-app-block iframe[data-quizlead-frame=quiz]'), quiz, steps);
    await frameElement.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await viewportShot(page, `shopify-storefront-block-${width}`);
    if (width === 1280) {
      await expect
        .poll(async () => (await storedPlays(harness.server, quiz.id)).filter((play) => play.status === 'completed').length)
        .toBeGreaterThanOrEqual(1);
    }

    await scrollTo(page, 40);
    expect(await dialog.count()).toBe(0);
    await scrollTo(page, 80);
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const pollFrame = page.frameLocator('iframe[data-quizlead-frame=poll]');
    await expect.poll(() => pollFrame.getByRole('button', { name: 'With milk' }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.evaluate((key) => localStorage.getItem(key), embedOnceKey('poll', poll.id))).not.toBeNull();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await page.waitForTimeout(300);
    await viewportShot(page, `shopify-storefront-popup-${width}`);

    // The visitor votes in the pop-up, then closes it.
    await pollFrame.getByRole('button', { name: 'With milk' }).click();
    await pollFrame.getByRole('button', { name: 'Vote' }).click();
    await expect.poll(() => pollFrame.getByRole('heading', { name: pollMessages.voted }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    // Once per visitor: the same visitor comes back and scrolls to the end, and nothing pops up.
    await page.reload();
    await expect.poll(() => frameElement.count()).toBe(1);
    await scrollTo(page, 100);
    await page.waitForTimeout(1000);
    expect(await dialog.count()).toBe(0);
    expect(await page.locator('iframe[data-quizlead-frame=poll]').count()).toBe(0);
  });
}

it('loads nothing from the app on a page the pop-up does not target (the home page)', async () => {
  // A new visitor: nothing remembered, so only the targeting can keep the pop-up away.
  const page = await harness.newPage({ width: 1280, height: 800 });
  const fromApp: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(harness.server.url)) fromApp.push(request.url());
  });
  await page.goto(`${store.url}/`);
  expect(await page.getByRole('heading', { name: 'Fresh coffee, roasted weekly' }).isVisible()).toBe(true);
  await scrollTo(page, 100);
  await page.waitForTimeout(1200);
  expect(await page.getByRole('dialog').count()).toBe(0);
  expect(
    await page
      .locator('[data-quizlead], script[src*="/widgets/embed.js"], script[data-src*="/widgets/embed.js"], iframe')
      .count(),
  ).toBe(0);
  expect(fromApp).toEqual([]);
  await harness.screenshot(page, 'shopify-storefront-home-1280');

  // The same new visitor on a product page does get it: the targeting, not the visitor, kept it away.
  await page.goto(`${store.url}/products/ceramic-mug`);
  await expect.poll(() => page.locator('iframe[data-quizlead-frame=quiz]').count()).toBe(1);
  await scrollTo(page, 100);
  await expect.poll(() => page.getByRole('dialog', { name: pollTitle }).isVisible()).toBe(true);
});

for (const [width, height] of [
  [1280, 800],
  [375, 740],
] as const) {
  it(`requests the app's script after the page has loaded, and keeps the page still while the quiz arrives (${width} px)`, async () => {
    const page = await harness.newPage({ width, height });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
      new PerformanceObserver((list) =>
        list.getEntries().forEach((entry) => shifts.push((entry as PerformanceEntry & { value: number }).value)),
      ).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${store.url}/pages/coffee-quiz`);
    const frame = page.locator('iframe[data-quizlead-frame=quiz]');
    await expect.poll(() => frame.count()).toBe(1);
    await expect
      .poll(() => page.frameLocator('iframe[data-quizlead-frame=quiz]').getByRole('button').first().isVisible())
      .toBe(true);
    await page.waitForTimeout(300); // the frame's own height, once its page reports it

    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const script = performance.getEntriesByType('resource').find((entry) => entry.name.includes('/widgets/embed.js'))!;
      return { load: navigation.loadEventEnd, script: script.startTime };
    });
    expect(timing.script).toBeGreaterThan(timing.load);
    // The element held the frame's starting height; what is left is the frame taking its page's height.
    const shift = await page.evaluate(() =>
      (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0),
    );
    expect(shift).toBeLessThanOrEqual(0.02);
  });
}
