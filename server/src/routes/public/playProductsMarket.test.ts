/**
 * A Shopify quiz's recommended products in the shopper's market and language (issue 34): the answers and
 * lead steps with `?country=` and `?language=` read the Storefront API under `@inContext` (the fake
 * Shopify checks the token and the query's documented shape), cached per market, dropped on product
 * webhooks, and the synced products whenever the Storefront API cannot say.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPlayOutcome } from '@quizlead/shared/schemas/play.ts';
import { products, shopInstallations } from '../../db/schema/index.ts';
import { storefrontTokenTitle } from '../../commands/storefrontTokenCreator.ts';
import { MarketProducts, marketRetryMs, marketTtlMs } from '../../integrations/shopify/storefront/marketProducts.ts';
import type { FakeProduct } from '../../test/fakes/shopify/index.ts';
import { getShopifyTestServer, type ShopifyTestServer, type TestClient } from '../../test/getTestServer.ts';
import { newPlayKey, personalityQuestion, twoPersonalities } from '../../test/quizFactory.ts';
import { deliverApplied, installedShop, jobsSettled, newShop } from '../../test/shopifyWebhooks.ts';

let server: ShopifyTestServer;
beforeAll(async () => {
  server = await getShopifyTestServer();
  // The scopes shopify.app.toml asks for: the app's Storefront tokens inherit the unauthenticated one.
  server.fake.scope = 'read_products,unauthenticated_read_product_listings';
});
afterAll(() => server.stop());

const db = () => server.services.database.db;

/**
 * A shop selling in the US (USD, English) and Canada (CAD at 1.35, French active), with Green tea
 * translated into French, installed (its products synced, its Storefront token made).
 */
async function marketShop() {
  const shop = newShop();
  const fake = server.fake.shop(shop);
  const tea = fake.products.add({ title: 'Green tea', variants: [{ price: '10.00' }] });
  fake.storefront.addMarket({ country: 'CA', currency: 'CAD', rate: 1.35, languages: ['FR'] });
  fake.storefront.translate(tea.id, 'FR', 'Thé vert');
  const installed = await installedShop(server, shop);
  // The fake's product ids repeat across shops: the shop's own row is the one in its account.
  const [row] = await db()
    .select()
    .from(products)
    .where(and(eq(products.accountId, installed.accountId), eq(products.externalId, tea.id)));
  return { ...installed, fake, tea, productId: row!.id };
}

/** A published personality quiz of the owner's that recommends `productId` for every outcome. */
async function publishedQuiz(client: TestClient, productId: string) {
  const created = (await client.post('/api/v1/quizzes', { quizType: 'personality_quiz', title: 'Tea' })).body.data;
  await client.put(`/api/v1/quizzes/${created.id}`, {
    ...created,
    settings: { ...created.settings, welcomeMessage: '<p>Hi</p>', collectEmail: false },
    personalities: twoPersonalities,
  });
  const question = personalityQuestion();
  await client.put(`/api/v1/quizzes/${created.id}/questions`, { questions: [question] });
  const quiz = (await client.get(`/api/v1/quizzes/${created.id}`)).body.data;
  const productRecommendations = {
    mode: 'outcomes',
    outcomes: [
      { outcome: 'p1', productIds: [productId] },
      { outcome: 'p2', productIds: [productId] },
    ],
  };
  const saved = await client.put(`/api/v1/quizzes/${created.id}`, { ...quiz, productRecommendations });
  if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
  expect((await client.put(`/api/v1/quizzes/${created.id}/status`, { status: 'published' })).status).toBe(200);
  return { quizId: quiz.id as string, questionId: question.id };
}

/** One visitor's play to its result, the answers step asked with `search` (e.g. '?country=CA&language=fr'). */
async function playedProducts(quiz: { quizId: string; questionId: string }, search = '') {
  const visitor = server.client();
  const playId = crypto.randomUUID();
  const started = await visitor.post(`/api/v1/public/quizzes/${quiz.quizId}/plays`, { playId, playKey: newPlayKey() });
  expect(started.status).toBe(201);
  const answered = await visitor.request(
    'POST',
    `/api/v1/public/plays/${playId}/answers${search}`,
    { answers: { [quiz.questionId]: ['a1'] } },
    { authorization: `Bearer ${started.body.data.playToken}` },
  );
  return answered;
}

