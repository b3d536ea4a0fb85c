import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productMessages, ZProductListResponse } from '@quizlead/shared/schemas/products.ts';
import { productSyncFailures } from '@quizlead/shared/schemas/productSync.ts';
import { eq } from 'drizzle-orm';
import { shopInstallations } from '../../../db/schema/index.ts';
import { syncProductsTask } from '../../../jobs/tasks/SyncProductsTask.ts';
import { createOwner } from '../../../test/factories.ts';
import { getShopifyTestServer, type ShopifyTestServer } from '../../../test/getTestServer.ts';
import { deliverApplied, installedShop, jobsSettled } from '../../../test/shopifyWebhooks.ts';
import { personalityQuiz } from '../../../test/revenueFixture.ts';
import { visitor } from '../../../test/reportFixture.ts';

let server: ShopifyTestServer;
beforeAll(async () => {
  server = await getShopifyTestServer();
});
afterAll(() => server.stop());

const manual = {
  title: 'Tasting session',
  url: 'https://tea.example.com/tasting',
  imageUrl: null,
  price: '40.00',
  currency: 'USD',
  tags: ['event'],
};

/** A shop whose catalogue has `titles`, synced. */
async function shopWith(...titles: string[]) {
  const installed = await installedShop(server);
  for (const title of titles) server.fake.shop(installed.shop).products.add({ title, tags: ['quiz'] });
  const queued = await installed.owner.post('/api/v1/products/sync');
  expect(queued.status).toBe(202);
  expect(queued.body).toEqual({ data: { queued: true, message: productMessages.syncQueued } });
  await jobsSettled(server, 'shopify.products.sync', installed.accountId);
  const list = ZProductListResponse.parse((await installed.owner.get('/api/v1/products')).body).data;
  return { ...installed, list };
}

