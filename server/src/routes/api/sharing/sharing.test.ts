import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZShopifyPlacementResponse, ZShortLinkResponse } from '@quizlead/shared/schemas/reports.ts';
import { shareMessages, shareLimits, shopifyMessages, shortCodePattern } from '@quizlead/shared/sharing.ts';
import { shopifyStorefrontMessages } from '@quizlead/shared/shopify.ts';
import { slugify } from '@quizlead/shared/slug.ts';
import { accounts, polls, shortLinks, wheels } from '../../../db/schema/index.ts';
import { createOwner } from '../../../test/factories.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';
import { createGradedQuiz } from '../../../test/quizFactory.ts';
import { createFeedback, createPoll, createWheel } from '../../../test/widgetFactory.ts';

let server: TestServer;
const apiKey = 'test-api-key-0123';
beforeAll(async () => {
  server = await getTestServer({ SHOPIFY_API_KEY: apiKey, SHOPIFY_API_SECRET: 'test-api-secret-0123' });
});
afterAll(() => server.stop());

const db = () => server.services.database.db;
/** A visitor following a link: no cookie, redirects not followed. */
const visit = (path: string) => fetch(`${server.url}${path}`, { redirect: 'manual' });

describe('POST /api/v1/quizzes/{id}/short-link', () => {
  it('makes one base62 code per quiz and answers it again every time, also under concurrent asks', async () => {
    const { client, account } = await createOwner(server);
    const quiz = await createGradedQuiz(client, { questions: 1, publish: true });
    expect((await server.client().post(`/api/v1/quizzes/${quiz.id}/short-link`)).status).toBe(401);

    const first = await client.post(`/api/v1/quizzes/${quiz.id}/short-link`);
    expect(first.status).toBe(200);
    const { code, path } = ZShortLinkResponse.parse(first.body).data;
    expect(code).toMatch(new RegExp(`^[0-9A-Za-z]{${shareLimits.shortCodeLength}}$`));
    expect(code).toMatch(shortCodePattern);
    expect(path).toBe(`/play/${code}`);
    expect((await client.post(`/api/v1/quizzes/${quiz.id}/short-link`)).body.data.code).toBe(code);

    // A draft gets its code too (the link works once it is published); five asks at once make one.
    const draft = await createGradedQuiz(client, { title: 'Draft' });
    const codes = await Promise.all(
      Array.from({ length: 5 }, async () => (await client.post(`/api/v1/quizzes/${draft.id}/short-link`)).body.data.code),
    );
    expect(new Set(codes).size).toBe(1);
    const rows = await db().select().from(shortLinks).where(eq(shortLinks.accountId, account.id));
    expect(rows.map((row) => row.quizId).sort()).toEqual([quiz.id, draft.id].sort());
  });

  it('answers 404 for another account’s quiz and for a missing one', async () => {
    const { client } = await createOwner(server);
    const quiz = await createGradedQuiz(client, { questions: 1, publish: true });
    const other = (await createOwner(server)).client;
    const foreign = await other.post(`/api/v1/quizzes/${quiz.id}/short-link`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('not_found');
    expect((await other.post(`/api/v1/quizzes/${crypto.randomUUID()}/short-link`)).status).toBe(404);
    expect((await other.post('/api/v1/quizzes/not-an-id/short-link')).status).toBe(400);
    expect(await db().select().from(shortLinks).where(eq(shortLinks.quizId, quiz.id))).toEqual([]);
  });
});

describe('GET /play/{code}', () => {
  it('redirects to the player with the title’s slug, and stops when the quiz is unpublished or deleted', async () => {
    const { client } = await createOwner(server);
    const title = 'Héllo, World! 2026 — Quiz?';
    const quiz = await createGradedQuiz(client, { title, questions: 1, publish: true });
    const { code } = (await client.post(`/api/v1/quizzes/${quiz.id}/short-link`)).body.data;

    const redirect = await visit(`/play/${code}`);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('cache-control')).toBe('no-store');
    expect(slugify(title)).toBe('hllo-world-2026-quiz');
    expect(redirect.headers.get('location')).toBe(`/quizplayer2.html?quiztitle=hllo-world-2026-quiz&quizid=${quiz.id}`);

    // The slug follows a renamed title.
    const saved = (await client.get(`/api/v1/quizzes/${quiz.id}`)).body.data;
    const { quizType, settings, personalities, categories, branching } = saved;
    const input = { quizType, settings, personalities, categories, branching, title: '  Tea & Coffee:  the   Quiz ' };
    const renamed = await client.put(`/api/v1/quizzes/${quiz.id}`, input);
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await visit(`/play/${code}`)).headers.get('location')).toBe(
      `/quizplayer2.html?quiztitle=tea-coffee-the-quiz&quizid=${quiz.id}`,
    );

    expect((await client.put(`/api/v1/quizzes/${quiz.id}/status`, { status: 'draft' })).status).toBe(200);
    const unpublished = await visit(`/play/${code}`);
    expect(unpublished.status).toBe(404);
    expect(await unpublished.text()).toContain(shareMessages.shortLinkNotFound);

    expect((await client.put(`/api/v1/quizzes/${quiz.id}/status`, { status: 'published' })).status).toBe(200);
    expect((await visit(`/play/${code}`)).status).toBe(302);
    expect((await client.delete(`/api/v1/quizzes/${quiz.id}`)).status).toBe(200);
    expect((await visit(`/play/${code}`)).status).toBe(404);
  });

  it('answers unknown codes with a small escaped 404 page without scripts', async () => {
    const unknown = await visit('/play/Zz9Zz9Q');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^text\/html/);
    expect(unknown.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    const html = await unknown.text();
    expect(html).toContain(`<h1>${shareMessages.shortLinkNotFound}</h1>`);
    expect(html).toContain(shareMessages.shortLinkNotFoundHint);
    expect(html).not.toMatch(/<script/i);

    const hostile = await visit('/play/%3Cimg%20src=x%20onerror=alert(1)%3E');
    expect(hostile.status).toBe(404);
    const hostileHtml = await hostile.text();
    expect(hostileHtml).not.toContain('<img');
    expect(hostileHtml).not.toMatch(/<script/i);
  });

  it('keeps playing quiz ids at /play/{id}', async () => {
    const played = await visit(`/play/${crypto.randomUUID()}`);
    // The player page (503 until the player is built), never the short-link answer.
    expect([200, 503]).toContain(played.status);
    expect(await played.text()).not.toContain(shareMessages.shortLinkNotFound);
  });
});