const shownProducts = async (quiz: { quizId: string; questionId: string }, search = '') => {
  const answered = await playedProducts(quiz, search);
  expect(answered.status).toBe(200);
  const outcome = ZPlayOutcome.parse(answered.body.data);
  if (outcome.status !== 'completed') throw new Error('the play did not complete');
  return outcome.products.map(({ title, price, currency }) => ({ title, price, currency }));
};

/** The product as a play shows it without a market (the synced row). */
async function syncedShown(productId: string) {
  const [row] = await db().select().from(products).where(eq(products.id, productId));
  const { id, variantId, title, url, imageUrl, price, currency } = row!;
  return [{ id, variantId, title, url, imageUrl, price, currency }];
}

const productDelivery = (shop: string, product: FakeProduct) => ({
  topic: 'products/update' as const,
  shop,
  body: server.fake.shop(shop).products.webhookPayload(product),
});

describe('recommended products in the shopper’s market and language', () => {
  it('makes one Storefront token per shop at the install and keeps it sealed', async () => {
    const { accountId, fake } = await marketShop();
    expect([...fake.storefront.tokens.values()]).toEqual([{ title: storefrontTokenTitle }]);
    const [installation] = await db().select().from(shopInstallations).where(eq(shopInstallations.accountId, accountId));
    const [token] = [...fake.storefront.tokens.keys()];
    expect(installation!.storefrontToken).toBeTruthy();
    expect(installation!.storefrontToken).not.toContain(token);
    expect(
      server.services.secrets.open({ ciphertext: installation!.storefrontToken!, keyId: installation!.storefrontTokenKeyId! }),
    ).toBe(token);
  });

  it('makes the token of an install from before the scope once the merchant grants it (app/scopes_update)', async () => {
    const { shop, owner, accountId, productId, fake } = await marketShop();
    const quiz = await publishedQuiz(owner, productId);
    fake.storefront.revokeTokens();
    await db()
      .update(shopInstallations)
      .set({ storefrontToken: null, storefrontTokenKeyId: null })
      .where(eq(shopInstallations.accountId, accountId));
    server.services.marketProducts.forgetAccount(accountId);
    expect(await shownProducts(quiz, '?country=CA&language=fr')).toEqual([
      { title: 'Green tea', price: '10.00', currency: 'USD' },
    ]);

    await deliverApplied(server, {
      topic: 'app/scopes_update',
      shop,
      body: { current: ['read_products', 'unauthenticated_read_product_listings'] },
    });
    await jobsSettled(server, 'shopify.storefront-token.create', accountId);
    expect(fake.storefront.tokens.size).toBe(1);
    expect(await shownProducts(quiz, '?country=CA&language=fr')).toEqual([
      { title: 'Thé vert', price: '13.50', currency: 'CAD' },
    ]);
  });

  it('a CA/fr play gets CAD prices and the French title, from the cache the second time', async () => {
    const { shop, owner, productId, fake } = await marketShop();
    const quiz = await publishedQuiz(owner, productId);

    expect(await shownProducts(quiz, '?country=CA&language=fr')).toEqual([
      { title: 'Thé vert', price: '13.50', currency: 'CAD' },
    ]);
    const calls = server.fake.storefrontRequests(shop);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe('/api/2026-10/graphql.json');
    expect(fake.storefront.tokens.has(calls[0]!.headers['x-shopify-storefront-access-token']!)).toBe(true);
    expect(calls[0]!.operation).toContain('@inContext(country: $country, language: $language)');
    expect(fake.storefront.reads).toEqual([
      { asked: { country: 'CA', language: 'FR' }, used: { country: 'CA', language: 'FR' } },
    ]);
    server.fake.expectValidQueries();

    // Another play in the same market: from memory, no Storefront call.
    expect(await shownProducts(quiz, '?country=CA&language=fr')).toEqual([
      { title: 'Thé vert', price: '13.50', currency: 'CAD' },
    ]);
    expect(server.fake.storefrontRequests(shop)).toHaveLength(1);

    // Without a market the synced product, as before; English in Canada is its own market.
    expect(await shownProducts(quiz)).toEqual([{ title: 'Green tea', price: '10.00', currency: 'USD' }]);
    expect(server.fake.storefrontRequests(shop)).toHaveLength(1);
    expect(await shownProducts(quiz, '?country=CA&language=en')).toEqual([
      { title: 'Green tea', price: '13.50', currency: 'CAD' },
    ]);
    expect(server.fake.storefrontRequests(shop)).toHaveLength(2);
  });

  it('arrive localized with the lead step too', async () => {
    const { owner, productId } = await marketShop();
    const quiz = await publishedQuiz(owner, productId);
    const saved = await owner.get(`/api/v1/quizzes/${quiz.quizId}`);
    await owner.put(`/api/v1/quizzes/${quiz.quizId}`, {
      ...saved.body.data,
      settings: { ...saved.body.data.settings, collectEmail: true },
    });
    const visitor = server.client();
    const playId = crypto.randomUUID();
    const started = await visitor.post(`/api/v1/public/quizzes/${quiz.quizId}/plays`, { playId, playKey: newPlayKey() });
    const auth = { authorization: `Bearer ${started.body.data.playToken}` };
    const answered = await visitor.request(
      'POST',
      `/api/v1/public/plays/${playId}/answers?country=CA&language=fr`,
      { answers: { [quiz.questionId]: ['a1'] } },
      auth,
    );
    expect(answered.body.data.status).toBe('lead_required');
    const lead = await visitor.request(
      'POST',
      `/api/v1/public/plays/${playId}/lead?country=CA&language=fr`,
      { name: 'Ann', email: 'ann@example.com' },
      auth,
    );
    expect(lead.status).toBe(200);
    expect(lead.body.data.products).toMatchObject([{ title: 'Thé vert', price: '13.50', currency: 'CAD' }]);
  });

  it('show what Shopify falls back to for a country it does not sell in, and a variant’s own market price', async () => {
    const { shop, owner, productId, fake, tea } = await marketShop();
    const quiz = await publishedQuiz(owner, productId);
    expect(await shownProducts(quiz, '?country=DE&language=fr')).toEqual([
      { title: 'Green tea', price: '10.00', currency: 'USD' },
    ]);
    expect(fake.storefront.reads.at(-1)).toEqual({
      asked: { country: 'DE', language: 'FR' },
      used: { country: 'US', language: 'EN' },
    });

    fake.storefront.setPrice(tea.variants[0]!.id, 'CA', '12.95');
    expect(await shownProducts(quiz, '?country=CA')).toEqual([{ title: 'Green tea', price: '12.95', currency: 'CAD' }]);
    expect(server.fake.storefrontRequests(shop)).toHaveLength(2);
    server.fake.expectValidQueries();
  });

  it('are read again after a products/update webhook', async () => {
    const { shop, owner, productId, fake, tea } = await marketShop();
    const quiz = await publishedQuiz(owner, productId);
    expect(await shownProducts(quiz, '?country=CA&language=fr')).toEqual([
      { title: 'Thé vert', price: '13.50', currency: 'CAD' },
    ]);
    fake.storefront.translate(tea.id, 'FR', 'Thé vert bio');
    // Cached: the new translation is not asked for until the product changes (or the TTL passes).
    expect((await shownProducts(quiz, '?country=CA&language=fr'))[0]!.title).toBe('Thé vert');

    const changed = fake.products.update(tea.id, { title: 'Organic green tea' });
    await deliverApplied(server, productDelivery(shop, changed));
    expect(await shownProducts(quiz, '?country=CA&language=fr')).toEqual([
      { title: 'Thé vert bio', price: '13.50', currency: 'CAD' },
    ]);
    expect(server.fake.storefrontRequests(shop)).toHaveLength(2);
  });

  it('fall back to the synced products when the token is refused, logged, and do not ask on every play', async () => {
    const { shop, owner, accountId, productId } = await marketShop();
    const quiz = await publishedQuiz(owner, productId);
    const broken = server.services.secrets.seal('not-a-token-shopify-knows');
    await db()
      .update(shopInstallations)
      .set({ storefrontToken: broken.ciphertext, storefrontTokenKeyId: broken.keyId })
      .where(eq(shopInstallations.accountId, accountId));
    server.services.marketProducts.forgetAccount(accountId);

    expect(await shownProducts(quiz, '?country=CA&language=fr')).toEqual([
      { title: 'Green tea', price: '10.00', currency: 'USD' },
    ]);
    const calls = server.fake.storefrontRequests(shop);
    expect(calls.map((call) => call.status)).toEqual([401]);
    // The next play shows the synced products at once: the market is not asked again for a while.
    expect(await shownProducts(quiz, '?country=CA&language=fr')).toEqual([
      { title: 'Green tea', price: '10.00', currency: 'USD' },
    ]);
    expect(server.fake.storefrontRequests(shop)).toHaveLength(1);
  });

  it('show the synced products for a shop without a Storefront token yet', async () => {
    const { shop, owner, accountId, productId } = await marketShop();
    const quiz = await publishedQuiz(owner, productId);
    await db()
      .update(shopInstallations)
      .set({ storefrontToken: null, storefrontTokenKeyId: null })
      .where(eq(shopInstallations.accountId, accountId));
    server.services.marketProducts.forgetAccount(accountId);
    expect(await shownProducts(quiz, '?country=CA&language=fr')).toEqual([
      { title: 'Green tea', price: '10.00', currency: 'USD' },
    ]);
    expect(server.fake.storefrontRequests(shop)).toHaveLength(0);
  });

  it('are kept for the TTL, and asked again a while after a failure', async () => {
    const { shop, accountId, productId, fake } = await marketShop();
    let clock = Date.now();
    const markets = new MarketProducts({
      db: db(),
      secrets: server.services.secrets,
      logger: server.services.logger,
      now: () => clock,
    });
    const synced = await syncedShown(productId);
    const canada = { country: 'CA', language: 'fr' } as const;
    const calls = () => server.fake.storefrontRequests(shop).length;
    const before = calls();

    expect((await markets.localized(accountId, canada, synced))[0]).toMatchObject({ title: 'Thé vert', currency: 'CAD' });
    clock += marketTtlMs - 1000;
    await markets.localized(accountId, canada, synced);
    expect(calls() - before).toBe(1);
    clock += 2000;
    await markets.localized(accountId, canada, synced);
    expect(calls() - before).toBe(2);

    // Shopify down: the synced products, and no call again until the retry time has passed.
    fake.storefront.revokeTokens();
    clock += marketTtlMs + 1;
    expect((await markets.localized(accountId, canada, synced))[0]).toMatchObject({ title: 'Green tea', currency: 'USD' });
    clock += marketRetryMs - 1000;
    await markets.localized(accountId, canada, synced);
    expect(calls() - before).toBe(3);
    clock += 2000;
    await markets.localized(accountId, canada, synced);
    expect(calls() - before).toBe(4);
  });

  it('tell the other processes when a shop’s markets are dropped, and drop what they are told', async () => {
    const { shop, accountId, productId } = await marketShop();
    const told: string[] = [];
    const options = { db: db(), secrets: server.services.secrets, logger: server.services.logger };
    const here = new MarketProducts({ ...options, broadcast: async (id) => void told.push(id) });
    const there = new MarketProducts(options);
    const synced = await syncedShown(productId);
    const canada = { country: 'CA', language: 'fr' } as const;
    const calls = () => server.fake.storefrontRequests(shop).length;
    await here.localized(accountId, canada, synced);
    await there.localized(accountId, canada, synced);
    const before = calls();

    here.forgetAccount(accountId);
    expect(told).toEqual([accountId]);
    there.received(told[0]!);
    await there.localized(accountId, canada, synced);
    expect(calls() - before).toBe(1);
    // An unreadable message drops everything.
    there.received('?');
    expect(there.size).toBe(0);
  });

  it('refuse a malformed market with a 400 naming the field', async () => {
    const { owner, productId } = await marketShop();
    const quiz = await publishedQuiz(owner, productId);
    const lower = await playedProducts(quiz, '?country=ca');
    expect(lower.status).toBe(400);
    expect(lower.body.error.field).toBe('country');
    const unknown = await playedProducts(quiz, '?language=xx');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.field).toBe('language');
  });
});
