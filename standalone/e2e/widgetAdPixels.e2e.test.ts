/**
 * The owner's Meta Pixel and TikTok Pixel on a poll's and a wheel's page (issue 35), with the local
 * stand-ins for the pixels' scripts (pixelStandIns.ts): a visitor's vote and spin fire start, lead and
 * completion with the outcome, under a page policy that lets the pixels in only where the item loads
 * them; nothing is requested from the pixels' hosts for an item without ids, in the poll's demo preview,
 * or in a Shopify storefront's frame until the visitor consents (the Customer Privacy API, handed over by
 * the embed script). The ids' fields in the poll, web response and wheel editors at both widths.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adPixelMessages } from '@quizlead/shared/schemas/adPixels.ts';
import { widgetEmbedCode } from '@quizlead/shared/sharing.ts';
import { createOwner } from '../../server/src/test/factories.ts';
import { createFeedback, createPoll, createWheel } from '../../server/src/test/widgetFactory.ts';
import { startBrowserHarness, startHostSite, type BrowserHarness, type HostSite } from './harness.ts';
import { signedInPage } from './ownerScreens.ts';
import { byPixel, callsIn, standInPixels } from './pixelStandIns.ts';

let harness: BrowserHarness;
let host: HostSite;
let owner: Awaited<ReturnType<typeof createOwner>>;
const metaPixelId = '1234567890123456';
const tiktokPixelId = 'C4ABCDEFGHIJ12345678';
type Item = { id: string; slug: string; description: string };
let poll: Item;
let bare: Item;
let wheel: Item;

beforeAll(async () => {
  harness = await startBrowserHarness();
  host = await startHostSite();
  owner = await createOwner(harness.server);
  poll = await createPoll(owner.client, {
    description: 'Tea or coffee?',
    options: ['Tea', 'Coffee'],
    metaPixelId,
    tiktokPixelId,
  });
  bare = await createPoll(owner.client, { description: 'Milk or lemon?', options: ['Milk', 'Lemon'] });
  // The wheel has no ids of its own: it loads the account's defaults.
  expect((await owner.client.put('/api/v1/settings/ad-pixels', { metaPixelId, tiktokPixelId })).status).toBe(200);
  wheel = await createWheel(owner.client, {
    description: 'Spin for a treat',
    options: [
      { text: 'Free cookie', weight: 1000, prizeCode: 'COOKIE' },
      { text: 'Nothing', weight: 0.0001 },
      { text: 'Try again', weight: 0.0001 },
    ],
  });
  expect((await owner.client.put('/api/v1/settings/ad-pixels', { metaPixelId: '', tiktokPixelId: '' })).status).toBe(200);
  expect((await owner.client.put(`/api/v1/wheels/${wheel.id}`, { ...wheel, metaPixelId, tiktokPixelId })).status).toBe(200);
});
afterAll(async () => {
  await host?.close();
  await harness?.close();
});

const pollPath = (item: Item, demo = false) => `/poll/${demo ? 'demo/preview' : 'publish/show'}/${item.id}/${item.slug}`;

/** Watches the page's console for a refusal by its Content-Security-Policy. */
function refusals(page: Page) {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  return refused;
}

/** A vote with an email of its own (a poll takes one vote per email: a second shows the results, and is no lead). */
let voters = 0;
async function vote(surface: Page | ReturnType<Page['frameLocator']>, option: string) {
  await surface.getByRole('button', { name: option }).click();
  await surface.getByLabel('Your email').fill(`voter${++voters}@example.com`);
  await surface.getByRole('button', { name: 'Vote' }).click();
  await expect.poll(() => surface.getByTestId('poll-result').count()).toBe(2);
}

const loaded = {
  fbq: [
    ['fbq', 'init', metaPixelId],
    ['fbq', 'track', 'PageView'],
  ],
  ttq: [['ttq', 'page']],
};