describe('GET /api/v1/quizzes/{id}/shopify', () => {
  it('gives a Shopify store the quiz’s storefront page and the theme editor links that add the app block and switch on the app embed', async () => {
    const { client, account } = await createOwner(server);
    const shop = `shop-${crypto.randomUUID().slice(0, 6)}.myshopify.com`;
    await db().update(accounts).set({ kind: 'shopify', shopDomain: shop }).where(eq(accounts.id, account.id));
    const quiz = await createGradedQuiz(client, { questions: 1, publish: true });
    const placement = await client.get(`/api/v1/quizzes/${quiz.id}/shopify`);
    expect(placement.status).toBe(200);
    expect(ZShopifyPlacementResponse.parse(placement.body).data).toEqual({
      available: true,
      shopDomain: shop,
      editorUrl: `https://${shop}/admin/themes/current/editor?template=index&addAppBlockId=${apiKey}/quizlead&target=newAppsSection`,
      blockHandle: 'quizlead',
      appEmbedUrl: `https://${shop}/admin/themes/current/editor?context=apps&template=index&activateAppId=${apiKey}/quizlead-popup`,
      embedHandle: 'quizlead-popup',
      storefront: { published: true, url: `https://${shop}/apps/quizlead/quiz/${quiz.id}` },
    });

    // A draft has no storefront page yet: the message takes the link's place (spec 8).
    await client.put(`/api/v1/quizzes/${quiz.id}/status`, { status: 'draft' });
    expect((await client.get(`/api/v1/quizzes/${quiz.id}/shopify`)).body.data.storefront).toEqual({
      published: false,
      message: shopifyStorefrontMessages.notPublished('quiz'),
    });
    await client.put(`/api/v1/quizzes/${quiz.id}/status`, { status: 'published' });

    // Without the app's key the server cannot name the block: it says so.
    const env = server.services.env as { SHOPIFY_API_KEY?: string | undefined };
    env.SHOPIFY_API_KEY = undefined;
    try {
      expect((await client.get(`/api/v1/quizzes/${quiz.id}/shopify`)).body.data).toEqual({
        available: false,
        message: shopifyMessages.notConfigured,
      });
    } finally {
      env.SHOPIFY_API_KEY = apiKey;
    }

    expect((await (await createOwner(server)).client.get(`/api/v1/quizzes/${quiz.id}/shopify`)).status).toBe(404);
  });

  it('tells a standalone account it is not connected to a store', async () => {
    const { client } = await createOwner(server);
    const quiz = await createGradedQuiz(client);
    expect((await server.client().get(`/api/v1/quizzes/${quiz.id}/shopify`)).status).toBe(401);
    const placement = await client.get(`/api/v1/quizzes/${quiz.id}/shopify`);
    expect(placement.body.data).toEqual({ available: false, message: shareMessages.shopifyNotConnected });
  });
});

