import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner } from '../../test/factories.ts';
import { getShopifyTestServer, type ShopifyTestServer } from '../../test/getTestServer.ts';
import { createGradedQuiz } from '../../test/quizFactory.ts';
import { installedShop } from '../../test/shopifyWebhooks.ts';
import { createFeedback, createPoll, createWheel } from '../../test/widgetFactory.ts';

/**
 * The free plan's 'Powered By' footer on a shop's public pages (storefront, widgets) leads to the app's
 * App Store listing (SHOPIFY_APP_STORE_URL), or nowhere: never to the standalone sign-up.
 */
let server: ShopifyTestServer;
beforeAll(async () => {
  server = await getShopifyTestServer({ SHOPIFY_APP_STORE_URL: 'https://apps.shopify.com/quizlead-test' });
});
afterAll(() => server.stop());

/** Every public payload of an account's quiz, poll, web response and wheel: where their footer leads. */
async function footersOf(owner: Parameters<typeof createPoll>[0]) {
  const visitor = server.client();
  const quiz = await createGradedQuiz(owner, { questions: 1, publish: true });
  const poll = await createPoll(owner);
  const feedback = await createFeedback(owner);
  const wheel = await createWheel(owner);
  const bodies = await Promise.all([
    visitor.get(`/api/v1/public/quizzes/${quiz.id}`),
    visitor.get(`/api/v1/public/polls/${poll.id}`),
    visitor.get(`/api/v1/public/feedbacks/${feedback.id}`),
    visitor.get(`/api/v1/public/wheels/${wheel.id}`),
  ]);
  for (const body of bodies) expect(body.status).toBe(200);
  const [quizBody, ...widgets] = bodies.map((response) => response.body.data);
  return [quizBody.owner.footerLinks, ...widgets.map((widget) => widget.footerLinks)];
}

describe('the free plan’s footer links', () => {
  it('lead a shop’s shoppers to the App Store listing, with no sign-up', async () => {
    const { owner } = await installedShop(server);
    expect(await footersOf(owner)).toEqual(Array(4).fill({ poweredBy: 'https://apps.shopify.com/quizlead-test', signUp: null }));
  });

  it('lead a standalone account’s visitors to the product and its sign-up, as before', async () => {
    const { client } = await createOwner(server);
    expect(await footersOf(client)).toEqual(Array(4).fill({ poweredBy: '/', signUp: '/Signup' }));
  });
});