it('a poll fires start, lead and its vote to both pixels, under its page’s policy', async () => {
  const page = await harness.newPage();
  const requested = await standInPixels(page);
  const refused = refusals(page);
  await page.goto(pollPath(poll));
  await vote(page, 'Coffee');
  const item = { content_name: 'Tea or coffee?', content_category: 'poll' };
  const tiktokItem = { content_id: poll.id, content_name: 'Tea or coffee?' };
  await expect
    .poll(() => byPixel(page))
    .toEqual({
      fbq: [
        ...loaded.fbq,
        ['fbq', 'trackCustom', 'QuizleadStart', { ...item, content_ids: [poll.id] }],
        ['fbq', 'track', 'Lead', item],
        ['fbq', 'trackCustom', 'QuizleadComplete', { ...item, outcome: 'Coffee' }],
      ],
      ttq: [
        ...loaded.ttq,
        ['ttq', 'track', 'ViewContent', { ...tiktokItem, description: 'poll' }],
        ['ttq', 'track', 'SubmitForm', { ...tiktokItem, description: 'poll' }],
        ['ttq', 'track', 'CompleteRegistration', { ...tiktokItem, description: 'Coffee' }],
      ],
    });
  expect(requested).toEqual([
    'https://connect.facebook.net/en_US/fbevents.js',
    `https://analytics.tiktok.com/i18n/pixel/events.js?sdkid=${tiktokPixelId}&lib=ttq`,
  ]);
  expect(refused).toEqual([]);

  // Only a page whose item loads the pixels lets their hosts in.
  const policy = (path: string) =>
    fetch(`${harness.server.url}${path}`).then((answer) => answer.headers.get('content-security-policy'));
  for (const path of [pollPath(poll), `/wheelspin/publish/show/${wheel.id}/${wheel.slug}`])
    expect(await policy(path)).toMatch(/script-src [^;]*https:\/\/connect\.facebook\.net[^;]*https:\/\/analytics\.tiktok\.com/);
  for (const path of [pollPath(bare), pollPath(poll, true)]) expect(await policy(path)).not.toMatch(/facebook|tiktok/);
});

it('a wheel fires start, lead and its spin with the prize it landed on', async () => {
  const page = await harness.newPage();
  const requested = await standInPixels(page);
  const refused = refusals(page);
  await page.goto(`/wheelspin/publish/show/${wheel.id}/${wheel.slug}`);
  await page.getByLabel('Your email').fill('vera@example.com');
  await page.getByRole('button', { name: 'Spin' }).click();
  await expect.poll(() => page.getByTestId('wheel-result').count(), { timeout: 8000 }).toBe(1);
  const item = { content_name: 'Spin for a treat', content_category: 'wheel' };
  const tiktokItem = { content_id: wheel.id, content_name: 'Spin for a treat' };
  // A static code has no worth as money: no value.
  await expect
    .poll(() => byPixel(page))
    .toEqual({
      fbq: [
        ...loaded.fbq,
        ['fbq', 'trackCustom', 'QuizleadStart', { ...item, content_ids: [wheel.id] }],
        ['fbq', 'track', 'Lead', item],
        ['fbq', 'trackCustom', 'QuizleadComplete', { ...item, outcome: 'Free cookie' }],
      ],
      ttq: [
        ...loaded.ttq,
        ['ttq', 'track', 'ViewContent', { ...tiktokItem, description: 'wheel' }],
        ['ttq', 'track', 'SubmitForm', { ...tiktokItem, description: 'wheel' }],
        ['ttq', 'track', 'CompleteRegistration', { ...tiktokItem, description: 'Free cookie' }],
      ],
    });
  expect(requested).toHaveLength(2);
  expect(refused).toEqual([]);
});

