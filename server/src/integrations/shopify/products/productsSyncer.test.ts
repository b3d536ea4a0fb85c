import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../../db/schema/index.ts';
import type { FakeProduct } from '../../../test/fakes/shopify/index.ts';
import { getShopifyTestServer, type ShopifyTestServer } from '../../../test/getTestServer.ts';
import { installedShop, newShop } from '../../../test/shopifyWebhooks.ts';
import { productsPageSize, shopifyProductRefresher, shopifyProductsSyncer } from './productsSyncer.ts';
import { shopifyProductsUpserter } from './shopifyProducts.ts';

let server: ShopifyTestServer;
beforeAll(async () => {
  server = await getShopifyTestServer();
});
afterAll(() => server.stop());

const db = () => server.services.database.db;
const rowsOf = (accountId: string) =>
  db().select().from(products).where(eq(products.accountId, accountId)).orderBy(asc(products.title));
const rowOf = async (accountId: string, product: FakeProduct) =>
  (await rowsOf(accountId)).find((row) => row.externalId === product.id);
const numeric = (gid: string) => gid.split('/').at(-1)!;
const pageReads = (shop: string) =>
  server.fake.graphqlRequests(shop).filter((request) => request.operation?.includes('ProductsPage'));

describe('shopifyProductsSyncer: the shop’s catalogue into products', () => {
  it('runs after the install: the shop’s active products are there once the install’s job has run', async () => {
    const shop = newShop();
    const tea = server.fake
      .shop(shop)
      .products.add({ title: 'Green tea', tags: ['quiz', 'tea'], variants: [{ price: '12.50' }] });
    const { accountId } = await installedShop(server, shop);
    const [row] = await rowsOf(accountId);
    expect(row).toMatchObject({
      source: 'shopify',
      externalId: tea.id,
      variantId: numeric(tea.variants[0]!.id),
      title: 'Green tea',
      handle: 'green-tea',
      url: `https://${shop}/products/green-tea`,
      imageUrl: 'https://cdn.shopify.com/s/files/1/0001/green-tea.jpg',
      price: '12.50',
      currency: 'USD',
      tags: ['quiz', 'tea'],
      available: true,
    });
    server.fake.expectValidQueries();
  });

  it('pages through every active product (one query, 3 pages) and writes each once', async () => {
    const { shop, accountId } = await installedShop(server);
    const catalogue = server.fake.shop(shop).products;
    const made = Array.from({ length: productsPageSize * 2 + 7 }, (_, index) =>
      catalogue.add({ title: `Tea ${String(index).padStart(3, '0')}`, variants: [{ price: `${index}.00` }] }),
    );
    const before = pageReads(shop).length;

    expect(await shopifyProductsSyncer({ services: server.services, accountId })).toEqual({ synced: made.length });
    const reads = pageReads(shop).slice(before);
    expect(reads).toHaveLength(3);
    expect(reads.map((read) => (read.json!.variables as { after: string | null }).after === null)).toEqual([true, false, false]);
    expect(reads.every((read) => (read.json!.variables as { query: string }).query === 'status:active')).toBe(true);
    const rows = await rowsOf(accountId);
    expect(rows.map((row) => row.externalId)).toEqual(made.map((product) => product.id));
    const last = made.length - 1;
    expect(rows.at(-1)).toMatchObject({ title: `Tea ${String(last).padStart(3, '0')}`, price: `${last}.00`, available: true });

    // Again: the same rows, updated, none added.
    catalogue.update(made[0]!.id, { title: 'Tea 000 (new tin)' });
    await shopifyProductsSyncer({ services: server.services, accountId });
    const again = await rowsOf(accountId);
    expect(again).toHaveLength(made.length);
    expect(again.find((row) => row.externalId === made[0]!.id)?.title).toBe('Tea 000 (new tin)');
    server.fake.expectValidQueries();
  });

  it('is available only while active with a variant for sale, and Add to cart gets the first variant for sale', async () => {
    const { shop, accountId } = await installedShop(server);
    const catalogue = server.fake.shop(shop).products;
    const soldOut = catalogue.add({ title: 'Sold out', variants: [{ price: '5.00', inventoryQuantity: 0 }] });
    const untracked = catalogue.add({ title: 'Untracked', variants: [{ price: '6.00', inventoryQuantity: 0, tracked: false }] });
    const backorder = catalogue.add({
      title: 'Backorder',
      variants: [{ price: '7.00', inventoryQuantity: -3, inventoryPolicy: 'CONTINUE' }],
    });
    const secondInStock = catalogue.add({
      title: 'Second in stock',
      variants: [
        { price: '8.00', inventoryQuantity: 0 },
        { price: '9.50', inventoryQuantity: 2 },
      ],
    });
    const draft = catalogue.add({ title: 'Draft', status: 'DRAFT' });
    const offline = catalogue.add({ title: 'Not on the store', onlineStoreUrl: null, imageUrl: null });

    await shopifyProductsSyncer({ services: server.services, accountId });
    expect(await rowOf(accountId, soldOut)).toMatchObject({ available: false, variantId: null, price: '5.00' });
    expect(await rowOf(accountId, untracked)).toMatchObject({ available: true, variantId: numeric(untracked.variants[0]!.id) });
    expect(await rowOf(accountId, backorder)).toMatchObject({ available: true, variantId: numeric(backorder.variants[0]!.id) });
    expect(await rowOf(accountId, secondInStock)).toMatchObject({
      available: true,
      variantId: numeric(secondInStock.variants[1]!.id),
      price: '9.50',
    });
    // Only active products are read.
    expect(await rowOf(accountId, draft)).toBeUndefined();
    expect(await rowOf(accountId, offline)).toMatchObject({ available: true, url: '', imageUrl: null });
  });

  it('marks products the shop no longer lists as active unavailable, and keeps their rows', async () => {
    const { shop, accountId } = await installedShop(server);
    const catalogue = server.fake.shop(shop).products;
    const [kept, archived, deleted] = ['Kept', 'Archived', 'Deleted'].map((title) => catalogue.add({ title }));
    await shopifyProductsSyncer({ services: server.services, accountId });
    expect((await rowsOf(accountId)).map((row) => [row.title, row.available])).toEqual([
      ['Archived', true],
      ['Deleted', true],
      ['Kept', true],
    ]);

    catalogue.update(archived!.id, { status: 'ARCHIVED' });
    catalogue.remove(deleted!.id);
    await shopifyProductsSyncer({ services: server.services, accountId });
    expect((await rowsOf(accountId)).map((row) => [row.title, row.available])).toEqual([
      ['Archived', false],
      ['Deleted', false],
      ['Kept', true],
    ]);

    // Back on sale: available again.
    catalogue.update(archived!.id, { status: 'ACTIVE' });
    await shopifyProductsSyncer({ services: server.services, accountId });
    expect((await rowOf(accountId, archived!))?.available).toBe(true);
    expect((await rowOf(accountId, kept!))?.available).toBe(true);
  });

  it('waits out a THROTTLED answer and carries on; other failures are thrown for the job to retry', async () => {
    const { shop, accountId } = await installedShop(server);
    server.fake.shop(shop).products.add({ title: 'Chai' });
    server.fake.shop(shop).failNext.push({
      operation: 'ProductsPage',
      throttled: { requestedQueryCost: 552, currentlyAvailable: 502, restoreRate: 1000 },
    });
    await shopifyProductsSyncer({ services: server.services, accountId });
    expect((await rowsOf(accountId)).map((row) => row.title)).toEqual(['Chai']);

    server.fake.shop(shop).failNext.push({ operation: 'ProductsPage', status: 503 });
    await expect(shopifyProductsSyncer({ services: server.services, accountId })).rejects.toThrow();
  });

  it('never writes an older state over a newer one (a webhook applied while a page was on its way)', async () => {
    const { accountId } = await installedShop(server);
    const values = {
      externalId: 'gid://shopify/Product/424242',
      variantId: '1',
      title: 'Newer',
      handle: 'newer',
      url: '',
      imageUrl: null,
      price: '1.00',
      currency: 'USD',
      tags: [],
      available: false,
      updatedAt: new Date('2026-11-23T10:00:00Z'),
    };
    await shopifyProductsUpserter(db(), accountId, [values]);
    await shopifyProductsUpserter(db(), accountId, [
      { ...values, title: 'Older', available: true, updatedAt: new Date('2026-11-23T09:59:59Z') },
    ]);
    expect((await rowsOf(accountId)).map((row) => [row.title, row.available])).toEqual([['Newer', false]]);
    await shopifyProductsUpserter(db(), accountId, [{ ...values, title: 'Same moment' }]);
    expect((await rowsOf(accountId))[0]!.title).toBe('Same moment');
  });
});

describe('shopifyProductRefresher: one product read again', () => {
  it('writes the product as the Admin API has it, and marks one the shop no longer has unavailable', async () => {
    const { shop, accountId } = await installedShop(server);
    const catalogue = server.fake.shop(shop).products;
    const product = catalogue.add({ title: 'Sencha', variants: [{ price: '14.00' }] });
    await shopifyProductRefresher({ services: server.services, accountId, productId: product.id });
    expect(await rowOf(accountId, product)).toMatchObject({ title: 'Sencha', price: '14.00', currency: 'USD', available: true });

    catalogue.remove(product.id);
    await shopifyProductRefresher({ services: server.services, accountId, productId: product.id });
    expect(await rowOf(accountId, product)).toMatchObject({ title: 'Sencha', available: false });
    server.fake.expectValidQueries();
  });
});
