/**
 * The quiz share page (spec: account-player-management.md §2 and §4): every tab's text copied with the one copy
 * button and then used as a visitor would: the link and the short link play in the browser, the
 * iframe and widget codes work pasted into another site (a page on its own port), in the page, as a
 * pop-up (delay, Escape, the once-per-visitor cap) and as a slide-in; the social buttons open their
 * 750 × 600 pop-ups; the Shopify tab. Also a poll placed as a pop-up through the same embed script.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { pollMessages } from '@quizlead/shared/engagement.ts';
import type { TQuizDetail } from '@quizlead/shared/schemas/quiz.ts';
import {
  embedScriptVersion,
  quizPlayerPath,
  shareMessages,
  shareTabLabels,
  shareTabs,
  shopifyMessages,
  socialShareUrl,
  widgetEmbedCode,
  type SocialChannel,
} from '@quizlead/shared/sharing.ts';
import { shopifyStorefrontMessages } from '@quizlead/shared/shopify.ts';
import { createPoll } from '../../server/src/test/widgetFactory.ts';
import { startBrowserHarness, startHostSite, type BrowserHarness, type HostSite } from './harness.ts';
import { clipboard, fitsWidth, noSeriousViolations, screenshot, signedInPage, toast, type Owner } from './ownerScreens.ts';
import { buildQuiz, playToResult, question, storedPlays, type Steps } from './playerQuizzes.ts';

let harness: BrowserHarness;
/** Another site: its pages are whatever the test puts in `host.pages`. */
let host: HostSite;

beforeAll(async () => {
  harness = await startBrowserHarness();
  host = await startHostSite();
});
afterAll(async () => {
  await host?.close();
  await harness?.close();
});

