/**
 * Audience targeting and frequency of the widget code (issue 35, data-rules): a poll pop-up for returning
 * visitors at most once every 7 days, one for a UTM campaign, one on a schedule, and one for a country.
 * Each visit is a new tab of the same browser (a new session, the same localStorage); the clock moves by
 * shifting the host page's Date.now. A visitor a rule leaves out makes no request to the server beyond
 * the embed script itself. Also the share page's rules, with their summary, at 1280 and 375 px.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { pollMessages } from '@quizlead/shared/engagement.ts';
import type { EmbedRules } from '@quizlead/shared/embedRules.ts';
import { embedRuleLabels } from '@quizlead/shared/embedRulesText.ts';
import { widgetEmbedCode } from '@quizlead/shared/sharing.ts';
import { createOwner } from '../../server/src/test/factories.ts';
import type { TestClient } from '../../server/src/test/getTestServer.ts';
import { createPoll } from '../../server/src/test/widgetFactory.ts';
import { startBrowserHarness, startHostSite, type BrowserHarness, type HostSite } from './harness.ts';
import { signedInPage } from './ownerScreens.ts';

let harness: BrowserHarness;
let owner: TestClient;
let host: HostSite;
let poll: { id: string; slug: string };

beforeAll(async () => {
  harness = await startBrowserHarness();
  owner = (await createOwner(harness.server)).client;
  host = await startHostSite();
  poll = await createPoll(owner, { description: 'Coffee or tea?', options: ['Coffee', 'Tea'], collectEmail: false });
});
afterAll(async () => {
  await host?.close();
  await harness?.close();
});

const day = 86_400_000;
const shots = '/work/shots/targeting/';

const hostPage = (body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Host site</title></head>
<body style="margin:0 auto;max-width:760px;padding:0 16px;font-family:sans-serif">
<main><h1>Our coffee blog</h1>${body}<p>The end of the post.</p></main></body></html>`;

/** The share page's widget code: a poll pop-up at page load with these rules. */
const popup = (rules: EmbedRules, once = true) =>
  widgetEmbedCode(
    harness.server.url,
    { kind: 'poll', id: poll.id, slug: poll.slug },
    { display: 'popup', trigger: 'load', once, rules },
  );

/** A browser profile (its localStorage lives across its tabs). */
async function browserProfile(): Promise<BrowserContext> {
  return (await harness.newPage({ width: 1280 })).context();
}

interface Visit {
  page: Page;
  /** Every request to the app's server, but the embed script itself. */
  requests: string[];
}

/** A visit in a new tab (a new session) of `context`, with the host page's clock `shift` ms ahead. */
async function visit(context: BrowserContext, path: string, shift = 0): Promise<Visit> {
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith(harness.server.url) && !url.includes('/widgets/embed.js')) requests.push(url);
  });
  await page.addInitScript(
    ({ shift, hostOrigin }) => {
      if (location.origin !== hostOrigin) return;
      const now = Date.now.bind(Date);
      Date.now = () => now() + shift;
    },
    { shift, hostOrigin: host.url },
  );
  await page.goto(`${host.url}${path}`);
  // The loader has run once it has its global.
  await page.waitForFunction(() => 'quizlead' in window);
  return { page, requests };
}

const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Poll' });

/** The pop-up is shown, styled (embed.css, linked once the visitor was let in), its poll loaded. */
async function shown({ page, requests }: Visit) {
  await expect.poll(() => dialogOf(page).isVisible()).toBe(true);
  expect(requests.some((url) => url.includes('/widgets/embed.css'))).toBe(true);
  expect(await dialogOf(page).evaluate((dialog) => getComputedStyle(dialog).borderRadius)).toBe('12px');
  const frame = page.frameLocator('iframe[data-quizlead-frame=poll]');
  await expect.poll(() => frame.getByRole('button', { name: 'Tea' }).isVisible()).toBe(true);
}

/** Nothing shown, and nothing asked of the server. */
async function excluded({ page, requests }: Visit) {
  await page.waitForTimeout(600);
  expect(await dialogOf(page).count()).toBe(0);
  expect(await page.locator('iframe').count()).toBe(0);
  expect(requests).toEqual([]);
  await page.close();
}