describe('products in a Shopify store', () => {
  it('POST /products/sync queues the sync (202) and the list then shows the shop’s products', async () => {
    const { list } = await shopWith('Sencha', 'Bancha');
    expect(list.items.map((item) => [item.title, item.source, item.available])).toEqual([
      ['Bancha', 'shopify', true],
      ['Sencha', 'shopify', true],
    ]);
    server.fake.expectValidQueries();
  });

  it('refuses to change or delete a shop product here (409 with the message), and takes products typed in', async () => {
    const { owner, list } = await shopWith('Kukicha');
    const product = list.items[0]!;
    for (const answer of [
      await owner.put(`/api/v1/products/${product.id}`, { ...manual, title: 'Renamed here' }),
      await owner.delete(`/api/v1/products/${product.id}`),
    ]) {
      expect(answer.status).toBe(409);
      expect(answer.body.error).toEqual({ code: 'conflict', message: productMessages.shopifyManaged });
    }
    expect((await owner.get('/api/v1/products')).body.data.items).toMatchObject([{ id: product.id, title: 'Kukicha' }]);

    const typed = await owner.post('/api/v1/products', manual);
    expect(typed.status).toBe(201);
    expect(typed.body.data).toMatchObject({ source: 'manual', title: 'Tasting session' });
    expect((await owner.delete(`/api/v1/products/${typed.body.data.id}`)).status).toBe(200);
  });

  it('answers 404 to another shop on a product’s id routes', async () => {
    const { list } = await shopWith('Gyokuro');
    const other = await installedShop(server);
    const id = list.items[0]!.id;
    expect((await other.owner.put(`/api/v1/products/${id}`, manual)).status).toBe(404);
    expect((await other.owner.delete(`/api/v1/products/${id}`)).status).toBe(404);
    expect((await other.owner.get('/api/v1/products')).body.data.total).toBe(0);
  });

  it('keeps the shop collections each product is in, lists them, and a quiz outcome draws its products from one', async () => {
    const installed = await installedShop(server);
    const catalogue = server.fake.shop(installed.shop).products;
    const oolong = catalogue.add({ title: 'Oolong', collections: ['Teas'] });
    catalogue.add({ title: 'Assam', collections: ['Teas', 'Gifts'] });
    catalogue.add({ title: 'Gift card', collections: ['Gifts'] });
    catalogue.add({ title: 'Sold-out chai', collections: ['Teas'], variants: [{ inventoryQuantity: 0 }] });
    catalogue.add({ title: 'Kettle' });
    await installed.owner.post('/api/v1/products/sync');
    await jobsSettled(server, 'shopify.products.sync', installed.accountId);
    server.fake.expectValidQueries();
    const collections = (await installed.owner.get('/api/v1/products/collections')).body.data;
    expect(collections).toEqual([
      { id: catalogue.collectionId('Gifts'), title: 'Gifts', products: 2 },
      { id: catalogue.collectionId('Teas'), title: 'Teas', products: 3 },
    ]);
    // Another shop sees none of them.
    expect((await (await installedShop(server)).owner.get('/api/v1/products/collections')).body.data).toEqual([]);

    // A products/update webhook says nothing of collections: the synced ones stay.
    catalogue.update(oolong.id, { title: 'Oolong tea' });
    await deliverApplied(server, { topic: 'products/update', shop: installed.shop, body: catalogue.webhookPayload(oolong) });
    const teas = (await installed.owner.get('/api/v1/products/collections')).body.data.find(
      (collection: { title: string }) => collection.title === 'Teas',
    );
    expect(teas.products).toBe(3);

    // The Calm outcome shows its own pick (Kettle), then Teas' available products by title.
    const quiz = await personalityQuiz(installed.owner);
    const current = (await installed.owner.get(`/api/v1/quizzes/${quiz.id}`)).body.data;
    const list = ZProductListResponse.parse((await installed.owner.get('/api/v1/products')).body).data;
    const kettle = list.items.find((item) => item.title === 'Kettle')!;
    const saved = await installed.owner.put(`/api/v1/quizzes/${quiz.id}`, {
      ...current,
      productRecommendations: {
        mode: 'outcomes',
        outcomes: [{ outcome: 'p1', productIds: [kettle.id], collectionIds: [catalogue.collectionId('Teas')] }],
        count: 5,
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const play = visitor(server, quiz.id);
    await play.start();
    const outcome = (await play.answers({ [quiz.questionId]: ['a1'] })).body.data;
    expect(outcome.products.map((product: { title: string }) => product.title)).toEqual(['Kettle', 'Assam', 'Oolong tea']);
    const bad = await installed.owner.put(`/api/v1/quizzes/${quiz.id}`, {
      ...current,
      productRecommendations: {
        mode: 'outcomes',
        outcomes: [{ outcome: 'p1', productIds: [], collectionIds: ['teas'] }],
        count: 5,
      },
    });
    expect(bad.body.error.field).toBe('productRecommendations.outcomes.0.collectionIds.0');
  });

  it('GET /products/sync says how the last sync went: done, or failed with the reason, until a retry succeeds', async () => {
    const { shop, owner, accountId } = await shopWith('Genmaicha');
    const done = await owner.get('/api/v1/products/sync');
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({ state: 'done', failure: null, at: expect.any(String) });

    // Shopify revoked the app's token: the sync cannot read the catalogue, and says so.
    server.fake.revokeTokens(shop);
    await server.services.queue.enqueue(server.services.database.db, syncProductsTask, { accountId });
    await jobsSettled(server, 'shopify.products.sync', accountId);
    const [recorded] = await server.services.database.db
      .select({ state: shopInstallations.productsSyncState, failure: shopInstallations.productsSyncFailure })
      .from(shopInstallations)
      .where(eq(shopInstallations.accountId, accountId));
    expect(recorded).toEqual({ state: 'failed', failure: 'notInstalled' });
    // The owner opening the Products page carries a fresh session token: new tokens, and the sync runs again.
    expect((await owner.get('/api/v1/products/sync')).body.data.state).not.toBe('done');
    await jobsSettled(server, 'shopify.products.sync', accountId);
    expect((await owner.get('/api/v1/products/sync')).body.data).toMatchObject({ state: 'done', failure: null });

    // Shopify not answering: said so while the job retries.
    server.fake.shop(shop).failNext.push({ status: 503 });
    expect((await owner.post('/api/v1/products/sync')).status).toBe(202);
    await expect
      .poll(async () => (await owner.get('/api/v1/products/sync')).body.data, { timeout: 10_000 })
      .toMatchObject({ state: 'failed', failure: productSyncFailures.shopifyUnavailable });
    // Not for a standalone account.
    const standalone = await createOwner(server);
    expect((await standalone.client.get('/api/v1/products/sync')).status).toBe(400);
  });

  it('limits the syncs an owner asks for (429 past 10 in 15 minutes)', async () => {
    const { owner, accountId } = await installedShop(server);
    for (let sync = 0; sync < 10; sync++) expect((await owner.post('/api/v1/products/sync')).status).toBe(202);
    const limited = await owner.post('/api/v1/products/sync');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    await jobsSettled(server, 'shopify.products.sync', accountId);
  });
});
