/**
 * The owner's Meta Pixel and TikTok Pixel in the browser (issue 35), with local stand-ins for the pixels'
 * scripts (pixelStandIns.ts) that record every call. A visitor's play fires start, lead and completion with the outcome and the recommended products' value; nothing is
 * requested from the pixels' hosts for a quiz without ids, in a preview, or in a Shopify storefront's
 * frame before the visitor consents (the Customer Privacy API, handed over by the embed script).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adPixelMessages } from '@quizlead/shared/schemas/adPixels.ts';
import type { Page } from 'playwright-core';
import type { TQuizDetail } from '@quizlead/shared/schemas/quiz.ts';
import { widgetEmbedCode } from '@quizlead/shared/sharing.ts';
import { products } from '../../server/src/db/schema/index.ts';
import { createOwner } from '../../server/src/test/factories.ts';
import { startBrowserHarness, startHostSite, type BrowserHarness, type HostSite } from './harness.ts';
import { signedInPage } from './ownerScreens.ts';
import { buildQuiz, personality, playThrough, question, startButton, type Steps } from './playerQuizzes.ts';
import { byPixel, callsIn, standInPixels } from './pixelStandIns.ts';

let harness: BrowserHarness;
let host: HostSite;
let owner: Awaited<ReturnType<typeof createOwner>>;
let withPixels: TQuizDetail;
let withoutPixels: TQuizDetail;

const metaPixelId = '1234567890123456';
const tiktokPixelId = 'C4ABCDEFGHIJ12345678';
type Surface = Page | ReturnType<Page['frameLocator']>;

const steps: Steps = [
  [0, ['b']],
  [1, ['b']],
];

async function leaveLead(surface: Surface) {
  await surface.getByLabel('Enter your name').fill('Vera Visitor');
  await surface.getByLabel('Enter your Email').fill('vera@example.com');
  await surface.getByRole('checkbox', { name: 'I agree' }).check();
  await surface.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => surface.getByTestId('result-summary').textContent()).toBe('Bold brewer');
}

beforeAll(async () => {
  harness = await startBrowserHarness();
  host = await startHostSite();
  owner = await createOwner(harness.server);
  const rows = await harness.server.services.database.db
    .insert(products)
    .values(
      [
        ['Bold breakfast blend', '12.50', '2001'],
        ['Espresso beans', '17.40', '2002'],
      ].map(([title, price, variantId]) => ({
        accountId: owner.account.id,
        source: 'shopify' as const,
        externalId: `gid://shopify/Product/${variantId}`,
        variantId: variantId as string,
        title: title as string,
        url: `https://leaf-and-kettle.example/products/${variantId}`,
        imageUrl: '/template-images/coffee-dark.svg',
        price: price as string,
        currency: 'EUR',
        tags: [],
      })),
    )
    .returning({ id: products.id });
  const spec = (title: string, pixels: Record<string, string>) => ({
    quizType: 'personality_quiz' as const,
    title,
    settings: { collectEmail: true, privacyPolicyText: 'I agree', ...pixels },
    personalities: [personality('calm', 'Calm sipper'), personality('bold', 'Bold brewer')],
    questions: [
      question('How do you start your morning?', [
        { id: 'a', text: 'Slowly', personalityId: 'calm' },
        { id: 'b', text: 'At full speed', personalityId: 'bold' },
      ]),
      question('Pick an evening', [
        { id: 'a', text: 'A book', personalityId: 'calm' },
        { id: 'b', text: 'A party', personalityId: 'bold' },
      ]),
    ],
    publish: false,
  });
  withPixels = await buildQuiz(owner.client, spec('Which tea are you?', { metaPixelId, tiktokPixelId }));
  withoutPixels = await buildQuiz(owner.client, spec('Tea without pixels', {}));
  for (const quiz of [withPixels, withoutPixels]) {
    const saved = await owner.client.put(`/api/v1/quizzes/${quiz.id}`, {
      title: quiz.title,
      quizType: quiz.quizType,
      settings: quiz.settings,
      personalities: quiz.personalities,
      categories: quiz.categories,
      branching: quiz.branching,
      productRecommendations: {
        mode: 'outcomes',
        outcomes: [{ outcome: 'bold', productIds: rows.map((row) => row.id), collectionIds: [] }],
        count: 3,
      },
    });
    expect(saved.status).toBe(200);
    expect((await owner.client.put(`/api/v1/quizzes/${quiz.id}/status`, { status: 'published' })).status).toBe(200);
  }
});
afterAll(async () => {
  await host?.close();
  await harness?.close();
});

it('fires start, lead and completion with the outcome and value to both pixels, under the player’s policy', async () => {
  const page = await harness.newPage();
  const requested = await standInPixels(page);
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.goto(`/quizplayer.html?quizid=${withPixels.id}`);
  await expect.poll(() => startButton(page, withPixels).isVisible()).toBe(true);
  await playThrough(page, withPixels, steps);
  await leaveLead(page);

  const item = { content_name: 'Which tea are you?', content_category: 'quiz' };
  const tiktokItem = { content_id: withPixels.id, content_name: 'Which tea are you?' };
  await expect
    .poll(() => callsIn(page))
    .toEqual([
      ['fbq', 'init', metaPixelId],
      ['fbq', 'track', 'PageView'],
      ['ttq', 'page'],
      ['fbq', 'trackCustom', 'QuizleadStart', { ...item, content_ids: [withPixels.id] }],
      ['ttq', 'track', 'ViewContent', { ...tiktokItem, description: 'quiz' }],
      ['fbq', 'track', 'Lead', item],
      ['ttq', 'track', 'SubmitForm', { ...tiktokItem, description: 'quiz' }],
      ['fbq', 'trackCustom', 'QuizleadComplete', { ...item, outcome: 'Bold brewer', value: 29.9, currency: 'EUR' }],
      ['ttq', 'track', 'CompleteRegistration', { ...tiktokItem, description: 'Bold brewer', value: 29.9, currency: 'EUR' }],
    ]);
  expect(requested).toEqual([
    'https://connect.facebook.net/en_US/fbevents.js',
    `https://analytics.tiktok.com/i18n/pixel/events.js?sdkid=${tiktokPixelId}&lib=ttq`,
  ]);
  // The server's policy for this quiz lets both scripts in; a quiz without ids gets none of their hosts.
  expect(refused).toEqual([]);
  const policy = (path: string) =>
    fetch(`${harness.server.url}${path}`).then((answer) => answer.headers.get('content-security-policy'));
  expect(await policy(`/quizplayer.html?quizid=${withPixels.id}`)).toMatch(
    /script-src [^;]*https:\/\/connect\.facebook\.net[^;]*https:\/\/analytics\.tiktok\.com/,
  );
  for (const path of [`/quizplayer.html?quizid=${withoutPixels.id}`, `/quizplayer.html?quizid=${withPixels.id}&preview=1`])
    expect(await policy(path)).not.toMatch(/facebook|tiktok/);
});

it('requests nothing from the pixels’ hosts for a quiz without ids, nor in the owner’s preview', async () => {
  const visitor = await harness.newPage();
  const requested = await standInPixels(visitor);
  await visitor.goto(`/quizplayer.html?quizid=${withoutPixels.id}`);
  await expect.poll(() => startButton(visitor, withoutPixels).isVisible()).toBe(true);
  await playThrough(visitor, withoutPixels, steps);
  await leaveLead(visitor);

  const { page } = await signedInPage(harness, 1280, owner);
  const previewRequests = await standInPixels(page);
  await page.goto(`/quizplayer.html?quizid=${withPixels.id}&preview=1`);
  await expect.poll(() => startButton(page, withPixels).isVisible()).toBe(true);
  await playThrough(page, withPixels, steps);
  await leaveLead(page);

  expect(requested).toEqual([]);
  expect(previewRequests).toEqual([]);
  expect(await callsIn(visitor)).toEqual([]);
  expect(await callsIn(page)).toEqual([]);
});

/** A storefront page (Shopify.routes set, as content_for_header does) with the quiz's share code; `consent` is marketingAllowed(). */
function storefront(consent: boolean | null) {
  const privacy =
    consent === null ? '' : `window.Shopify.customerPrivacy = { marketingAllowed: function () { return ${consent}; } };`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Leaf &amp; Kettle</title>
<script>window.Shopify = { routes: { root: '/' } }; ${privacy}</script></head>
<body><h1>Find your tea</h1>${widgetEmbedCode(harness.server.url, { kind: 'quiz', id: withPixels.id, slug: withPixels.slug, title: withPixels.title })}</body></html>`;
}

it('loads no pixel in a Shopify storefront’s frame without the visitor’s consent, and fires once they consent', async () => {
  host.pages.set('/pages/denied', storefront(false));
  const page = await harness.newPage();
  const requested = await standInPixels(page);
  await page.goto(`${host.url}/pages/denied`);
  const frame = page.frameLocator('iframe[data-quizlead-frame="quiz"]');
  expect(await page.locator('iframe[data-quizlead-frame="quiz"]').getAttribute('src')).toMatch(/[?&]adConsent=0(&|$)/);
  await expect.poll(() => startButton(frame, withPixels).isVisible(), { timeout: 15_000 }).toBe(true);
  await playThrough(frame, withPixels, steps);
  await leaveLead(frame);
  expect(requested).toEqual([]);

  // The storefront's banner records consent (Customer Privacy API's visitorConsentCollected event).
  await page.evaluate(() =>
    document.dispatchEvent(new CustomEvent('visitorConsentCollected', { detail: { marketingAllowed: true } })),
  );
  await expect.poll(() => requested.length).toBe(2);
  // Loaded now; the start, lead and completion from before the consent were never sent.
  await frame
    .getByRole('button', { name: /retake|try again/i })
    .click()
    .catch(() => undefined);
  const inner = page.frames().find((one) => one.url().includes(withPixels.id))!;
  await expect
    .poll(() => byPixel(inner))
    .toEqual({
      fbq: [
        ['fbq', 'init', metaPixelId],
        ['fbq', 'track', 'PageView'],
      ],
      ttq: [['ttq', 'page']],
    });
});

it('fires in a storefront’s frame when the visitor allows marketing, and outside Shopify with no gate of ours', async () => {
  host.pages.set('/pages/allowed', storefront(true));
  host.pages.set(
    '/elsewhere',
    `<!doctype html><html><body>${widgetEmbedCode(harness.server.url, { kind: 'quiz', id: withPixels.id, slug: withPixels.slug, title: withPixels.title })}</body></html>`,
  );
  for (const [path, consent] of [
    ['/pages/allowed', /[?&]adConsent=1(&|$)/],
    ['/elsewhere', null],
  ] as const) {
    const page = await harness.newPage();
    const requested = await standInPixels(page);
    await page.goto(`${host.url}${path}`);
    const src = await page.locator('iframe[data-quizlead-frame="quiz"]').getAttribute('src');
    if (consent) expect(src).toMatch(consent);
    else expect(src).not.toMatch(/adConsent/);
    const frame = page.frameLocator('iframe[data-quizlead-frame="quiz"]');
    await expect.poll(() => startButton(frame, withPixels).isVisible(), { timeout: 15_000 }).toBe(true);
    await startButton(frame, withPixels).click();
    const inner = page.frames().find((one) => one.url().includes(withPixels.id))!;
    await expect.poll(() => callsIn(inner)).toContainEqual(['fbq', 'trackCustom', 'QuizleadStart', expect.anything()]);
    expect(await callsIn(inner)).toContainEqual(['ttq', 'track', 'ViewContent', expect.anything()]);
    expect(requested).toHaveLength(2);
  }
});

it('shows the ids in the Advanced tab, naming a malformed one, at desktop and phone widths', async () => {
  for (const width of [1280, 375]) {
    const { page } = await signedInPage(harness, width, owner);
    await page.goto(`/app/Quiz/Edit/${withoutPixels.id}`);
    await page.getByRole('tab', { name: 'Advanced', exact: true }).click();
    const meta = page.getByRole('textbox', { name: 'Meta Pixel' });
    const tiktok = page.getByRole('textbox', { name: 'TikTok Pixel' });
    await meta.fill('12345');
    await tiktok.fill(tiktokPixelId);
    await expect.poll(() => page.getByText(adPixelMessages.metaPixelId).isVisible()).toBe(true);
    expect(await page.getByText(adPixelMessages.tiktokPixelId).count()).toBe(0);
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(fits).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `/work/shots/pixels/advanced-tab-${width}.png`, fullPage: true });
  }
});

it('keeps the account’s default ids in Settings → Ad pixels, at desktop and phone widths', async () => {
  for (const width of [1280, 375]) {
    const { owner: other, page } = await signedInPage(harness, width);
    await page.goto('/app/Settings');
    await expect.poll(() => page.getByRole('heading', { name: 'Ad pixels' }).isVisible()).toBe(true);
    const expand = page.getByRole('button', { name: 'Expand Ad pixels' });
    if (await expand.count()) await expand.click();
    const meta = page.getByRole('textbox', { name: 'Meta Pixel' });
    await meta.fill('12345');
    await expect.poll(() => page.getByText(adPixelMessages.metaPixelId).isVisible()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `/work/shots/pixels/settings-ad-pixels-${width}.png`, fullPage: true });
    await meta.fill(metaPixelId);
    await page.getByRole('textbox', { name: 'TikTok Pixel' }).fill(tiktokPixelId);
    await page.locator('#ad-pixels').getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => (await other.client.get('/api/v1/settings/integrations')).body.data.adPixels)
      .toEqual({ metaPixelId, tiktokPixelId });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
});