const hostPage = (body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Host site</title></head>
<body style="margin:0 auto;max-width:760px;padding:0 16px;font-family:sans-serif">
<main><h1 id="top">Our coffee blog</h1><p><a id="before" href="#end">A link on the host page</a></p>
${body}<p id="end" style="height:900px">The end of the post.</p></main></body></html>`;

const title = 'Coffee & Tea: the Quiz!';
const steps: Steps = [
  [0, ['a']],
  [1, ['b']],
];

/** A published graded quiz without the email gate, so every embed plays straight to its result. */
const publishedQuiz = (owner: Owner, settings: Partial<TQuizDetail['settings']> = {}, publish = true) =>
  buildQuiz(owner.client, {
    quizType: 'graded_quiz',
    title,
    publish,
    settings: { collectEmail: false, ...settings },
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

/** What a visitor sees of a host page: the viewport only (pop-ups and slide-ins are fixed to it). */
const viewportShot = (page: Page, name: string) =>
  page.screenshot({ path: fileURLToPath(new URL(`../../test-results/${name}.png`, import.meta.url)) });

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const copyButton = (page: Page) => page.getByRole('button', { name: /^Copy( Done)?$/ });

/** Opens a tab, presses Copy and answers what landed on the clipboard (checking the label's change). */
async function copyTab(page: Page, name: string): Promise<string> {
  await tab(page, name).click();
  await expect.poll(() => tab(page, name).getAttribute('aria-selected')).toBe('true');
  // Switching tabs resets the label.
  await expect.poll(() => copyButton(page).textContent()).toBe(shareMessages.copy);
  await expect.poll(() => copyButton(page).isEnabled()).toBe(true);
  await copyButton(page).click();
  await expect.poll(() => copyButton(page).textContent()).toBe(shareMessages.copyDone);
  return clipboard(page);
}

/** A host page's frame of the embed script: its height on the page and the document's inside. */
async function frameFits(page: Page, frame: Locator) {
  await expect
    .poll(async () => {
      const outer = await frame.evaluate((element) => element.getBoundingClientRect().height);
      const inner = await frame
        .contentFrame()
        .locator('html')
        .evaluate((html) => ({ scroll: html.scrollHeight, client: html.clientHeight }));
      return outer !== 419 && inner.scroll <= inner.client + 1 && Math.abs(outer - inner.client) < 2;
    })
    .toBe(true);
}

async function openShare(width: number, owner?: Owner) {
  const { owner: signedIn, page } = await signedInPage(harness, width, owner);
  return { owner: signedIn, page };
}

// Five plays, a pop-up, a slide-in and their waits: about 20 s alone, and more than a minute on a 2-core CI
// machine while the unit tests run beside it.
it(
  'copies each tab’s text, and the link, short link, iframe and widget codes all play the quiz',
  { timeout: 150_000 },
  async () => {
    const { owner, page } = await openShare(1280);
    const quiz = await publishedQuiz(owner);

    // From the quiz list's row actions.
    await page.goto('/app/Quizzes');
    expect(await page.getByRole('link', { name: `Analytics of ${title}` }).getAttribute('href')).toBe(
      `/app/Quiz/Analytics/${quiz.id}`,
    );
    await page.getByRole('link', { name: `Share ${title}` }).click();
    await page.waitForURL(`**/app/Quiz/Share/${quiz.id}`);
    await expect.poll(() => page.getByRole('heading', { name: title, level: 1 }).isVisible()).toBe(true);
    expect(await tab(page, 'Link').getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(`/app/Quiz/Edit/${quiz.id}`);
    expect(await page.getByRole('link', { name: 'Analytics' }).getAttribute('href')).toBe(`/app/Quiz/Analytics/${quiz.id}`);

    // Link: the player address, which plays in a browser.
    const link = await copyTab(page, 'Link');
    expect(link).toBe(`${harness.server.url}/quizplayer2.html?quiztitle=coffee-tea-the-quiz&quizid=${quiz.id}`);
    expect(link).toBe(harness.server.url + quizPlayerPath(quiz));
    await noSeriousViolations(page, 'share link');
    await screenshot(harness, page, 'quiz-share-link');
    const visitor = await harness.newPage({ width: 1280 });
    await visitor.goto(link);
    await playToResult(visitor, quiz, steps);

    // Short Link: made on first opening, the same afterwards; it redirects to the player.
    await tab(page, 'Short Link').click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Short link' }).isVisible()).toBe(true);
    const short = await copyTab(page, 'Short Link');
    expect(short).toMatch(new RegExp(`^${harness.server.url}/play/[0-9A-Za-z]{7}$`));
    const redirect = await fetch(short, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe(quizPlayerPath(quiz));
    await visitor.goto(short);
    expect(visitor.url()).toBe(link);
    await playToResult(visitor, quiz, steps);
    expect((await owner.client.post(`/api/v1/quizzes/${quiz.id}/short-link`)).body.data.path).toBe(new URL(short).pathname);

    // Iframe: the fixed-size frame on another site.
    const iframe = await copyTab(page, 'Iframe');
    expect(iframe).toBe(
      `<iframe src="${(harness.server.url + quizPlayerPath(quiz, { iframe: true })).replaceAll('&', '&amp;')}" width="713" height="419" style="border:0" title="${title.replace('&', '&amp;')}"></iframe>`,
    );
    host.pages.set('/iframe', hostPage(iframe));
    const hostTab = await harness.newPage({ width: 1280 });
    await hostTab.goto(`${host.url}/iframe`);
    await playToResult(hostTab.frameLocator('iframe'), quiz, steps);

    // Widget, in the page: the element becomes a frame that resizes to the quiz and plays to the result.
    const inline = await copyTab(page, 'Widget');
    expect(inline).toBe(
      `<div data-quizlead="quiz" data-id="${quiz.id}" data-slug="coffee-tea-the-quiz" data-title="Coffee &amp; Tea: the Quiz!"></div><script async src="${harness.server.url}/widgets/embed.js?v=${embedScriptVersion}"></script>`,
    );
    host.pages.set('/inline', hostPage(`<p>Take our quiz:</p>${inline}<p id="after">After the quiz.</p>`));
    await hostTab.goto(`${host.url}/inline`);
    const frame = hostTab.locator('iframe[data-quizlead-frame=quiz]');
    await expect.poll(() => frame.count()).toBe(1);
    expect(await hostTab.locator('[data-quizlead]').count()).toBe(0);
    expect(await frame.getAttribute('title')).toBe(title);
    expect(await frame.getAttribute('loading')).toBe('lazy');
    await frameFits(hostTab, frame);
    const summary = await playToResult(hostTab.frameLocator('iframe[data-quizlead-frame=quiz]'), quiz, steps);
    await frameFits(hostTab, frame);
    await harness.screenshot(hostTab, 'embed-inline-host');

    // Widget as a pop-up: the code follows the choices live.
    await page.getByLabel('Display', { exact: true }).selectOption('popup');
    await expect.poll(() => copyButton(page).textContent()).toBe(shareMessages.copy);
    await page.getByLabel('Show it', { exact: true }).selectOption('delay');
    await page.getByLabel('Delay (seconds)').fill('2');
    const code = page.getByRole('textbox', { name: 'Widget code' });
    await expect.poll(() => code.inputValue()).toContain('data-display="popup" data-trigger="delay" data-delay="2"');
    expect(await page.getByRole('checkbox', { name: 'Show once per visitor' }).isChecked()).toBe(true);
    await copyButton(page).click();
    const popup = await clipboard(page);
    expect(popup).toBe(await code.inputValue());
    await noSeriousViolations(page, 'share widget');
    await screenshot(harness, page, 'quiz-share-widget');

    host.pages.set('/popup', hostPage(`<p>Read on.</p>${popup}`));
    await hostTab.goto(`${host.url}/popup`);
    const dialog = hostTab.getByRole('dialog', { name: title });
    // Nothing yet: the pop-up and its frame are made when the delay has passed.
    expect(await dialog.count()).toBe(0);
    expect(await hostTab.locator('iframe').count()).toBe(0);
    await hostTab.locator('#before').focus();
    await expect.poll(() => dialog.isVisible(), { timeout: 6000 }).toBe(true);
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    // Focus moves into the pop-up, on its close button.
    await expect.poll(() => hostTab.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close');
    const popupFrame = dialog.locator('iframe[data-quizlead-frame=quiz]');
    await expect.poll(() => hostTab.frameLocator('iframe[data-quizlead-frame=quiz]').locator('main').count()).toBe(1);
    const box = (await dialog.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(713);
    expect(Math.abs(box.x + box.width / 2 - 640)).toBeLessThan(2);
    await frameFits(hostTab, popupFrame);
    await noSeriousViolations(hostTab, 'host page with the pop-up');
    await viewportShot(hostTab, 'embed-popup-host');
    expect(await hostTab.evaluate((key) => localStorage.getItem(key), `quizlead:shown:quiz:${quiz.id}`)).not.toBeNull();

    // Escape closes it and gives focus back to where it was.
    await hostTab.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await hostTab.evaluate(() => document.activeElement?.id)).toBe('before');
    expect(await hostTab.evaluate(() => document.documentElement.style.overflow)).toBe('');

    // Once per visitor: after a reload it does not come back.
    await hostTab.reload();
    await hostTab.waitForTimeout(3000);
    expect(await dialog.count()).toBe(0);

    // Without the cap, at load: it shows on every visit, plays inside, and Escape pressed in the quiz closes it.
    await page.getByLabel('Show it', { exact: true }).selectOption('load');
    await page.getByRole('checkbox', { name: 'Show once per visitor' }).uncheck();
    await expect.poll(() => code.inputValue()).toContain('data-display="popup" data-trigger="load" data-once="false"');
    host.pages.set('/popup-always', hostPage(await code.inputValue()));
    for (let visit = 0; visit < 2; visit++) {
      await hostTab.goto(`${host.url}/popup-always`);
      await expect.poll(() => dialog.isVisible()).toBe(true);
    }
    const inside = hostTab.frameLocator('iframe[data-quizlead-frame=quiz]');
    await playToResult(inside, quiz, steps);
    await inside.getByTestId('result-summary').click();
    // Key down only: the pop-up closes on it and takes the quiz's frame away, and a key up sent to a
    // frame that is gone can leave the browser waiting for ever (seen on a loaded machine).
    await hostTab.keyboard.down('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    // A slide-in: a card in the bottom-right corner, closed with its button.
    await page.getByLabel('Display', { exact: true }).selectOption('slidein');
    await expect.poll(() => code.inputValue()).toContain('data-display="slidein" data-trigger="load"');
    host.pages.set('/slidein', hostPage(await code.inputValue()));
    await hostTab.goto(`${host.url}/slidein`);
    const card = hostTab.getByRole('dialog', { name: title });
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await card.getAttribute('aria-modal')).toBeNull();
    const corner = (await card.boundingBox())!;
    expect(Math.round(corner.x + corner.width)).toBe(1280 - 16);
    await expect.poll(async () => Math.round((await card.boundingBox())!.y + (await card.boundingBox())!.height)).toBe(800 - 16);
    await viewportShot(hostTab, 'embed-slidein-host');
    await card.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => card.count()).toBe(0);

    const plays = await storedPlays(harness.server, quiz.id);
    expect(plays.filter((play) => play.status === 'completed' && play.resultSummary === summary).length).toBeGreaterThanOrEqual(
      5,
    );
  },
);

it('opens the social networks in 750 × 600 pop-ups and says where Shopify placement stands', async () => {
  const { owner, page } = await openShare(1280);
  const quiz = await publishedQuiz(owner);
  // The networks are out of reach here: their pages are answered by a stub.
  await page
    .context()
    .route(/^https:\/\/(www\.facebook\.com|twitter\.com|www\.linkedin\.com|api\.whatsapp\.com)\//, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Share</title><p>Shared</p>' }),
    );
  await page.addInitScript(() => {
    const open = window.open.bind(window);
    (window as unknown as { opened: string[][] }).opened = [];
    window.open = (url?: string | URL, target?: string, features?: string) => {
      (window as unknown as { opened: string[][] }).opened.push([String(url), target ?? '', features ?? '']);
      return open(url, target, features);
    };
  });
  await page.goto(`/app/Quiz/Share/${quiz.id}`);
  await expect.poll(() => tab(page, 'Social').isVisible()).toBe(true);
  const link = harness.server.url + quizPlayerPath(quiz);
  expect(await copyTab(page, 'Social')).toBe(link);
  await noSeriousViolations(page, 'share social');
  await screenshot(harness, page, 'quiz-share-social');

  const networks: [SocialChannel, string][] = [
    ['facebook', 'Share on Facebook'],
    ['x', 'Share on X (Twitter)'],
    ['linkedin', 'Share on LinkedIn'],
    ['whatsapp', 'Share on WhatsApp'],
  ];
  for (const [channel, name] of networks) {
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name }).click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(socialShareUrl(channel, link, title));
    expect(await popup.getByText('Shared').isVisible()).toBe(true);
    await popup.close();
  }
  const opened = await page.evaluate(() => (window as unknown as { opened: string[][] }).opened);
  expect(opened.map(([url]) => url)).toEqual(networks.map(([channel]) => socialShareUrl(channel, link, title)));
  for (const [, , features] of opened) expect(features).toMatch(/^popup,width=750,height=600,left=\d+,top=\d+$/);
  expect(await page.getByRole('link', { name: 'Share by email' }).getAttribute('href')).toBe(
    socialShareUrl('email', link, title),
  );

  // Shopify: a standalone account is told it has no store; Copy has nothing to copy.
  await tab(page, 'Shopify').click();
  await expect.poll(() => page.getByText(shareMessages.shopifyNotConnected).isVisible()).toBe(true);
  expect(await copyButton(page).isDisabled()).toBe(true);

  // A Shopify store: the theme editor opens with the app block ready to add, or with the app embed on; Copy copies the quiz id.
  const shop = `shop-${crypto.randomUUID().slice(0, 6)}.myshopify.com`;
  // Test-made values only (the e2e tests read and write tables with plain SQL, see storedPlays).
  await harness.server.services.database.db.execute(
    `update accounts set kind = 'shopify', shop_domain = '${shop}' where id = '${owner.account.id}'`,
  );
  const env = harness.server.services.env as { SHOPIFY_API_KEY?: string | undefined };
  await page.reload();
  await tab(page, 'Shopify').click();
  await expect.poll(() => page.getByText(shopifyMessages.notConfigured).isVisible()).toBe(true);
  env.SHOPIFY_API_KEY = 'e2e-api-key';
  try {
    await page.reload();
    expect(await copyTab(page, 'Shopify')).toBe(quiz.id);
    // The published quiz's own page in the store (app proxy): its address, and an Open link.
    const storefrontUrl = `https://${shop}/apps/quizlead/quiz/${quiz.id}`;
    expect(await page.getByLabel(shopifyStorefrontMessages.storefrontLinkLabel('quiz')).inputValue()).toBe(storefrontUrl);
    expect(await page.getByRole('link', { name: 'Open the quiz’s page in your store' }).getAttribute('href')).toBe(storefrontUrl);
    const add = page.getByRole('link', { name: shopifyMessages.addToTheme });
    expect(await add.getAttribute('href')).toBe(
      `https://${shop}/admin/themes/current/editor?template=index&addAppBlockId=e2e-api-key/quizlead&target=newAppsSection`,
    );
    expect(await add.getAttribute('target')).toBe('_blank');
    // And the app embed: the theme editor's App embeds with the Quizlead pop-up switched on.
    const popup = page.getByRole('link', { name: shopifyMessages.turnOnPopup });
    expect(await popup.getAttribute('href')).toBe(
      `https://${shop}/admin/themes/current/editor?context=apps&template=index&activateAppId=e2e-api-key/quizlead-popup`,
    );
    expect(await popup.getAttribute('target')).toBe('_blank');
    await screenshot(harness, page, 'quiz-share-shopify');
  } finally {
    env.SHOPIFY_API_KEY = undefined;
  }
});

