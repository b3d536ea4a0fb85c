import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopifyAdmin } from '../../../integrations/shopify/adminApi.ts';
import {
  addPrizeCodes,
  createPrizeDiscount,
  PrizeDiscountRefusedError,
  prizeDiscountInput,
  readPrizeCodesAdded,
} from '../../../integrations/shopify/discounts/prizeDiscountApi.ts';
import { FakeShopify } from './fakeShopify.ts';
import { rawAdminGraphql } from './rawAdminCall.ts';

const app = { apiKey: 'fake-discounts-key', apiSecret: 'fake-discounts-secret-0123456789' };
let fake: FakeShopify;
beforeAll(async () => {
  fake = await FakeShopify.start(app);
});
afterAll(() => fake.stop());

const newShop = () => `discounts-${crypto.randomUUID().slice(0, 8)}.myshopify.com`;
const prize = {
  kind: 'unique' as const,
  valueType: 'percentage' as const,
  value: 15,
  expiresInDays: 7,
  appliesOncePerCustomer: true as const,
  combinesWith: { orderDiscounts: false, productDiscounts: true, shippingDiscounts: true },
};

const graphql = (shop: string, query: string, variables: Record<string, unknown> = {}) =>
  rawAdminGraphql(fake, app, shop, query, variables);

/** The app's own operations (prizeDiscountApi.ts) sent to the fake, GraphQL errors thrown. */
function admin(shop: string): ShopifyAdmin {
  return {
    shop,
    async graphql<T>(query: string, variables?: Record<string, unknown>) {
      const answer = await graphql(shop, query, variables);
      if (answer.errors) throw new Error(JSON.stringify(answer.errors));
      return answer.data as T;
    },
  };
}

const startsAt = new Date('2026-11-23T10:00:00Z');
const input = (code: string, overrides: Partial<Parameters<typeof prizeDiscountInput>[0]> = {}) =>
  prizeDiscountInput({
    title: 'Spin to win – 15% off',
    code,
    prize,
    startsAt,
    endsAt: new Date('2026-12-07T10:00:00Z'),
    ...overrides,
  });

const readBack = `#graphql
  query ($id: ID!) {
    codeDiscountNode(id: $id) {
      id
      codeDiscount {
        __typename
        ... on DiscountCodeBasic {
          title startsAt endsAt usageLimit appliesOncePerCustomer status
          codesCount { count }
          codes(first: 10) { nodes { code asyncUsageCount } }
          combinesWith { orderDiscounts productDiscounts shippingDiscounts }
          context { __typename ... on DiscountBuyerSelectionAll { all } }
          customerGets {
            value {
              __typename
              ... on DiscountPercentage { percentage }
              ... on DiscountAmount { amount { amount } appliesOnEachItem }
            }
            items { __typename ... on AllDiscountItems { allItems } }
          }
        }
      }
    }
  }`;

