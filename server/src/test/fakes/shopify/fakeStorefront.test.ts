import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storefrontTokenCreateMutation } from '../../../commands/storefrontTokenCreator.ts';
import { localizedProductsQuery } from '../../../integrations/shopify/storefront/storefrontApi.ts';
import { FakeShopify } from './fakeShopify.ts';
import { rawAdminGraphql } from './rawAdminCall.ts';

const app = { apiKey: 'fake-storefront-key', apiSecret: 'fake-storefront-secret-0123456789' };
let fake: FakeShopify;
beforeAll(async () => {
  fake = await FakeShopify.start(app);
  fake.scope = 'read_products,unauthenticated_read_product_listings';
});
afterAll(() => fake.stop());

const newShop = () => `storefront-${crypto.randomUUID().slice(0, 8)}.myshopify.com`;

async function storefrontToken(shop: string): Promise<string> {
  const answer = await rawAdminGraphql(fake, app, shop, storefrontTokenCreateMutation, { input: { title: 'Test' } });
  expect(answer.data.storefrontAccessTokenCreate.userErrors).toEqual([]);
  return answer.data.storefrontAccessTokenCreate.storefrontAccessToken.accessToken as string;
}

const storefront = async (shop: string, body: unknown, headers: Record<string, string>) => {
  const response = await fetch(`${fake.origin}/api/2026-10/graphql.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-host': shop, ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
};

describe('fake Shopify: the Storefront API', () => {
  it('makes tokens with the app’s unauthenticated scopes, and answers only its own shop’s', async () => {
    const shop = newShop();
    const answer = await rawAdminGraphql(fake, app, shop, storefrontTokenCreateMutation, { input: { title: 'Quizlead' } });
    const made = answer.data.storefrontAccessTokenCreate.storefrontAccessToken;
    expect(made.accessScopes).toEqual([{ handle: 'unauthenticated_read_product_listings' }]);
    const tea = fake.shop(shop).products.add({ title: 'Green tea' });
    const query = { query: localizedProductsQuery({}), variables: { ids: [tea.id] } };

    const own = await storefront(shop, query, { 'x-shopify-storefront-access-token': made.accessToken });
    expect(own.status).toBe(200);
    expect(own.body.data.nodes[0].title).toBe('Green tea');
    expect(own.body.extensions.context).toEqual({ country: 'US', language: 'EN' });

    expect((await storefront(shop, query, {})).status).toBe(401);
    expect((await storefront(shop, query, { 'x-shopify-access-token': made.accessToken })).status).toBe(401);
    expect((await storefront(newShop(), query, { 'x-shopify-storefront-access-token': made.accessToken })).status).toBe(401);
    fake.uninstall(shop);
    expect((await storefront(shop, query, { 'x-shopify-storefront-access-token': made.accessToken })).status).toBe(401);
    fake.expectValidQueries();
  });

  it('answers in the @inContext market and language, falling back as Shopify documents', async () => {
    const shop = newShop();
    const token = await storefrontToken(shop);
    const fakeShop = fake.shop(shop);
    const tea = fakeShop.products.add({ title: 'Green tea', variants: [{ price: '10.00' }, { price: '8.00' }] });
    const hidden = fakeShop.products.add({ title: 'Unpublished', onlineStoreUrl: null });
    fakeShop.storefront.addMarket({ country: 'CA', currency: 'CAD', rate: 1.35, languages: ['FR'] });
    fakeShop.storefront.translate(tea.id, 'FR', 'Thé vert');
    const read = (country?: string, language?: string) =>
      storefront(
        shop,
        {
          query: localizedProductsQuery({ country, ...(language ? { language: language as 'fr' } : {}) }),
          variables: {
            ids: [tea.id, hidden.id],
            ...(country ? { country } : {}),
            ...(language ? { language: language.toUpperCase() } : {}),
          },
        },
        { 'x-shopify-storefront-access-token': token },
      );

    const canada = await read('CA', 'fr');
    expect(canada.body.extensions.context).toEqual({ country: 'CA', language: 'FR' });
    expect(canada.body.data.nodes).toEqual([
      {
        id: tea.id,
        title: 'Thé vert',
        priceRange: { minVariantPrice: { amount: '10.80', currencyCode: 'CAD' } },
        variants: {
          nodes: tea.variants.map((variant, index) => ({
            id: variant.id,
            availableForSale: true,
            price: { amount: ['13.50', '10.80'][index], currencyCode: 'CAD' },
          })),
        },
      },
      null,
    ]);
    // A language not active in the country, and a country the shop does not sell in.
    expect((await read('CA', 'de')).body.extensions.context).toEqual({ country: 'CA', language: 'EN' });
    const germany = await read('DE', 'fr');
    expect(germany.body.extensions.context).toEqual({ country: 'US', language: 'EN' });
    expect(germany.body.data.nodes[0]).toMatchObject({
      title: 'Green tea',
      priceRange: { minVariantPrice: { currencyCode: 'USD' } },
    });
    fake.expectValidQueries();
  });

  it('refuses what the documented shape does not have, and reads without the listings scope', async () => {
    const shop = newShop();
    const token = await storefrontToken(shop);
    const headers = { 'x-shopify-storefront-access-token': token };
    const before = fake.invalidQueries.length;
    // priceV2 is gone from the Storefront API (2022-07), and inContext takes no currency.
    const stale = await storefront(
      shop,
      { query: 'query { nodes(ids: ["gid://shopify/Product/1"]) { ... on Product { priceV2 { amount } } } }' },
      headers,
    );
    expect(stale.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const wrongDirective = await storefront(shop, { query: 'query @inContext(currency: CAD) { node(id: "x") { id } }' }, headers);
    expect(wrongDirective.body.errors).toBeTruthy();
    const unknownCountry = await storefront(
      shop,
      { query: localizedProductsQuery({ country: 'XX' }), variables: { ids: [], country: 'XX' } },
      headers,
    );
    expect(unknownCountry.body.errors).toBeTruthy();
    expect(fake.invalidQueries.length - before).toBe(3);
    fake.invalidQueries.splice(before);

    fake.scope = 'read_products';
    try {
      const denied = await storefront(shop, { query: localizedProductsQuery({}), variables: { ids: [] } }, headers);
      expect(denied.body.errors[0].extensions.code).toBe('ACCESS_DENIED');
    } finally {
      fake.scope = 'read_products,unauthenticated_read_product_listings';
    }
  });
});
