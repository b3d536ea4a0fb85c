import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeShopify } from './fakeShopify.ts';
import { rawAdminGraphql } from './rawAdminCall.ts';
import { fakeAppClientId } from './fakeMetafields.ts';

const app = { apiKey: 'fake-metafields-key', apiSecret: 'fake-metafields-secret-0123456789' };
let fake: FakeShopify;
beforeAll(async () => {
  fake = await FakeShopify.start(app);
});
afterAll(() => fake.stop());

const newShop = () => `metafields-${crypto.randomUUID().slice(0, 8)}.myshopify.com`;

const graphql = (shop: string, query: string, variables: Record<string, unknown> = {}) =>
  rawAdminGraphql(fake, app, shop, query, variables);

const createDefinition = `mutation Create($definition: MetafieldDefinitionInput!) {
  metafieldDefinitionCreate(definition: $definition) { createdDefinition { id namespace key } userErrors { field message code } }
}`;
const setMetafields = `mutation Set($metafields: [MetafieldsSetInput!]!) {
  metafieldsSet(metafields: $metafields) { metafields { key value } userErrors { field message code elementIndex } }
}`;

describe('fake Shopify customer metafields', () => {
  it('resolves $app namespaces, refuses a taken key, admin access outside the app namespace and filtering a json', async () => {
    const shop = newShop();
    const definition = { namespace: '$app:quizlead', key: 'skin_quiz', name: 'Skin quiz', ownerType: 'CUSTOMER', type: 'json' };
    const made = await graphql(shop, createDefinition, { definition: { ...definition, access: { admin: 'MERCHANT_READ' } } });
    expect(made.data.metafieldDefinitionCreate.createdDefinition).toMatchObject({
      namespace: `app--${fakeAppClientId}--quizlead`,
      key: 'skin_quiz',
    });
    const again = await graphql(shop, createDefinition, { definition });
    expect(again.data.metafieldDefinitionCreate.userErrors).toMatchObject([{ code: 'TAKEN' }]);
    const foreign = await graphql(shop, createDefinition, {
      definition: { ...definition, namespace: 'custom', access: { admin: 'MERCHANT_READ' } },
    });
    expect(foreign.data.metafieldDefinitionCreate.userErrors).toMatchObject([{ code: 'ADMIN_ACCESS_INPUT_NOT_ALLOWED' }]);
    const filterableJson = await graphql(shop, createDefinition, {
      definition: { ...definition, key: 'other', capabilities: { adminFilterable: { enabled: true } } },
    });
    expect(filterableJson.data.metafieldDefinitionCreate.userErrors).toMatchObject([{ code: 'INVALID_CAPABILITY' }]);
    expect(fake.shop(shop).metafields.definitions).toHaveLength(1);
    fake.expectValidQueries();
  });

  it('metafieldsSet: at most 25, the definition’s type, valid values, atomic', async () => {
    const shop = newShop();
    const customer = fake.shop(shop).customers.add({ email: 'a@example.com' });
    await graphql(shop, createDefinition, {
      definition: { namespace: '$app:quizlead', key: 'q-budget', name: 'Budget', ownerType: 'CUSTOMER', type: 'number_integer' },
    });
    const one = (key: string, value: string, type?: string) => ({
      ownerId: customer.id,
      namespace: '$app:quizlead',
      key,
      value,
      ...(type ? { type } : {}),
    });
    const tooMany = await graphql(shop, setMetafields, {
      metafields: Array.from({ length: 26 }, (_, index) => one(`k${index}`, 'x', 'single_line_text_field')),
    });
    expect(tooMany.errors[0].message).toBe('The input array size of 26 is greater than the maximum allowed of 25.');

    const refused = await graphql(shop, setMetafields, {
      metafields: [
        one('q-text', 'fine', 'single_line_text_field'),
        one('q-budget', '4.5', 'number_decimal'),
        one('q-lines', 'two\nlines', 'single_line_text_field'),
        one('q-untyped', 'x'),
        one('q-big', JSON.stringify({ text: 'x'.repeat(140_000) }), 'json'),
      ],
    });
    expect(
      refused.data.metafieldsSet.userErrors.map((error: { code: string; elementIndex: number }) => [
        error.elementIndex,
        error.code,
      ]),
    ).toEqual([
      [1, 'INVALID_TYPE'],
      [2, 'INVALID_VALUE'],
      [3, 'BLANK'],
      [4, 'INVALID_VALUE'],
    ]);
    // Atomic: the valid first one was not saved either.
    expect(fake.shop(shop).metafields.of(customer.id)).toEqual({});

    const saved = await graphql(shop, setMetafields, {
      metafields: [one('q-budget', '40'), one('q-list', '["A","B"]', 'list.single_line_text_field')],
    });
    expect(saved.data.metafieldsSet.userErrors).toEqual([]);
    const stored = fake.shop(shop).metafields.of(customer.id);
    expect(stored['q-budget']).toMatchObject({ type: 'number_integer', value: '40' });
    expect(stored['q-list']).toMatchObject({ type: 'list.single_line_text_field', value: '["A","B"]' });
    fake.expectValidQueries();
  });
});
