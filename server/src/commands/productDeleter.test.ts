import { afterAll, beforeAll, expect, it } from 'vitest';
import { productMessages } from '@quizlead/shared/schemas/products.ts';
import { products } from '../db/schema/index.ts';
import { findOwnProduct } from '../policies/product.ts';
import { commandDeps } from '../test/commandHooks.ts';
import { createOwner } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { productDeleter } from './productDeleter.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

it('deletes a product typed in, and refuses a shop product (409) keeping it', async () => {
  const owner = await createOwner(server);
  const accountId = owner.account.id;
  const { db } = server.services.database;
  const [manual, shopProduct] = await db
    .insert(products)
    .values([
      { accountId, source: 'manual', title: 'Typed in' },
      { accountId, source: 'shopify', title: 'From the shop' },
    ])
    .returning();

  await productDeleter(commandDeps(server), { accountId, product: manual! });
  await expect(findOwnProduct(db, { accountId }, manual!.id)).rejects.toMatchObject({ status: 404 });

  await expect(productDeleter(commandDeps(server), { accountId, product: shopProduct! })).rejects.toMatchObject({
    status: 409,
    message: productMessages.shopifyManaged,
  });
  expect(await findOwnProduct(db, { accountId }, shopProduct!.id)).toMatchObject({ title: 'From the shop' });
});
