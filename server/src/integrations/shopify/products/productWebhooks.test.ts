import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../../db/schema/index.ts';
import type { FakeProduct } from '../../../test/fakes/shopify/index.ts';
import { getShopifyTestServer, type ShopifyTestServer } from '../../../test/getTestServer.ts';
import { deliver, deliverApplied, installedShop, jobsSettled, newShop, writtenFor } from '../../../test/shopifyWebhooks.ts';

let server: ShopifyTestServer;
beforeAll(async () => {
  server = await getShopifyTestServer();
});
afterAll(() => server.stop());

const rowsOf = (accountId: string) =>
  server.services.database.db.select().from(products).where(eq(products.accountId, accountId)).orderBy(asc(products.title));
const rowOf = async (accountId: string, product: FakeProduct) =>
  (await rowsOf(accountId)).find((row) => row.externalId === product.id);
const numeric = (gid: string) => gid.split('/').at(-1)!;

/** What the shop sends when the merchant saves `product` (the body Shopify signs, REST shape). */
const productDelivery = (shop: string, topic: 'products/create' | 'products/update', product: FakeProduct) => ({
  topic,
  shop,
  body: server.fake.shop(shop).products.webhookPayload(product),
});

/** A shop installed with nothing in its catalogue yet, and the refreshes its webhooks ask for run. */
async function shopWithoutProducts() {
  const installed = await installedShop(server);
  const settled = () => jobsSettled(server, 'shopify.products.sync', installed.accountId);
  return { ...installed, catalogue: server.fake.shop(installed.shop).products, settled };
}

