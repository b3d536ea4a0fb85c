/**
 * The share codes of polls, web responses and wheels pasted into another site (a plain page on its own
 * port): the iframe code, and the widget code whose /widgets/embed.js replaces each element in place
 * with the item's page and sizes the frame to the page's height messages; the wheel fits the iframe
 * code's 713 × 419 frame. Also the pages' and the script's headers (framing, caching, not built).
 */
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FrameLocator, Page } from 'playwright-core';
import { feedbackMessages, pollMessages, wheelMessages, engagementLimits } from '@quizlead/shared/engagement.ts';
import { createOwner } from '../../server/src/test/factories.ts';
import type { TestClient } from '../../server/src/test/getTestServer.ts';
import { createFeedback, createPoll, createWheel } from '../../server/src/test/widgetFactory.ts';
import { startBrowserHarness, startHostSite, type BrowserHarness, type HostSite } from './harness.ts';

let harness: BrowserHarness;
let owner: TestClient;
/** Another site: its pages are whatever the test puts in `host.pages`. */
let host: HostSite;

beforeAll(async () => {
  harness = await startBrowserHarness();
  owner = (await createOwner(harness.server)).client;
  host = await startHostSite();
});
afterAll(async () => {
  await host?.close();
  await harness?.close();
});

/** The share codes exactly as docs/api.md gives them. */
const iframeCode = (path: string, title: string) =>
  `<iframe src="${harness.server.url}${path}" width="${engagementLimits.embedWidth}" height="${engagementLimits.embedHeight}" style="border:0" title="${title}"></iframe>`;
const widgetCode = (attributes: string) =>
  `<div data-quizlead=${attributes}></div><script async src="${harness.server.url}/widgets/embed.js?v=1"></script>`;