it('requests nothing from the pixels’ hosts for a poll without ids, nor in the poll’s demo preview', async () => {
  for (const path of [pollPath(bare), pollPath(poll, true)]) {
    const page = await harness.newPage();
    const requested = await standInPixels(page);
    await page.goto(path);
    await vote(page, path.includes(bare.id) ? 'Milk' : 'Tea');
    expect(requested).toEqual([]);
    expect(await callsIn(page)).toEqual([]);
    expect(await page.evaluate(() => 'fbq' in window || 'ttq' in window)).toBe(false);
  }
});

it('loads no pixel in a Shopify storefront’s frame until the visitor consents, then fires what follows', async () => {
  host.pages.set(
    '/pages/poll',
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Leaf &amp; Kettle</title>
<script>window.Shopify = { routes: { root: '/' }, customerPrivacy: { marketingAllowed: function () { return false; } } };</script></head>
<body>${widgetEmbedCode(harness.server.url, { kind: 'poll', id: poll.id, slug: poll.slug, title: poll.description })}</body></html>`,
  );
  const page = await harness.newPage();
  const requested = await standInPixels(page);
  await page.goto(`${host.url}/pages/poll`);
  expect(await page.locator('iframe[data-quizlead-frame="poll"]').getAttribute('src')).toMatch(/[?&]adConsent=0(&|$)/);
  const frame = page.frameLocator('iframe[data-quizlead-frame="poll"]');
  await expect.poll(() => frame.getByRole('button', { name: 'Tea' }).isVisible(), { timeout: 15_000 }).toBe(true);
  await frame.getByRole('button', { name: 'Tea' }).click();
  expect(requested).toEqual([]);

  await page.evaluate(() =>
    document.dispatchEvent(new CustomEvent('visitorConsentCollected', { detail: { marketingAllowed: true } })),
  );
  await expect.poll(() => requested.length).toBe(2);
  const inner = page.frames().find((one) => one.url().includes(poll.id))!;
  await expect.poll(() => byPixel(inner)).toEqual(loaded);
  await frame.getByLabel('Your email').fill('consenting.voter@example.com');
  await frame.getByRole('button', { name: 'Vote' }).click();
  await expect.poll(() => frame.getByTestId('poll-result').count(), { timeout: 10_000 }).toBe(2);
  // The start before the consent was never sent; the lead and the vote after it were.
  await expect
    .poll(() => byPixel(inner), { timeout: 10_000 })
    .toEqual({
      fbq: [
        ...loaded.fbq,
        ['fbq', 'track', 'Lead', expect.anything()],
        ['fbq', 'trackCustom', 'QuizleadComplete', expect.objectContaining({ outcome: 'Tea' })],
      ],
      ttq: [
        ...loaded.ttq,
        ['ttq', 'track', 'SubmitForm', expect.anything()],
        ['ttq', 'track', 'CompleteRegistration', expect.objectContaining({ description: 'Tea' })],
      ],
    });
});

it('shows the ids in the poll, web response and wheel editors, naming a malformed one, at desktop and phone widths', async () => {
  const feedback = await createFeedback(owner.client, { title: 'How was your tea?' });
  const editors = [
    ['poll', `/app/poll/edit/${bare.id}`],
    ['feedback', `/app/Feedback/Edit/${feedback.id}`],
    ['wheel', `/app/wheel_spinner/edit/${wheel.id}`],
  ] as const;
  for (const width of [1280, 375]) {
    const { page } = await signedInPage(harness, width, owner);
    for (const [kind, path] of editors) {
      await page.goto(path);
      const meta = page.getByRole('textbox', { name: 'Meta Pixel' });
      await expect.poll(() => meta.isVisible(), { timeout: 15_000 }).toBe(true);
      await meta.fill('12345');
      await page.getByRole('textbox', { name: 'TikTok Pixel' }).fill(tiktokPixelId);
      await expect.poll(() => page.getByText(adPixelMessages.metaPixelId).isVisible()).toBe(true);
      expect(await page.getByText(adPixelMessages.tiktokPixelId).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await meta.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/work/shots/pixels/${kind}-editor-${width}.png` });
    }
  }
});