it('warns about a draft and publishes it; fits a phone; says when a quiz is not found', async () => {
  const { owner, page } = await openShare(375);
  const draft = await publishedQuiz(owner, {}, false);
  await page.goto(`/app/Quiz/Share/${draft.id}`);
  await expect.poll(() => page.getByText(shareMessages.notPublished).isVisible()).toBe(true);
  await fitsWidth(page, 375);
  await noSeriousViolations(page, 'share on a phone');
  await screenshot(harness, page, 'quiz-share-375');
  // On a phone every way to share is in reach: a menu instead of a strip of tabs cut off at the edge.
  const shareBy = page.getByLabel(shareMessages.shareBy);
  expect(await shareBy.locator('option').allTextContents()).toEqual(shareTabs.map((id) => shareTabLabels[id]));
  for (const tabElement of await page.getByRole('tab').all()) {
    const box = await tabElement.boundingBox();
    if (box) expect(box.x + box.width).toBeLessThanOrEqual(375);
  }
  // The widget's choices stack.
  await shareBy.selectOption({ label: 'Widget' });
  await page.getByLabel('Display', { exact: true }).selectOption('popup');
  await expect.poll(() => page.getByLabel('Delay (seconds)').isVisible()).toBe(true);
  await fitsWidth(page, 375);
  await screenshot(harness, page, 'quiz-share-375-widget');

  // The short link of a draft leads nowhere until it is published.
  await shareBy.selectOption({ label: 'Short Link' });
  await expect.poll(() => page.getByRole('textbox', { name: 'Short link' }).isVisible()).toBe(true);
  const short = await page.getByRole('textbox', { name: 'Short link' }).inputValue();
  const visitor = await harness.newPage({ width: 375 });
  const before = await visitor.goto(short);
  expect(before!.status()).toBe(404);
  expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe(shareMessages.shortLinkNotFound);
  await harness.screenshot(visitor, 'short-link-not-found');

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect.poll(() => toast(page, 'Status of quiz has been updated to published').isVisible()).toBe(true);
  await expect.poll(() => page.getByText(shareMessages.notPublished).count()).toBe(0);
  expect((await owner.client.get(`/api/v1/quizzes/${draft.id}`)).body.data.status).toBe('published');
  await visitor.goto(short);
  expect(visitor.url()).toBe(harness.server.url + quizPlayerPath(draft));

  // The pop-up on a phone: it fits the screen, and the quiz inside scrolls when it is taller.
  host.pages.set(
    '/phone-popup',
    hostPage(widgetEmbedCode(harness.server.url, { kind: 'quiz', id: draft.id, title }, { display: 'popup', trigger: 'load' })),
  );
  const phoneHost = await harness.newPage({ width: 375, height: 740 });
  await phoneHost.goto(`${host.url}/phone-popup`);
  const dialog = phoneHost.getByRole('dialog', { name: title });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  await expect.poll(() => phoneHost.frameLocator('iframe').locator('main').count()).toBe(1);
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBe(16);
  expect(box.width).toBe(375 - 32);
  await fitsWidth(phoneHost, 375);
  await viewportShot(phoneHost, 'embed-popup-375');

  await page.goto(`/app/Quiz/Share/${crypto.randomUUID()}`);
  await expect.poll(() => page.getByText('Quiz not found', { exact: true }).isVisible()).toBe(true);
});