const hostPage = (body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Host site</title></head>
<body style="margin:0 auto;max-width:760px;padding:0 16px;font-family:sans-serif">
<main><h1 id="top">Our blog post</h1>${body}<p id="end">The end of the post.</p></main></body></html>`;

const visibleIn = (frame: FrameLocator, text: string) => frame.getByText(text, { exact: true }).isVisible();

async function noSeriousViolations(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${screen}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

/** A screenshot of the whole host page, with a viewport as tall as the page so every frame is painted. */
async function screenshotAll(page: Page, name: string) {
  const width = page.viewportSize()!.width;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width, height });
  await page.waitForTimeout(400);
  await harness.screenshot(page, name);
  await page.setViewportSize({ width, height: 800 });
}

/** A frame's height on the host page and the height of the document inside it. */
async function heights(page: Page, selector: string) {
  const outer = await page.locator(selector).evaluate((frame) => frame.getBoundingClientRect().height);
  const inner = await page
    .frameLocator(selector)
    .locator('html')
    .evaluate((html) => ({ scroll: html.scrollHeight, client: html.clientHeight }));
  return { outer, ...inner };
}

/** The frame shows its whole page: sized to it (not the 419 px it starts with) and nothing inside scrolls. */
async function sizedToContent(page: Page, selector: string) {
  await expect
    .poll(async () => {
      const { outer, scroll, client } = await heights(page, selector);
      return outer !== engagementLimits.embedHeight && scroll <= client + 1 && Math.abs(outer - client) < 2;
    })
    .toBe(true);
  return (await heights(page, selector)).outer;
}

it('works as the iframe code on another site', async () => {
  const poll = await createPoll(owner, { description: 'Coffee or tea?', options: ['Coffee', 'Tea'], collectEmail: false });
  const feedback = await createFeedback(owner, { feelingType: 'star', title: 'Rate this post' });
  host.pages.set(
    '/iframe',
    hostPage(
      iframeCode(`/poll/publish/show/${poll.id}/${poll.slug}`, 'Poll') +
        iframeCode(`/feedback/preview/${feedback.id}`, 'Feedback'),
    ),
  );
  const page = await harness.newPage({ width: 1280 });
  await page.goto(`${host.url}/iframe`);
  const pollFrame = page.frameLocator('iframe[title=Poll]');
  await pollFrame.getByRole('button', { name: 'Tea' }).click();
  await pollFrame.getByRole('button', { name: 'Vote' }).click();
  await expect.poll(() => pollFrame.getByRole('heading', { name: pollMessages.voted }).isVisible()).toBe(true);
  expect(await pollFrame.getByTestId('poll-percentage').allTextContents()).toEqual(['0%', '100%']);

  const feedbackFrame = page.frameLocator('iframe[title=Feedback]');
  await feedbackFrame.getByRole('radio', { name: '4 stars' }).check();
  await feedbackFrame.getByRole('button', { name: 'Send' }).click();
  await expect.poll(() => feedbackFrame.getByText(feedbackMessages.thanks).isVisible()).toBe(true);
  await screenshotAll(page, 'widgets-embed-iframe-1280');
  expect((await owner.get(`/api/v1/feedbacks/${feedback.id}/responses`)).body.data.items[0]).toMatchObject({ value: '4*' });
});

for (const width of [1280, 375]) {
  it(`works as the widget code on another site: mounted in place and resized (${width} px)`, async () => {
    const poll = await createPoll(owner, {
      description: 'Where do you drink your coffee?',
      options: ['At home', 'At work', 'In a café', 'On the go'],
      collectEmail: true,
      colors: { background: '#0f766e', text: '#ffffff' },
    });
    const feedback = await createFeedback(owner, {
      feelingType: 'emotion',
      title: 'Was this post helpful?',
      collectEmail: false,
    });
    const wheel = await createWheel(owner, {
      description: 'Spin for a discount',
      options: ['5% off', '10% off', '15% off', 'Free shipping'].map((text) => ({ text, prizeCode: 'SAVE' })),
      collectEmail: false,
    });
    // Three snippets pasted as the share pages give them: the script three times.
    host.pages.set(
      '/widgets',
      hostPage(`<p id="before-poll">Tell us:</p>
${widgetCode(`"poll" data-id="${poll.id}" data-slug="${poll.slug}"`)}
<p id="after-poll">And how was the post?</p>
${widgetCode(`"feedback" data-id="${feedback.id}"`)}
<p id="after-feedback">Try your luck:</p>
${widgetCode(`"wheel" data-id="${wheel.id}" data-slug="${wheel.slug}"`)}`),
    );
    const page = await harness.newPage({ width, height: 800 });
    await page.goto(`${host.url}/widgets`);

    // Each element is replaced where it stood by one frame of its page, from the script's origin.
    await expect.poll(() => page.locator('iframe[data-quizlead-frame]').count()).toBe(3);
    expect(await page.locator('[data-quizlead]').count()).toBe(0);
    const order = await page
      .locator('main > *')
      .evaluateAll((items) =>
        items.map((item) => item.id || `${item.tagName.toLowerCase()}:${item.getAttribute('data-quizlead-frame') ?? ''}`),
      );
    expect(order.filter((item) => !item.startsWith('script'))).toEqual([
      'top',
      'before-poll',
      'iframe:poll',
      'after-poll',
      'iframe:feedback',
      'after-feedback',
      'iframe:wheel',
      'end',
    ]);
    const sources = await page
      .locator('iframe[data-quizlead-frame]')
      .evaluateAll((frames) => frames.map((frame) => (frame as HTMLIFrameElement).src));
    expect(sources).toEqual([
      `${harness.server.url}/poll/publish/show/${poll.id}/${poll.slug}`,
      `${harness.server.url}/feedback/preview/${feedback.id}`,
      `${harness.server.url}/wheelspin/publish/show/${wheel.id}/${wheel.slug}`,
    ]);

    const pollSelector = 'iframe[data-quizlead-frame=poll]';
    const feedbackSelector = 'iframe[data-quizlead-frame=feedback]';
    const wheelSelector = 'iframe[data-quizlead-frame=wheel]';
    const pollFrame: FrameLocator = page.frameLocator(pollSelector);
    await expect.poll(() => pollFrame.getByRole('button', { name: 'At work' }).isVisible()).toBe(true);
    const optionsHeight = await sizedToContent(page, pollSelector);
    // Chromium pauses the rendering of cross-origin frames out of view: each is scrolled to, as a reader would.
    await page.locator(feedbackSelector).scrollIntoViewIfNeeded();
    await sizedToContent(page, feedbackSelector);
    await page.locator(wheelSelector).scrollIntoViewIfNeeded();
    await sizedToContent(page, wheelSelector);
    await noSeriousViolations(page, 'host page with widgets');
    await screenshotAll(page, `widgets-embed-widget-${width}-1-start`);

    // Messages from anywhere else do not resize the frames.
    await page.evaluate(() => window.postMessage({ type: 'quizlead-height', height: 5 }, '*'));
    await page.waitForTimeout(200);
    expect((await heights(page, pollSelector)).outer).toBe(optionsHeight);

    // Voting: the confirm step and then the bars; the frame follows the page's height.
    await pollFrame.getByRole('button', { name: 'At work' }).click();
    await pollFrame.getByLabel('Your email').fill('reader@example.com');
    await pollFrame.getByRole('button', { name: 'Vote' }).click();
    await expect.poll(() => pollFrame.getByRole('heading', { name: pollMessages.voted }).isVisible()).toBe(true);
    const resultsHeight = await sizedToContent(page, pollSelector);
    expect(resultsHeight).toBeGreaterThan(optionsHeight);
    expect(await pollFrame.getByTestId('poll-percentage').allTextContents()).toEqual(['0%', '100%', '0%', '0%']);

    const feedbackFrame = page.frameLocator(feedbackSelector);
    await page.locator(feedbackSelector).scrollIntoViewIfNeeded();
    const formHeight = await sizedToContent(page, feedbackSelector);
    await feedbackFrame.getByRole('radio', { name: 'Delighted' }).check();
    await feedbackFrame.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => feedbackFrame.getByText(feedbackMessages.thanks).isVisible()).toBe(true);
    await expect.poll(() => sizedToContent(page, feedbackSelector)).toBeLessThan(formHeight);

    const wheelFrame = page.frameLocator(wheelSelector);
    await page.locator(wheelSelector).scrollIntoViewIfNeeded();
    await wheelFrame.getByRole('button', { name: 'Spin' }).click();
    await expect.poll(() => wheelFrame.getByTestId('wheel-result').count(), { timeout: 8000 }).toBe(1);
    const [spin] = (await owner.get(`/api/v1/wheels/${wheel.id}/spins`)).body.data.items;
    expect(await wheelFrame.getByTestId('wheel-result').textContent()).toBe(spin.result);
    await sizedToContent(page, wheelSelector);
    // Outside a Shopify storefront the code has no store to apply it in: no discount link.
    expect(await wheelFrame.getByTestId('wheel-prize-code').textContent()).toBe('SAVE');
    expect(await wheelFrame.getByRole('link', { name: wheelMessages.applyPrizeCode }).count()).toBe(0);
    await screenshotAll(page, `widgets-embed-widget-${width}-2-done`);

    // Elements added later mount on request; nothing is mounted twice.
    await page.evaluate((id) => {
      const element = document.createElement('div');
      element.setAttribute('data-quizlead', 'feedback');
      element.setAttribute('data-id', id);
      document.querySelector('main')!.append(element);
      (window as any).quizlead.scan();
    }, feedback.id);
    await expect.poll(() => page.locator('iframe[data-quizlead-frame]').count()).toBe(4);
    await page.locator('iframe[data-quizlead-frame=feedback] >> nth=1').scrollIntoViewIfNeeded();
    await sizedToContent(page, 'iframe[data-quizlead-frame=feedback] >> nth=1');
  });
}

/** Where an element of a framed page lies: wholly inside the frame's viewport, with nothing scrolled? */
const inFrameView = (frame: FrameLocator, locator: (frame: FrameLocator) => ReturnType<FrameLocator['locator']>) =>
  locator(frame).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return {
      inside: box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth,
      scrolled: scrollY,
      viewport: [innerWidth, innerHeight],
    };
  });

/**
 * Whether every label on the wheel reads left to right on screen: the disc's CSS turn and the label's
 * own rotation together must not point its text leftwards (upside down).
 */
const labelsReadLeftToRight = (frame: FrameLocator) =>
  frame.getByTestId('wheel-disc').evaluate((disc) => {
    const turned = new DOMMatrix(getComputedStyle(disc).transform);
    return Array.from(disc.querySelectorAll<SVGTextElement>('text')).map((label) => {
      const own = label.transform.baseVal.consolidate()?.matrix ?? new DOMMatrix();
      const onScreen = turned.multiply(DOMMatrix.fromMatrix(own));
      return { label: label.textContent, readable: onScreen.a > -1e-6 };
    });
  });

it('fits a wheel, email field and Spin button inside the iframe code’s 713 × 419 frame, and its labels read left to right', async () => {
  const options = [
    '10% off',
    'Free shipping',
    'Free coffee',
    'Try again',
    '20% off your next order',
    'Tote bag',
    'Mug',
    'Sticker',
  ];
  const wheel = await createWheel(owner, {
    description: 'Spin the wheel and win a prize for your next order!',
    options: options.map((text) => ({ text, prizeCode: 'WIN' })),
    collectEmail: true,
  });
  host.pages.set('/wheel-iframe', hostPage(iframeCode(`/wheelspin/publish/show/${wheel.id}/${wheel.slug}`, 'Wheel')));
  const page = await harness.newPage({ width: 1280, height: 800 });
  await page.goto(`${host.url}/wheel-iframe`);
  const box = await page.locator('iframe[title=Wheel]').boundingBox();
  expect([box!.width, box!.height]).toEqual([engagementLimits.embedWidth, engagementLimits.embedHeight]);
  const frame = page.frameLocator('iframe[title=Wheel]');
  await expect.poll(() => frame.getByRole('heading', { level: 1, name: wheel.description }).isVisible()).toBe(true);

  // Everything a visitor needs is in view inside the frame, nothing hidden below its fold.
  for (const [name, part] of [
    ['wheel', (f: FrameLocator) => f.getByTestId('wheel-disc')],
    ['title', (f: FrameLocator) => f.getByRole('heading', { level: 1 })],
    ['email field', (f: FrameLocator) => f.getByLabel('Your email')],
    ['Spin button', (f: FrameLocator) => f.getByRole('button', { name: 'Spin' })],
  ] as const) {
    expect(await inFrameView(frame, part), name).toEqual({
      inside: true,
      scrolled: 0,
      viewport: [engagementLimits.embedWidth, engagementLimits.embedHeight],
    });
  }
  const overflow = await frame.locator('html').evaluate((html) => html.scrollHeight - html.clientHeight);
  expect(overflow).toBeLessThanOrEqual(0);
  expect((await labelsReadLeftToRight(frame)).filter((label) => !label.readable)).toEqual([]);
  await noSeriousViolations(page, 'wheel in the iframe code');
  await harness.screenshot(page, 'widgets-embed-wheel-iframe-1-start');

  // A spin: the result shows in the frame too, and wherever the disc stops every label reads left to right.
  await frame.getByRole('button', { name: 'Spin' }).click();
  await expect.poll(() => visibleIn(frame, wheelMessages.emailRequired)).toBe(true);
  expect((await inFrameView(frame, (f) => f.getByText(wheelMessages.emailRequired))).inside).toBe(true);
  await frame.getByLabel('Your email').fill('framed@example.com');
  await frame.getByRole('button', { name: 'Spin' }).click();
  await expect.poll(() => frame.getByTestId('wheel-result').count(), { timeout: 8000 }).toBe(1);
  expect((await inFrameView(frame, (f) => f.getByTestId('wheel-result'))).inside).toBe(true);
  expect((await labelsReadLeftToRight(frame)).filter((label) => !label.readable)).toEqual([]);
  await harness.screenshot(page, 'widgets-embed-wheel-iframe-2-result');
});

for (const width of [1280, 375]) {
  it(`sizes the wheel's widget frame to its page, email field and Spin button in view (${width} px)`, async () => {
    const wheel = await createWheel(owner, {
      description: 'Spin for a discount',
      options: ['5% off', '10% off', '15% off', 'Free shipping', 'Mug'].map((text) => ({ text })),
      collectEmail: true,
    });
    host.pages.set('/wheel-widget', hostPage(widgetCode(`"wheel" data-id="${wheel.id}" data-slug="${wheel.slug}"`)));
    const page = await harness.newPage({ width, height: 800 });
    await page.goto(`${host.url}/wheel-widget`);
    const selector = 'iframe[data-quizlead-frame=wheel]';
    const frame = page.frameLocator(selector);
    await expect.poll(() => frame.getByRole('button', { name: 'Spin' }).isVisible()).toBe(true);
    const height = await sizedToContent(page, selector);
    const frameBox = (await page.locator(selector).boundingBox())!;
    for (const part of [
      frame.getByLabel('Your email'),
      frame.getByRole('button', { name: 'Spin' }),
      frame.getByTestId('wheel-disc'),
    ]) {
      const inner = (await part.evaluate((element) => element.getBoundingClientRect().toJSON())) as DOMRect;
      expect(inner.top).toBeGreaterThanOrEqual(0);
      expect(inner.bottom).toBeLessThanOrEqual(frameBox.height);
    }
    // The size holds: the page's height does not feed back into the wheel's size.
    await page.waitForTimeout(500);
    expect((await heights(page, selector)).outer).toBe(height);
    await screenshotAll(page, `widgets-embed-wheel-widget-${width}`);
  });
}

