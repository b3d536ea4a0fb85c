/**
 * A quiz and a poll on a Shopify storefront through the app proxy, in a real browser: a local
 * "storefront" on its own origin plays Shopify's part (it signs the forwarded query with the app's
 * secret, renders the Liquid answer inside a theme layout and serves it as the shop's page), and the
 * visitor plays the quiz in it. Proves the design works end to end: the embed script and the framed
 * player load from the app's origin (not the shop's), the player's API calls reach the app, the CSPs
 * allow it, and another shop's item is not served.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pollMessages } from '@quizlead/shared/engagement.ts';
import { embedScriptVersion } from '@quizlead/shared/sharing.ts';
import { shopifyStorefrontMessages } from '@quizlead/shared/shopify.ts';
import { createOwner } from '../../server/src/test/factories.ts';
import { createShopifyApp } from '../../server/src/integrations/shopify/shopifyApp.ts';
import { createPoll } from '../../server/src/test/widgetFactory.ts';
import { startAppProxyStorefront } from './appProxyStorefront.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';
import { buildQuiz, question, storedPlays } from './playerQuizzes.ts';

const app = { apiKey: 'e2e-shopify-client-id', apiSecret: 'e2e-shopify-secret-0123456789abcdef' };
const newShop = () => `e2e-${crypto.randomUUID().slice(0, 8)}.myshopify.com`;
/** The shop whose storefront the browser visits: Shopify signs the forwarded request with it. */
let shop = newShop();

let harness: BrowserHarness;
let storefront: Awaited<ReturnType<typeof startAppProxyStorefront>>;
const pageErrors: string[] = [];

beforeAll(async () => {
  harness = await startBrowserHarness();
  const { services } = harness.server;
  // The harness's server runs without Shopify credentials: give it the app's, as configured servers have.
  (services as { shopify: unknown }).shopify = createShopifyApp(
    { ...services.env, SHOPIFY_API_KEY: app.apiKey, SHOPIFY_API_SECRET: app.apiSecret },
    services.logger,
  );
  // Shopify's side of the proxy: forward /apps/quizlead/… signed for the current shop, render the Liquid in the theme.
  storefront = await startAppProxyStorefront({ appUrl: () => harness.server.url, apiSecret: app.apiSecret, shopOf: () => shop });
});
afterAll(async () => {
  await storefront?.close();
  await harness?.close();
});

/** An owner whose account is the shop's (test-made values only, as the other e2e tests write them). */
async function shopOwner(domain: string) {
  const owner = await createOwner(harness.server);
  await harness.server.services.database.db.execute(
    `update accounts set kind = 'shopify', shop_domain = '${domain}' where id = '${owner.account.id}'`,
  );
  return owner;
}

it('plays a published quiz on the storefront page /apps/quizlead/quiz/{id}, in the theme, from the app’s origin', async () => {
  const { client } = await shopOwner(shop);
  const quiz = await buildQuiz(client, {
    quizType: 'graded_quiz',
    title: 'Which roast suits you?',
    settings: { collectEmail: false },
    questions: [
      question('Which roast is darkest?', [
        { id: 'a', text: 'Light roast' },
        { id: 'c', text: 'Dark roast', correct: true },
      ]),
    ],
  });
  const page = await harness.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));

  await page.goto(`${storefront.url}/apps/quizlead/quiz/${quiz.id}`);
  expect(await page.getByRole('heading', { name: 'E2E Coffee' }).isVisible()).toBe(true);
  const frame = page.frameLocator('iframe[title="Which roast suits you?"]');
  await frame.getByRole('button', { name: /start/i }).click();
  await frame.getByRole('button', { name: 'Dark roast', exact: true }).click();
  await expect.poll(async () => (await storedPlays(harness.server, quiz.id)).map((play) => play.status)).toEqual(['completed']);
  await expect.poll(() => frame.getByText('100%').first().isVisible()).toBe(true);
  await harness.screenshot(page, 'shopify-storefront-quiz');

  // Every script, frame and API call came from the app's origin; the shop's origin served the page alone.
  const fromStorefront = requests.filter((url) => url.startsWith(storefront.url));
  expect(fromStorefront).toEqual([`${storefront.url}/apps/quizlead/quiz/${quiz.id}`]);
  expect(requests).toContain(`${harness.server.url}/widgets/embed.js?v=${embedScriptVersion}`);
  expect(requests.some((url) => url.startsWith(`${harness.server.url}/api/v1/public/plays/`))).toBe(true);
  expect(pageErrors).toEqual([]);
});

it('shows the shop’s poll; another shop’s items are not available on this storefront', async () => {
  shop = newShop();
  const { client } = await shopOwner(shop);
  const poll = await createPoll(client, { description: 'Tea or coffee?', options: ['Tea', 'Coffee'], collectEmail: false });
  const other = newShop();
  const theirs = await buildQuiz((await shopOwner(other)).client, {
    quizType: 'graded_quiz',
    title: 'Not yours',
    questions: [
      question('Q?', [
        { id: 'a', text: 'A', correct: true },
        { id: 'b', text: 'B' },
      ]),
    ],
  });
  const page = await harness.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${storefront.url}/apps/quizlead/quiz/${theirs.id}`);
  expect(await page.getByText(shopifyStorefrontMessages.notFound).isVisible()).toBe(true);
  expect(await page.locator('iframe').count()).toBe(0);

  await page.goto(`${storefront.url}/apps/quizlead/poll/${poll.id}`);
  const frame = page.frameLocator('iframe[title="Tea or coffee?"]');
  await frame.getByRole('button', { name: 'Coffee' }).click();
  await frame.getByRole('button', { name: 'Vote' }).click();
  await expect.poll(() => frame.getByRole('heading', { name: pollMessages.voted }).isVisible()).toBe(true);
  await harness.screenshot(page, 'shopify-storefront-poll');

  // The same poll asked for on the other shop's storefront.
  shop = other;
  await page.goto(`${storefront.url}/apps/quizlead/poll/${poll.id}`);
  expect(await page.getByText(shopifyStorefrontMessages.notFound).isVisible()).toBe(true);
  expect(pageErrors).toEqual([]);
});
