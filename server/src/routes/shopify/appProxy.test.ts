import de from '@quizlead/shared/i18n/catalogue/de.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedScriptVersion } from '@quizlead/shared/sharing.ts';
import { shopifyStorefrontMessages } from '@quizlead/shared/shopify.ts';
import { signAppProxyQuery } from '../../test/fakes/shopify/signers.ts';
import { getShopifyTestServer, type ShopifyTestServer } from '../../test/getTestServer.ts';
import { createGradedQuiz } from '../../test/quizFactory.ts';
import { installedShop } from '../../test/shopifyWebhooks.ts';
import { createFeedback, createPoll, createWheel } from '../../test/widgetFactory.ts';

let server: ShopifyTestServer;
beforeAll(async () => {
  server = await getShopifyTestServer();
});
afterAll(() => server.stop());

/** The storefront's request for /apps/quizlead/{path}, as Shopify forwards it to the app. */
async function proxied(path: string, query: string) {
  const response = await fetch(`${server.url}/apps/quizlead/${path}?${query}`);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    headers: response.headers,
    text: await response.text(),
  };
}
const signed = (shop: string, options: Parameters<typeof signAppProxyQuery>[2] = {}) =>
  signAppProxyQuery(server.app.apiSecret, shop, options);

describe('GET /apps/quizlead/{kind}/{id} (Shopify app proxy)', () => {
  it('answers a published quiz of the signing shop as Liquid: the embed element and script from the app’s origin', async () => {
    const { shop, owner } = await installedShop(server);
    const quiz = await createGradedQuiz(owner, { title: 'Find {{ shop.name }} your size', questions: 1, publish: true });
    const page = await proxied(`quiz/${quiz.id}`, signed(shop, { customerId: '42' }));
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/^application\/liquid/);
    expect(page.headers.get('content-security-policy')).toBeNull();
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.text).toContain(`data-quizlead="quiz" data-id="${quiz.id}"`);
    expect(page.text).toContain(`<script async src="${server.url}/widgets/embed.js?v=${embedScriptVersion}"></script>`);
    // The frame gets the storefront's language and country, which Shopify's Liquid fills in (issue 34).
    const inContext = 'data-locale="{{ request.locale.iso_code }}" data-country="{{ localization.country.iso_code }}"';
    expect(page.text).toContain(`<div ${inContext} data-quizlead="quiz"`);
    // Owner text cannot run Liquid in the shop's theme: braces arrive as character references.
    expect(page.text.replace(inContext, '')).not.toMatch(/[{}]/);
    expect(page.text).toContain('data-title="Find &#123;&#123; shop.name &#125;&#125; your size"');
  });

  it('serves the shop’s polls, web responses and wheels too', async () => {
    const { shop, owner } = await installedShop(server);
    const poll = await createPoll(owner);
    const feedback = await createFeedback(owner);
    const wheel = await createWheel(owner);
    for (const [kind, id] of [
      ['poll', poll.id],
      ['feedback', feedback.id],
      ['wheel', wheel.id],
    ] as const) {
      const page = await proxied(`${kind}/${id}`, signed(shop));
      expect(page.status, kind).toBe(200);
      expect(page.text).toContain(`data-quizlead="${kind}" data-id="${id}"`);
    }
  });

  it('404s another shop’s item, a draft, an unknown kind or id, exactly like a missing one', async () => {
    const { shop, owner } = await installedShop(server);
    const other = await installedShop(server);
    const theirs = await createGradedQuiz(other.owner, { questions: 1, publish: true });
    const draft = await createGradedQuiz(owner, { questions: 1 });
    const poll = await createPoll(owner);
    await owner.put(`/api/v1/polls/${poll.id}/status`, { status: 'unpublished' });
    for (const path of [
      `quiz/${theirs.id}`,
      `quiz/${draft.id}`,
      `poll/${poll.id}`,
      `quiz/${crypto.randomUUID()}`,
      'quiz/nope',
      `survey/${theirs.id}`,
    ]) {
      const page = await proxied(path, signed(shop));
      expect(page.status, path).toBe(404);
      expect(page.text).toContain(shopifyStorefrontMessages.notFound);
      expect(page.text).not.toContain('data-quizlead');
    }
    // Its own shop gets it.
    expect((await proxied(`quiz/${theirs.id}`, signed(other.shop))).status).toBe(200);
  });

  it('refuses anything Shopify did not sign with 401: wrong secret, altered, stale, repeated or missing parameters', async () => {
    const { shop, owner } = await installedShop(server);
    const quiz = await createGradedQuiz(owner, { questions: 1, publish: true });
    const path = `quiz/${quiz.id}`;
    const good = signed(shop);
    const altered = new URLSearchParams(good);
    altered.set('logged_in_customer_id', '7');
    const otherShop = new URLSearchParams(good);
    otherShop.set('shop', 'someone-else.myshopify.com');
    const repeated = `${good}&shop=${encodeURIComponent(shop)}`;
    const withoutSignature = new URLSearchParams(good);
    withoutSignature.delete('signature');
    const refused = [
      signAppProxyQuery('not-the-secret', shop),
      altered.toString(),
      otherShop.toString(),
      signed(shop, { timestamp: Math.floor(Date.now() / 1000) - 120 }),
      signed(shop, { timestamp: Math.floor(Date.now() / 1000) + 120 }),
      repeated,
      withoutSignature.toString(),
      '',
    ];
    for (const query of refused) {
      const page = await proxied(path, query);
      expect(page.status, query).toBe(401);
      expect(page.text).not.toContain('data-quizlead');
      // A page the shop wraps in its theme (Liquid), saying what to do, never the API's JSON error.
      expect(page.type, query).toMatch(/^application\/liquid/);
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.headers.get('content-security-policy')).toBeNull();
      // In the storefront's language: Liquid picks the words of its locale, English for one without a catalogue.
      expect(page.text).toContain(
        `{% else %}<div class="quizlead-unavailable"><p>${shopifyStorefrontMessages.notSigned}</p><p><a href="/">${shopifyStorefrontMessages.backToStore}</a></p></div>{% endcase %}`,
      );
      expect(page.text).toMatch(/^\{% case request\.locale\.iso_code %\}/);
      expect(page.text).toContain(
        `{% when 'de' %}<div class="quizlead-unavailable"><p>${de['proxy.notSigned']}</p><p><a href="/">${de['proxy.backToStore']}</a></p></div>`,
      );
    }
    // The visitor's own parameters are signed along (repeated ones joined with commas) and accepted.
    expect(
      (
        await proxied(
          path,
          signed(shop, {
            params: [
              ['utm', 'a'],
              ['utm', 'b'],
            ],
          }),
        )
      ).status,
    ).toBe(200);
  });
});