it('serves the widget pages for framing, the script and assets with cache headers', async () => {
  const feedback = await createFeedback(owner);
  const client = harness.server.client();
  for (const path of [
    `/feedback/preview/${feedback.id}`,
    '/poll/publish/show/00000000-0000-4000-8000-000000000000/slug',
    '/poll/demo/preview/00000000-0000-4000-8000-000000000000/slug',
    '/wheelspin/publish/show/00000000-0000-4000-8000-000000000000/slug',
  ]) {
    const page = await client.get(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(page.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.body).toContain('/widgets/assets/');
  }

  const script = await client.get('/widgets/embed.js?v=1');
  expect(script.status).toBe(200);
  expect(script.headers.get('content-type')).toMatch(/javascript/);
  expect(script.headers.get('cache-control')).toBe('public, max-age=300');
  expect(script.body).not.toMatch(/^\s*(import|export)\b/m);

  const html: string = (await client.get(`/feedback/preview/${feedback.id}`)).body;
  const asset = /src="(\/widgets\/assets\/[^"]+\.js)"/.exec(html)![1]!;
  const bundle = await client.get(asset);
  expect(bundle.status).toBe(200);
  expect(bundle.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

  // An unknown id still gets the page, which says what went wrong.
  const page = await harness.newPage({ width: 375 });
  await page.goto('/feedback/preview/00000000-0000-4000-8000-000000000000');
  await expect.poll(() => page.getByRole('alert').textContent()).toContain('Server error');
  await page.goto('/wheelspin/publish/show/not-an-id/x');
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('This wheel is not available.');
});