describe('fake Shopify: prize discounts', () => {
  it('creates a percentage discount with its first code: every buyer, the whole order, one use per code', async () => {
    const shop = newShop();
    const id = await createPrizeDiscount(admin(shop), input('WIN-FIRST00001'));
    expect(id).toMatch(/^gid:\/\/shopify\/DiscountCodeNode\/\d+$/);
    const { data } = await graphql(shop, readBack, { id });
    expect(data!.codeDiscountNode.codeDiscount).toEqual({
      __typename: 'DiscountCodeBasic',
      title: 'Spin to win – 15% off',
      startsAt: '2026-11-23T10:00:00.000Z',
      endsAt: '2026-12-07T10:00:00.000Z',
      usageLimit: 1,
      appliesOncePerCustomer: true,
      status: expect.stringMatching(/^(ACTIVE|EXPIRED|SCHEDULED)$/),
      codesCount: { count: 1 },
      codes: { nodes: [{ code: 'WIN-FIRST00001', asyncUsageCount: 0 }] },
      combinesWith: { orderDiscounts: false, productDiscounts: true, shippingDiscounts: true },
      context: { __typename: 'DiscountBuyerSelectionAll', all: 'ALL' },
      customerGets: {
        value: { __typename: 'DiscountPercentage', percentage: 0.15 },
        items: { __typename: 'AllDiscountItems', allItems: true },
      },
    });
    expect(
      (
        await graphql(
          shop,
          `
            query {
              codeDiscountNodeByCode(code: "win-first00001") {
                id
              }
            }
          `,
        )
      ).data,
    ).toEqual({
      codeDiscountNodeByCode: { id },
    });

    const fixed = await createPrizeDiscount(
      admin(shop),
      input('WIN-FIXED00001', { prize: { ...prize, valueType: 'fixed_amount', value: 5 }, endsAt: null }),
    );
    const amount = (await graphql(shop, readBack, { id: fixed })).data!.codeDiscountNode.codeDiscount;
    expect(amount.customerGets.value).toEqual({
      __typename: 'DiscountAmount',
      amount: { amount: '5.00' },
      appliesOnEachItem: false,
    });
    expect(amount.endsAt).toBeNull();
    fake.expectValidQueries();
  });

  it('refuses what Shopify refuses, with userErrors, and the deprecated customerSelection loudly', async () => {
    const shop = newShop();
    await createPrizeDiscount(admin(shop), input('WIN-TAKEN00001'));
    const refusal = async (discount: Record<string, unknown>) => {
      try {
        await createPrizeDiscount(admin(shop), discount);
      } catch (error) {
        if (error instanceof PrizeDiscountRefusedError) return error.userErrors.map((entry) => entry.code);
        return (error as Error).message;
      }
      throw new Error('created');
    };
    expect(await refusal(input('win-taken00001'))).toEqual(['TAKEN']);
    expect(
      await refusal({ ...input('WIN-PCT0000001'), customerGets: { value: { percentage: 15 }, items: { all: true } } }),
    ).toEqual(['VALUE_OUTSIDE_RANGE']);
    expect(await refusal({ ...input('WIN-CTX0000001'), context: undefined })).toEqual(['BLANK']);
    expect(await refusal({ ...input('WIN-END0000001'), endsAt: '2026-11-01T00:00:00Z' })).toEqual(['END_DATE_BEFORE_START_DATE']);
    const { context: _context, ...withoutContext } = input('WIN-SEL0000001');
    expect(await refusal({ ...withoutContext, customerSelection: { all: true } })).toContain('customerSelection is deprecated');
    expect(fake.shop(shop).discounts.all()).toHaveLength(1);
    fake.expectValidQueries();
  });

  it('adds at most 250 codes a call, in the background: read back until done, each code made or failed on its own', async () => {
    const shop = newShop();
    const discounts = fake.shop(shop).discounts;
    discounts.pollsBeforeDone = 2;
    discounts.rejectCodes = (code) => code === 'WIN-REJECTED01';
    const id = await createPrizeDiscount(admin(shop), input('WIN-TAKEN00002'));

    const tooMany = Array.from({ length: 251 }, (_, index) => `WIN-MANY${String(index).padStart(6, '0')}`);
    await expect(addPrizeCodes(admin(shop), id, tooMany)).rejects.toThrow(/1 to 250 codes/);
    const raw = await graphql(
      shop,
      'mutation ($id: ID!, $codes: [DiscountRedeemCodeInput!]!) { discountRedeemCodeBulkAdd(discountId: $id, codes: $codes) { bulkCreation { id } userErrors { code } } }',
      {
        id,
        codes: tooMany.map((code) => ({ code })),
      },
    );
    expect(raw.data!.discountRedeemCodeBulkAdd).toEqual({ bulkCreation: null, userErrors: [{ code: 'TOO_MANY_ARGUMENTS' }] });
    await expect(addPrizeCodes(admin(shop), 'gid://shopify/DiscountCodeNode/1', ['WIN-X'])).rejects.toBeInstanceOf(
      PrizeDiscountRefusedError,
    );

    const codes = [
      ...Array.from({ length: 246 }, (_, index) => `WIN-BULK${String(index).padStart(6, '0')}`),
      'WIN-TAKEN00002', // already the discount's first code
      'WIN-BULK000000', // twice in one call
      'WIN-REJECTED01',
      'x'.repeat(256),
    ];
    const creation = await addPrizeCodes(admin(shop), id, codes);
    const first = await readPrizeCodesAdded(admin(shop), creation);
    expect(first).toMatchObject({ done: false, codesCount: 250, importedCount: 0, imported: [] });
    // Not redeemable before the background work runs.
    expect(discounts.redeem('WIN-BULK000001')).toEqual({ ok: false, reason: 'unknown' });
    await readPrizeCodesAdded(admin(shop), creation);
    const done = await readPrizeCodesAdded(admin(shop), creation);
    expect(done).toMatchObject({ done: true, codesCount: 250, importedCount: 246, failedCount: 4 });
    expect(done.imported).toEqual(codes.slice(0, 246));
    expect(discounts.byId(id)!.codes).toHaveLength(247);
    fake.expectValidQueries();
  });

  it('lets each code be used once (usageLimit counts per code), and none after the discount ends', async () => {
    const shop = newShop();
    const discounts = fake.shop(shop).discounts;
    discounts.pollsBeforeDone = 0;
    const id = await createPrizeDiscount(admin(shop), input('WIN-ONCE000001'));
    const creation = await addPrizeCodes(admin(shop), id, ['WIN-ONCE000002']);
    expect((await readPrizeCodesAdded(admin(shop), creation)).imported).toEqual(['WIN-ONCE000002']);
    const during = new Date('2026-11-30T00:00:00Z');
    expect(discounts.redeem('win-once000001', during)).toEqual({ ok: true });
    expect(discounts.redeem('WIN-ONCE000001', during)).toEqual({ ok: false, reason: 'used up' });
    expect(discounts.redeem('WIN-ONCE000002', during)).toEqual({ ok: true });
    await createPrizeDiscount(admin(shop), input('WIN-LATE000001'));
    expect(discounts.redeem('WIN-LATE000001', new Date('2026-12-08T00:00:00Z'))).toEqual({ ok: false, reason: 'not active' });
  });

  it('keeps an operation that does not fit the schema out, as Shopify would', async () => {
    const shop = newShop();
    const before = fake.invalidQueries.length;
    const answer = await graphql(
      shop,
      'query { discountRedeemCodeBulkCreation(id: "gid://shopify/DiscountRedeemCodeBulkCreation/1") { status } }',
    );
    expect(answer.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(fake.invalidQueries).toHaveLength(before + 1);
    fake.invalidQueries.splice(before);
  });
});