describe('products/create and products/update webhooks', () => {
  it('add a new product from the payload, then read it once from the Admin API for its storefront URL and currency', async () => {
    const { shop, accountId, catalogue, settled } = await shopWithoutProducts();
    catalogue.currencyCode = 'EUR';
    const tea = catalogue.add({ title: 'Genmaicha', tags: ['quiz', 'Green tea'], variants: [{ price: '11.00' }] });
    const before = server.fake.graphqlRequests(shop).length;
    await deliverApplied(server, productDelivery(shop, 'products/create', tea));
    expect(await rowOf(accountId, tea)).toMatchObject({
      source: 'shopify',
      title: 'Genmaicha',
      handle: 'genmaicha',
      tags: ['quiz', 'Green tea'],
      price: '11.00',
      variantId: numeric(tea.variants[0]!.id),
      imageUrl: tea.imageUrl,
      available: true,
    });
    await settled();
    expect(await rowOf(accountId, tea)).toMatchObject({ url: tea.onlineStoreUrl, currency: 'EUR', available: true });
    const reads = server.fake.graphqlRequests(shop).slice(before);
    expect(reads.map((read) => read.operation?.startsWith('query ProductRefresh'))).toEqual([true]);
    server.fake.expectValidQueries();
  });

  it('apply what the payload settles without calling Shopify: title, tags, price, image, archived, back on sale', async () => {
    const { shop, accountId, catalogue, settled } = await shopWithoutProducts();
    const tea = catalogue.add({ title: 'Earl Grey', tags: ['black'], variants: [{ price: '9.00', inventoryQuantity: 4 }] });
    await deliverApplied(server, productDelivery(shop, 'products/create', tea));
    await settled();
    const calls = server.fake.graphqlRequests(shop).length;

    catalogue.update(tea.id, { title: 'Earl Grey Supreme', tags: ['black', 'bergamot'], imageUrl: null });
    tea.variants[0]!.price = '10.50';
    await deliverApplied(server, productDelivery(shop, 'products/update', tea));
    expect(await rowOf(accountId, tea)).toMatchObject({
      title: 'Earl Grey Supreme',
      tags: ['black', 'bergamot'],
      price: '10.50',
      imageUrl: null,
      url: tea.onlineStoreUrl,
      currency: 'USD',
      available: true,
    });

    catalogue.update(tea.id, { status: 'ARCHIVED' });
    await deliverApplied(server, productDelivery(shop, 'products/update', tea));
    expect((await rowOf(accountId, tea))?.available).toBe(false);

    catalogue.update(tea.id, { status: 'ACTIVE', variants: [{ ...tea.variants[0]!, inventoryQuantity: 3 }] });
    await deliverApplied(server, productDelivery(shop, 'products/update', tea));
    expect((await rowOf(accountId, tea))?.available).toBe(true);
    await settled();
    expect(server.fake.graphqlRequests(shop)).toHaveLength(calls);
  });

  it('ask the Admin API when the payload cannot tell: no stock shown may be sold out or untracked', async () => {
    const { shop, accountId, catalogue, settled } = await shopWithoutProducts();
    const untracked = catalogue.add({ title: 'Gift card', variants: [{ price: '25.00', tracked: false, inventoryQuantity: 0 }] });
    const soldOut = catalogue.add({ title: 'Matcha', variants: [{ price: '30.00', inventoryQuantity: 0 }] });
    for (const product of [untracked, soldOut]) await deliverApplied(server, productDelivery(shop, 'products/create', product));
    await settled();
    expect(await rowOf(accountId, untracked)).toMatchObject({ available: true, variantId: numeric(untracked.variants[0]!.id) });
    expect(await rowOf(accountId, soldOut)).toMatchObject({ available: false, variantId: null });

    // Restocked: the payload shows stock, and settles it alone.
    catalogue.update(soldOut.id, { variants: [{ ...soldOut.variants[0]!, inventoryQuantity: 8 }] });
    await deliverApplied(server, productDelivery(shop, 'products/update', soldOut));
    expect(await rowOf(accountId, soldOut)).toMatchObject({ available: true, variantId: numeric(soldOut.variants[0]!.id) });
    server.fake.expectValidQueries();
  });

  it('ignore a payload older than what the app holds (Shopify delivers out of order)', async () => {
    const { shop, accountId, catalogue, settled } = await shopWithoutProducts();
    const tea = catalogue.add({ title: 'Assam' });
    await deliverApplied(server, productDelivery(shop, 'products/create', tea));
    await settled();
    const older = { ...catalogue.webhookPayload(tea), title: 'Assam (old name)', updated_at: '2020-01-01T00:00:00Z' };
    await deliverApplied(server, { topic: 'products/update', shop, body: older });
    expect((await rowOf(accountId, tea))?.title).toBe('Assam');
  });

  it('take the body with only the fields shopify.app.toml asks for (include_fields)', async () => {
    const { shop, accountId, catalogue } = await shopWithoutProducts();
    const tea = catalogue.add({ title: 'Rooibos', tags: ['herbal'], variants: [{ price: '8.00' }] });
    const full = catalogue.webhookPayload(tea) as Record<string, any>;
    const trimmed = {
      id: full.id,
      admin_graphql_api_id: full.admin_graphql_api_id,
      title: full.title,
      handle: full.handle,
      status: full.status,
      tags: full.tags,
      updated_at: full.updated_at,
      variants: full.variants.map((variant: Record<string, unknown>) => ({
        id: variant.id,
        price: variant.price,
        position: variant.position,
        inventory_policy: variant.inventory_policy,
        inventory_quantity: variant.inventory_quantity,
      })),
      image: { src: full.image.src },
    };
    await deliverApplied(server, { topic: 'products/update', shop, body: trimmed });
    expect(await rowOf(accountId, tea)).toMatchObject({ title: 'Rooibos', tags: ['herbal'], price: '8.00', available: true });
  });

  it('answer 400 naming the field for a signed body that is not a product, and write nothing', async () => {
    const shop = newShop();
    const product = server.fake.shop(shop).products.add({ title: 'Oolong' });
    const body = { ...server.fake.shop(shop).products.webhookPayload(product), admin_graphql_api_id: 'gid://shopify/Order/1' };
    const refused = await deliver(server, { topic: 'products/update', shop, body });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'validation', field: 'admin_graphql_api_id' });
    const badPrice = await deliver(server, {
      topic: 'products/create',
      shop,
      body: { ...server.fake.shop(shop).products.webhookPayload(product), variants: [{ id: 1, price: 'free' }] },
    });
    expect([badPrice.status, badPrice.body.error.field]).toEqual([400, 'variants.0.price']);
    expect(await writtenFor(server, shop)).toEqual({ receipts: 0, jobs: 0 });
  });
});

describe('products/delete webhook', () => {
  it('keeps the row for the quizzes that name it and never recommends it again; a shop without the app changes nothing', async () => {
    const { shop, accountId, catalogue, settled } = await shopWithoutProducts();
    const tea = catalogue.add({ title: 'Pu-erh' });
    await deliverApplied(server, productDelivery(shop, 'products/create', tea));
    await settled();
    catalogue.remove(tea.id);
    await deliverApplied(server, { topic: 'products/delete', shop, body: { id: Number(numeric(tea.id)) } });
    expect(await rowOf(accountId, tea)).toMatchObject({ title: 'Pu-erh', available: false });
    // A late products/update from before the delete does not bring it back.
    await deliverApplied(server, productDelivery(shop, 'products/update', tea));
    expect((await rowOf(accountId, tea))?.available).toBe(false);

    const stranger = newShop();
    await deliverApplied(server, { topic: 'products/delete', shop: stranger, body: { id: Number(numeric(tea.id)) } });
    expect(await rowOf(accountId, tea)).toMatchObject({ available: false });
  });
});