describe('GET /api/v1/{polls|feedbacks|wheels}/{id}/shopify', () => {
  /** A Shopify store's owner, and the three kinds made in it: a poll and a wheel unpublished, as an owner may leave them. */
  async function shopWithItems() {
    const { client, account } = await createOwner(server);
    const shop = `shop-${crypto.randomUUID().slice(0, 6)}.myshopify.com`;
    await db().update(accounts).set({ kind: 'shopify', shopDomain: shop }).where(eq(accounts.id, account.id));
    const items = {
      poll: { collection: 'polls', id: (await createPoll(client)).id },
      feedback: { collection: 'feedbacks', id: (await createFeedback(client)).id },
      wheel: { collection: 'wheels', id: (await createWheel(client)).id },
    } as const;
    return { client, shop, items };
  }

  it('gives each kind its storefront page and the same theme editor links as a quiz', async () => {
    const { client, shop, items } = await shopWithItems();
    for (const [kind, { collection, id }] of Object.entries(items)) {
      const placement = await client.get(`/api/v1/${collection}/${id}/shopify`);
      expect(placement.status, kind).toBe(200);
      expect(ZShopifyPlacementResponse.parse(placement.body).data, kind).toEqual({
        available: true,
        shopDomain: shop,
        editorUrl: `https://${shop}/admin/themes/current/editor?template=index&addAppBlockId=${apiKey}/quizlead&target=newAppsSection`,
        blockHandle: 'quizlead',
        appEmbedUrl: `https://${shop}/admin/themes/current/editor?context=apps&template=index&activateAppId=${apiKey}/quizlead-popup`,
        embedHandle: 'quizlead-popup',
        storefront: { published: true, url: `https://${shop}/apps/quizlead/${kind}/${id}` },
      });
    }
  });

  it('has no storefront page for an unpublished poll or wheel yet, and says so (a web response is always live)', async () => {
    const { client, items } = await shopWithItems();
    await db().update(polls).set({ published: false }).where(eq(polls.id, items.poll.id));
    await db().update(wheels).set({ published: false }).where(eq(wheels.id, items.wheel.id));
    for (const kind of ['poll', 'wheel'] as const) {
      const { collection, id } = items[kind];
      expect((await client.get(`/api/v1/${collection}/${id}/shopify`)).body.data.storefront, kind).toEqual({
        published: false,
        message: shopifyStorefrontMessages.notPublished(kind),
      });
    }
  });

  it('answers 404 for another account’s item and a missing one, 400 for a malformed id, 401 signed out', async () => {
    const { items } = await shopWithItems();
    const other = (await createOwner(server)).client;
    for (const [kind, { collection, id }] of Object.entries(items)) {
      const foreign = await other.get(`/api/v1/${collection}/${id}/shopify`);
      expect(foreign.status, kind).toBe(404);
      expect(foreign.body.error.code).toBe('not_found');
      expect((await other.get(`/api/v1/${collection}/${crypto.randomUUID()}/shopify`)).status).toBe(404);
      expect((await other.get(`/api/v1/${collection}/not-an-id/shopify`)).status).toBe(400);
      expect((await server.client().get(`/api/v1/${collection}/${id}/shopify`)).status).toBe(401);
    }
  });

  it('tells a standalone account it is not connected to a store', async () => {
    const { client } = await createOwner(server);
    const wheel = await createWheel(client);
    expect((await client.get(`/api/v1/wheels/${wheel.id}/shopify`)).body.data).toEqual({
      available: false,
      message: shareMessages.shopifyNotConnected,
    });
  });
});
