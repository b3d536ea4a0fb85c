import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productQuery, productsPageQuery } from '../../../integrations/shopify/products/shopifyProducts.ts';
import { FakeShopify } from './fakeShopify.ts';
import { rawAdminGraphql } from './rawAdminCall.ts';

const app = { apiKey: 'fake-products-key', apiSecret: 'fake-products-secret-0123456789' };
let fake: FakeShopify;
beforeAll(async () => {
  fake = await FakeShopify.start(app);
});
afterAll(() => fake.stop());

const newShop = () => `products-${crypto.randomUUID().slice(0, 8)}.myshopify.com`;

const graphql = (shop: string, query: string, variables: Record<string, unknown> = {}) =>
  rawAdminGraphql(fake, app, shop, query, variables);

describe('fake Shopify: products', () => {
  it('pages the active products with cursors, in id order, with the fields the app reads', async () => {
    const shop = newShop();
    const catalogue = fake.shop(shop).products;
    const made = Array.from({ length: 5 }, (_, index) => catalogue.add({ title: `Tea ${index}`, tags: ['quiz'] }));
    catalogue.add({ title: 'Old tea', status: 'ARCHIVED' });
    const soldOut = catalogue.add({
      title: 'Rare tea',
      imageUrl: null,
      onlineStoreUrl: null,
      collections: ['Rare finds', 'Teas'],
      variants: [
        { price: '30.00', inventoryQuantity: 0 },
        { price: '25.50', inventoryQuantity: 0, tracked: false },
      ],
    });

    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const answer = await graphql(shop, productsPageQuery, { first: 2, after, query: 'status:active' });
      expect(answer.errors).toBeUndefined();
      const page = answer.data!.products;
      seen.push(...page.nodes.map((node: { id: string }) => node.id));
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
      pages++;
    } while (after);
    expect(pages).toBe(3);
    expect(seen).toEqual([...made, soldOut].map((product) => product.id));

    const { data } = await graphql(shop, productQuery, { id: soldOut.id });
    expect(data!.product).toEqual({
      id: soldOut.id,
      title: 'Rare tea',
      handle: 'rare-tea',
      status: 'ACTIVE',
      tags: [],
      onlineStoreUrl: null,
      updatedAt: soldOut.updatedAt,
      featuredMedia: null,
      priceRangeV2: { minVariantPrice: { amount: '25.50', currencyCode: 'USD' } },
      variants: {
        nodes: [
          {
            id: soldOut.variants[0]!.id,
            legacyResourceId: soldOut.variants[0]!.id.split('/').at(-1),
            price: '30.00',
            availableForSale: false,
          },
          // Untracked: for sale with no stock.
          {
            id: soldOut.variants[1]!.id,
            legacyResourceId: soldOut.variants[1]!.id.split('/').at(-1),
            price: '25.50',
            availableForSale: true,
          },
        ],
      },
      // One gid per collection title in the shop, in the order the product joined them.
      collections: {
        nodes: [
          { id: catalogue.collectionId('Rare finds'), title: 'Rare finds' },
          { id: catalogue.collectionId('Teas'), title: 'Teas' },
        ],
      },
    });
    expect(catalogue.collectionId('Teas')).toMatch(/^gid:\/\/shopify\/Collection\/\d+$/);
    const first = (await graphql(shop, productQuery, { id: made[0]!.id })).data!.product;
    expect(first).toMatchObject({
      onlineStoreUrl: `https://${shop}/products/tea-0`,
      featuredMedia: { preview: { image: { url: 'https://cdn.shopify.com/s/files/1/0001/tea-0.jpg' } } },
    });
    expect((await graphql(shop, productQuery, { id: 'gid://shopify/Product/1' })).data!.product).toBeNull();
    fake.expectValidQueries();
  });

  it('continues after a cursor whose product was deleted, and filters by status, tag and title', async () => {
    const shop = newShop();
    const catalogue = fake.shop(shop).products;
    const [a, b, c] = ['Apple', 'Banana', 'Cherry'].map((title) =>
      catalogue.add({ title, tags: title === 'Cherry' ? ['Red'] : [] }),
    );
    const query = `query ($after: String, $q: String) { products(first: 1, after: $after, query: $q, sortKey: TITLE) {
      nodes { title } pageInfo { hasNextPage endCursor } } }`;
    const firstPage = (await graphql(shop, query, {})).data!.products;
    expect(firstPage.nodes).toEqual([{ title: 'Apple' }]);
    catalogue.remove(a!.id);
    const next = (await graphql(shop, query, { after: firstPage.pageInfo.endCursor })).data!.products;
    expect(next.nodes).toEqual([{ title: 'Banana' }]);
    expect(b).toBeDefined();

    catalogue.update(c!.id, { status: 'DRAFT' });
    const titles = async (q: string) =>
      (
        await graphql(
          shop,
          `
            query ($q: String) {
              products(first: 10, query: $q) {
                nodes {
                  title
                }
              }
            }
          `,
          { q },
        )
      ).data!.products.nodes.map((node: { title: string }) => node.title);
    expect(await titles('status:active')).toEqual(['Banana']);
    expect(await titles('status:active,draft')).toEqual(['Banana', 'Cherry']);
    expect(await titles('tag:red AND status:draft')).toEqual(['Cherry']);
    expect(await titles("title:'ban'")).toEqual(['Banana']);
    // A filter the fake does not know fails loudly instead of being ignored.
    const unknown = await graphql(
      shop,
      `
        query {
          products(first: 10, query: "vendor:acme") {
            nodes {
              id
            }
          }
        }
      `,
    );
    expect(unknown.errors?.[0]?.message).toMatch(/status:, tag: and title:/);
    fake.expectValidQueries();
  });

  it('rejects a field the Admin schema does not have, and deprecated-free reads validate', async () => {
    const shop = newShop();
    fake.shop(shop).products.add({ title: 'Mint' });
    const before = fake.invalidQueries.length;
    // `price` is a variant's field, not a product's; `imageUrl` exists nowhere.
    const wrong = await graphql(
      shop,
      `
        query {
          products(first: 5) {
            nodes {
              id
              price
              featuredMedia {
                imageUrl
              }
            }
          }
        }
      `,
    );
    expect(wrong.data).toBeUndefined();
    expect(wrong.errors.map((error: { message: string }) => error.message)).toEqual([
      'Cannot query field "price" on type "Product".',
      'Cannot query field "imageUrl" on type "Media".',
    ]);
    // A variable of the wrong type is refused before anything runs.
    const badVariable = await graphql(shop, productsPageQuery, { first: 'fifty', query: 'status:active' });
    expect(badVariable.data).toBeUndefined();
    expect(fake.invalidQueries.length).toBe(before + 2);
    expect(() => fake.expectValidQueries()).toThrow(/Cannot query field "price" on type "Product"/);
    fake.invalidQueries.length = before;
  });

  it('gives products/* webhook bodies in the REST shape (numeric ids, lowercase status, tags as one string)', () => {
    const catalogue = fake.shop(newShop()).products;
    const product = catalogue.add({
      title: 'Oolong',
      tags: ['quiz', 'Green tea'],
      variants: [{ price: '12.00', inventoryPolicy: 'CONTINUE' }],
    });
    const payload = catalogue.webhookPayload(product);
    expect(payload).toMatchObject({
      admin_graphql_api_id: product.id,
      id: Number(product.id.split('/').at(-1)),
      status: 'active',
      tags: 'quiz, Green tea',
      variants: [
        { id: Number(product.variants[0]!.id.split('/').at(-1)), price: '12.00', inventory_policy: 'continue', position: 1 },
      ],
      image: { src: product.imageUrl },
    });
  });
});
