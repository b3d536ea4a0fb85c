import { afterAll, beforeAll, expect, it } from 'vitest';
import { productMessages, ZProductRequest } from '@quizlead/shared/schemas/products.ts';
import { products } from '../db/schema/index.ts';
import { findOwnProduct } from '../policies/product.ts';
import { commandDeps } from '../test/commandHooks.ts';
import { createOwner } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { productSaver } from './productSaver.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const body = (title: string) =>
  ZProductRequest.parse({
    title,
    url: 'https://tea.example.com/sampler',
    imageUrl: null,
    price: '19.90',
    currency: 'EUR',
    tags: ['tea'],
  });

it('adds a product typed in, then saves it whole again', async () => {
  const owner = await createOwner(server);
  const accountId = owner.account.id;
  const created = await productSaver(commandDeps(server), { accountId, product: null, body: body('Sampler') });
  expect(created).toMatchObject({ accountId, source: 'manual', title: 'Sampler', price: '19.90', tags: ['tea'] });

  const saved = await productSaver(commandDeps(server), { accountId, product: created, body: body('Sampler, large') });
  expect(saved).toMatchObject({ id: created.id, source: 'manual', title: 'Sampler, large' });
  expect(await findOwnProduct(server.services.database.db, { accountId }, created.id)).toEqual(saved);
});

it('refuses to save a shop product (409) and leaves it as Shopify has it', async () => {
  const owner = await createOwner(server);
  const accountId = owner.account.id;
  const { db } = server.services.database;
  const [shopProduct] = await db.insert(products).values({ accountId, source: 'shopify', title: 'From the shop' }).returning();

  await expect(
    productSaver(commandDeps(server), { accountId, product: shopProduct!, body: body('Changed') }),
  ).rejects.toMatchObject({
    status: 409,
    message: productMessages.shopifyManaged,
  });
  expect((await findOwnProduct(db, { accountId }, shopProduct!.id)).title).toBe('From the shop');
});