it('places a poll as a pop-up through the same embed script', async () => {
  const { owner, page } = await openShare(1280);
  const poll = await createPoll(owner.client, { description: 'Coffee or tea?', options: ['Coffee', 'Tea'], collectEmail: false });
  await page.goto(`/app/poll/share/${poll.id}/${poll.slug}`);
  await expect.poll(() => page.getByRole('heading', { name: pollMessages.shareTitle }).isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Widget', exact: true }).click();
  await page.getByLabel('Display', { exact: true }).selectOption('popup');
  await page.getByLabel('Show it', { exact: true }).selectOption('load');
  const widgetCode = page.getByRole('textbox', { name: 'Widget code' });
  const code = `<div data-quizlead="poll" data-id="${poll.id}" data-slug="${poll.slug}" data-display="popup" data-trigger="load"></div><script async src="${harness.server.url}/widgets/embed.js?v=${embedScriptVersion}"></script>`;
  // The code follows the choices once the page has re-rendered.
  await expect.poll(() => widgetCode.inputValue()).toBe(code);
  await page.getByRole('button', { name: /^Copy widget code/ }).click();
  expect(await clipboard(page)).toBe(code);
  await screenshot(harness, page, 'polls-share-popup');

  host.pages.set('/poll-popup', hostPage(code));
  const hostTab = await harness.newPage({ width: 1280 });
  await hostTab.goto(`${host.url}/poll-popup`);
  const dialog = hostTab.getByRole('dialog', { name: 'Poll' });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  const pollFrame = hostTab.frameLocator('iframe[data-quizlead-frame=poll]');
  await pollFrame.getByRole('button', { name: 'Tea' }).click();
  await pollFrame.getByRole('button', { name: 'Vote' }).click();
  await expect.poll(() => pollFrame.getByRole('heading', { name: pollMessages.voted }).isVisible()).toBe(true);
  await frameFits(hostTab, dialog.locator('iframe'));
  await viewportShot(hostTab, 'embed-popup-poll');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => dialog.count()).toBe(0);
  // Shown once: the next visit has no pop-up.
  await hostTab.reload();
  await hostTab.waitForTimeout(500);
  expect(await dialog.count()).toBe(0);

  // Exit intent: nothing while the pointer is on the page, the pop-up when it leaves through the top.
  await page.getByLabel('Show it', { exact: true }).selectOption('exit');
  await page.getByRole('checkbox', { name: 'Show once per visitor' }).uncheck();
  await expect
    .poll(() => widgetCode.inputValue())
    .toContain('data-display="popup" data-trigger="exit" data-delay="5" data-once="false"');
  const exit = await widgetCode.inputValue();
  host.pages.set('/poll-exit', hostPage(exit));
  await hostTab.goto(`${host.url}/poll-exit`);
  await hostTab.mouse.move(600, 400);
  await hostTab.mouse.move(600, 10);
  await hostTab.waitForTimeout(300);
  expect(await dialog.count()).toBe(0);
  await hostTab.evaluate(() =>
    document.querySelector('main')!.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, clientX: 600, clientY: -2 })),
  );
  await expect.poll(() => dialog.isVisible()).toBe(true);
});
