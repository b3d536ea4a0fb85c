import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productLimits, productMessages, ZProductListResponse, ZProductResponse } from '@quizlead/shared/schemas/products.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { products } from '../../../db/schema/index.ts';
import { createMember, createOwner } from '../../../test/factories.ts';
import { getTestServer, type TestClient, type TestServer } from '../../../test/getTestServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const png = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
);
const upload = async (client: TestClient) =>
  (await client.request('POST', '/api/v1/files?purpose=image', png, { 'content-type': 'image/png' })).body.data as {
    id: string;
    url: string;
  };

const valid = {
  title: 'Green tea sampler',
  url: 'https://tea.example.com/products/sampler',
  imageUrl: 'https://tea.example.com/sampler.jpg',
  price: '19.90',
  currency: 'eur',
  tags: ['tea', 'Gift', 'gift '],
};

const create = async (client: TestClient, body: Record<string, unknown> = {}) => {
  const response = await client.post('/api/v1/products', { ...valid, ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as { id: string; title: string };
};

describe('POST /api/v1/products', () => {
  it('401 → 400 naming the field with the message → 201 with the product as a manual one', async () => {
    expect((await server.client().post('/api/v1/products', valid)).status).toBe(401);
    const { client } = await createOwner(server);
    const cases: [unknown, string, string][] = [
      [{ ...valid, title: undefined }, productMessages.titleRequired, 'title'],
      [{ ...valid, title: '  ' }, productMessages.titleRequired, 'title'],
      [{ ...valid, title: 't'.repeat(productLimits.title + 1) }, productMessages.titleTooLong, 'title'],
      [{ ...valid, url: undefined }, productMessages.urlInvalid, 'url'],
      [{ ...valid, url: 'http://tea.example.com/' }, productMessages.urlInvalid, 'url'],
      [{ ...valid, url: 'javascript:alert(1)' }, productMessages.urlInvalid, 'url'],
      [{ ...valid, url: 'https://tea.example.com/a b' }, productMessages.urlInvalid, 'url'],
      [{ ...valid, url: `https://tea.example.com/${'p'.repeat(productLimits.url)}` }, productMessages.urlInvalid, 'url'],
      [{ ...valid, imageUrl: 'data:image/png;base64,AAAA' }, productMessages.imageInvalid, 'imageUrl'],
      [{ ...valid, imageUrl: 'http://tea.example.com/a.jpg' }, productMessages.imageInvalid, 'imageUrl'],
      [{ ...valid, price: undefined }, productMessages.priceInvalid, 'price'],
      [{ ...valid, price: 19.9 }, productMessages.priceInvalid, 'price'],
      [{ ...valid, price: '-1.00' }, productMessages.priceInvalid, 'price'],
      [{ ...valid, price: '1e3' }, productMessages.priceInvalid, 'price'],
      [{ ...valid, price: '12.' }, productMessages.priceInvalid, 'price'],
      [{ ...valid, currency: 'EURO' }, productMessages.currencyInvalid, 'currency'],
      [{ ...valid, currency: '€' }, productMessages.currencyInvalid, 'currency'],
      [{ ...valid, tags: 'tea' }, productMessages.tagsInvalid, 'tags'],
      [{ ...valid, tags: ['tea', ' '] }, productMessages.tagsInvalid, 'tags.1'],
      [{ ...valid, tags: ['t'.repeat(productLimits.tag + 1)] }, productMessages.tagTooLong, 'tags.0'],
      [
        { ...valid, tags: Array.from({ length: productLimits.tags + 1 }, (_, i) => `t${i}`) },
        productMessages.tagsTooMany,
        'tags',
      ],
      [{ ...valid, available: 'yes' }, productMessages.availableInvalid, 'available'],
    ];
    for (const [body, message, field] of cases) {
      const response = await client.post('/api/v1/products', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toEqual({ code: 'validation', message, field });
    }

    const created = await client.post('/api/v1/products', valid);
    expect(created.status).toBe(201);
    expect(ZProductResponse.parse(created.body).data).toEqual({
      id: created.body.data.id,
      source: 'manual',
      externalId: null,
      variantId: null,
      title: 'Green tea sampler',
      url: 'https://tea.example.com/products/sampler',
      imageUrl: 'https://tea.example.com/sampler.jpg',
      price: '19.90',
      currency: 'EUR',
      // Once each, without case.
      tags: ['tea', 'Gift'],
      available: true,
    });
    const free = await client.post('/api/v1/products', {
      ...valid,
      price: '0',
      imageUrl: null,
      tags: undefined,
      available: false,
    });
    expect(free.body.data).toMatchObject({ price: '0', imageUrl: null, tags: [], available: false });
  });

  it('takes the account’s own upload as the image, not another account’s', async () => {
    const { client } = await createOwner(server);
    const other = await createOwner(server);
    const own = await upload(client);
    expect((await create(client, { imageUrl: own.url })) as unknown).toMatchObject({ imageUrl: own.url });
    const foreign = await upload(other.client);
    const refused = await client.post('/api/v1/products', { ...valid, imageUrl: foreign.url });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual({ code: 'validation', message: messages.images.notOwn, field: 'imageUrl' });
  });
});

describe('GET /api/v1/products', () => {
  it('lists available products first, then by title without case, paged, searching titles and tags', async () => {
    const { client, account } = await createOwner(server);
    await create(client, { title: 'banana bread mix', tags: ['Baking'] });
    await create(client, { title: 'Apple pie', tags: [] });
    await create(client, { title: 'Cherry jam', available: false });
    await create(client, { title: '100% cocoa', tags: ['chocolate'] });
    const list = await client.get('/api/v1/products');
    expect(list.status).toBe(200);
    const page = ZProductListResponse.parse(list.body).data;
    expect(page).toMatchObject({ total: 4, page: 1, pageSize: productLimits.pageSize });
    expect(page.items.map((item) => item.title)).toEqual(['100% cocoa', 'Apple pie', 'banana bread mix', 'Cherry jam']);

    const titles = async (search: string) =>
      (await client.get(`/api/v1/products?search=${encodeURIComponent(search)}`)).body.data.items.map(
        (item: { title: string }) => item.title,
      );
    expect(await titles('BREAD')).toEqual(['banana bread mix']);
    expect(await titles('bak')).toEqual(['banana bread mix']);
    expect(await titles('CHOC')).toEqual(['100% cocoa']);
    // LIKE wildcards are taken literally.
    expect(await titles('%')).toEqual(['100% cocoa']);
    expect(await titles('_')).toEqual([]);
    expect(await titles('  ')).toHaveLength(4);

    // Paging: pageSize a page, in the same order.
    await server.services.database.db.insert(products).values(
      Array.from({ length: productLimits.pageSize }, (_, index) => ({
        accountId: account.id,
        source: 'manual' as const,
        title: `Zz ${String(index).padStart(2, '0')}`,
      })),
    );
    const first = (await client.get('/api/v1/products?page=1')).body.data;
    const second = (await client.get('/api/v1/products?page=2')).body.data;
    expect(first.total).toBe(productLimits.pageSize + 4);
    expect(first.items).toHaveLength(productLimits.pageSize);
    expect(second.items.map((item: { title: string }) => item.title)).toEqual(['Zz 47', 'Zz 48', 'Zz 49', 'Cherry jam']);
    const bad = await client.get('/api/v1/products?page=0');
    expect([bad.status, bad.body.error.field]).toEqual([400, 'page']);
    expect((await client.get(`/api/v1/products?search=${'s'.repeat(101)}`)).body.error.field).toBe('search');
  });
});

describe('PUT and DELETE /api/v1/products/{id}', () => {
  it('saves the whole product again, and deletes it with the upload only it showed', async () => {
    const { client } = await createOwner(server);
    const [first, second] = [await upload(client), await upload(client)];
    const product = await create(client, { imageUrl: first.url });
    const shared = await create(client, { title: 'Same picture', imageUrl: second.url });

    const saved = await client.put(`/api/v1/products/${product.id}`, {
      ...valid,
      title: 'Sampler (large)',
      imageUrl: second.url,
      price: '24.00',
      currency: 'USD',
      tags: ['tea'],
      available: false,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      id: product.id,
      title: 'Sampler (large)',
      price: '24.00',
      currency: 'USD',
      available: false,
    });
    // The first image is no longer shown anywhere: deleted. The second is, twice.
    expect((await fetch(`${server.url}${first.url}`)).status).toBe(404);
    expect((await client.delete(`/api/v1/files/${second.id}`)).status).toBe(409);
    const invalid = await client.put(`/api/v1/products/${product.id}`, { ...valid, price: 'ten' });
    expect([invalid.status, invalid.body.error.field]).toEqual([400, 'price']);

    const deleted = await client.delete(`/api/v1/products/${product.id}`);
    expect(deleted.body).toEqual({ data: { message: productMessages.deleted } });
    expect((await client.delete(`/api/v1/products/${product.id}`)).status).toBe(404);
    expect((await fetch(`${server.url}${second.url}`)).status).toBe(200);
    await client.delete(`/api/v1/products/${shared.id}`);
    expect((await fetch(`${server.url}${second.url}`)).status).toBe(404);
    expect((await client.get('/api/v1/products')).body.data.total).toBe(0);
  });

  it('answers 404 for a malformed or unknown id', async () => {
    const { client } = await createOwner(server);
    expect((await client.put('/api/v1/products/not-a-uuid', valid)).status).toBe(400);
    expect((await client.put(`/api/v1/products/${crypto.randomUUID()}`, valid)).status).toBe(404);
    expect((await client.delete(`/api/v1/products/${crypto.randomUUID()}`)).status).toBe(404);
  });
});

describe('POST /api/v1/products/sync (standalone)', () => {
  it('is for Shopify stores only: 400 with the message, nothing queued', async () => {
    const { client } = await createOwner(server);
    const refused = await client.post('/api/v1/products/sync');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual({ code: 'validation', message: productMessages.syncShopifyOnly });
  });
});

describe('roles and other accounts', () => {
  it('lets members read and change products', async () => {
    const owner = await createOwner(server);
    const member = await createMember(server, owner.account);
    const product = await create(member.client);
    expect((await member.client.get('/api/v1/products')).body.data.total).toBe(1);
    expect((await member.client.put(`/api/v1/products/${product.id}`, { ...valid, title: 'By a member' })).status).toBe(200);
    expect((await member.client.delete(`/api/v1/products/${product.id}`)).status).toBe(200);
  });

  it('answers 404 to another account on every product id route, changes nothing, and lists none of them', async () => {
    const owner = await createOwner(server);
    const intruder = await createOwner(server);
    const product = await create(owner.client, { title: 'Owner’s tea' });
    const attempts = await Promise.all([
      intruder.client.put(`/api/v1/products/${product.id}`, { ...valid, title: 'Hijacked' }),
      intruder.client.delete(`/api/v1/products/${product.id}`),
    ]);
    expect(attempts.map((attempt) => attempt.status)).toEqual([404, 404]);
    expect((await intruder.client.get('/api/v1/products')).body.data.total).toBe(0);
    expect((await owner.client.get('/api/v1/products')).body.data.items).toMatchObject([
      { id: product.id, title: 'Owner’s tea' },
    ]);
  });
});