it('shows a returning visitors’ pop-up from the second visit, then at most once every 7 days, and stops after a vote', async () => {
  host.pages.set('/returning', hostPage(popup({ visitor: 'returning', every: '7', converted: 'stop' })));
  const profile = await browserProfile();
  // First visit: a new visitor.
  await excluded(await visit(profile, '/returning'));
  // Second visit (a new session): shown; the visitor closes it.
  const second = await visit(profile, '/returning', 60_000);
  await shown(second);
  await dialogOf(second.page).getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => dialogOf(second.page).count()).toBe(0);
  await second.page.close();
  // Not again the same day, nor six days later.
  await excluded(await visit(profile, '/returning', 2 * 60_000));
  await excluded(await visit(profile, '/returning', 6 * day));
  // Seven days after it showed: again. This time the visitor votes.
  const later = await visit(profile, '/returning', 7 * day + 2 * 60_000);
  await shown(later);
  const frame = later.page.frameLocator('iframe[data-quizlead-frame=poll]');
  await frame.getByRole('button', { name: 'Tea' }).click();
  await frame.getByRole('button', { name: 'Vote' }).click();
  await expect.poll(() => frame.getByRole('heading', { name: pollMessages.voted }).isVisible()).toBe(true);
  await expect
    .poll(() =>
      later.page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').converted, `quizlead:history:poll:${poll.id}`),
    )
    .toBeGreaterThan(0);
  await later.page.close();
  // Converted: never again, however long after.
  await excluded(await visit(profile, '/returning', 30 * day));
});

it('shows a campaign’s pop-up only to visits that landed from it, on every page of that visit', async () => {
  const code = popup({ utm_campaign: 'newsletter' }, false);
  host.pages.set('/utm', hostPage(code));
  host.pages.set('/utm-next', hostPage(`<a href="/utm">Read on</a>${code}`));
  const profile = await browserProfile();
  await excluded(await visit(profile, '/utm'));
  await excluded(await visit(profile, '/utm?utm_campaign=spring'));
  const campaign = await visit(profile, '/utm?utm_source=mail&utm_campaign=Newsletter');
  await shown(campaign);
  // A later page of the same visit, without the parameters: the first page's campaign counts.
  await campaign.page.goto(`${host.url}/utm-next`);
  await shown(campaign);
  await campaign.page.close();
});

it('shows a scheduled pop-up only between its start and end', async () => {
  const now = Date.now();
  host.pages.set(
    '/schedule',
    hostPage(popup({ from: new Date(now + day).toISOString(), until: new Date(now + 2 * day).toISOString() }, false)),
  );
  const profile = await browserProfile();
  await excluded(await visit(profile, '/schedule'));
  await shown(await visit(profile, '/schedule', day + 60_000));
  await excluded(await visit(profile, '/schedule', 2 * day + 60_000));
});

it('asks the server for the country only when every other rule let the visitor in', async () => {
  host.pages.set('/country-mobile', hostPage(popup({ device: 'mobile', country: 'DE' }, false)));
  host.pages.set('/country', hostPage(popup({ country: 'DE' }, false)));
  const profile = await browserProfile();
  // A desktop visitor is out before the country is asked.
  await excluded(await visit(profile, '/country-mobile'));
  // The test server cannot place the visitor: one request for the country, and no pop-up.
  const { page, requests } = await visit(profile, '/country');
  await expect.poll(() => requests).toEqual([`${harness.server.url}/api/v1/public/visitor-country`]);
  await page.waitForTimeout(600);
  expect(await dialogOf(page).count()).toBe(0);
  expect(requests).toHaveLength(1);
});

for (const width of [1280, 375]) {
  it(`sets the rules in the share page, with their summary, and the code follows (${width} px)`, async () => {
    const { owner: signedIn, page } = await signedInPage(harness, width);
    const sharedPoll = await createPoll(signedIn.client, { description: 'Rules poll', options: ['A', 'B'] });
    await page.goto(`/app/poll/share/${sharedPoll.id}/${sharedPoll.slug}`);
    await expect.poll(() => page.getByRole('heading', { name: pollMessages.shareTitle }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Widget', exact: true }).click();
    await page.getByLabel('Display', { exact: true }).selectOption('popup');
    await page.getByLabel(embedRuleLabels.visitor, { exact: true }).selectOption('returning');
    await page.getByLabel(embedRuleLabels.device, { exact: true }).selectOption('mobile');
    await page.getByLabel(embedRuleLabels.utm_campaign, { exact: true }).fill('newsletter');
    await page.getByLabel(embedRuleLabels.everyDays, { exact: true }).fill('7');
    const summary = 'Shown to returning visitors on mobile from the “newsletter” campaign, at most once every 7 days.';
    await expect.poll(() => page.getByText(summary, { exact: true }).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Widget code' }).inputValue())
      .toContain('data-once="false" data-rules="visitor=returning;device=mobile;utm_campaign=newsletter;every=7"');
    mkdirSync(shots, { recursive: true });
    // From the top, so the sticky top bar stays at the top of the full-page shot.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${shots}share-rules-${width}.png`, fullPage: true });
  });
}
