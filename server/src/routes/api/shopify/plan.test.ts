import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZShopifyPlanResponse } from '@quizlead/shared/schemas/shopifyAccount.ts';
import { shopifyPlanMessages } from '@quizlead/shared/shopify.ts';
import { accounts } from '../../../db/schema/index.ts';
import { createOwner } from '../../../test/factories.ts';
import { getShopifyTestServer, type ShopifyTestServer } from '../../../test/getTestServer.ts';
import { deliverApplied, installedShop, newShop } from '../../../test/shopifyWebhooks.ts';
import { planFeatures } from '@quizlead/shared/planFeatures.ts';

let server: ShopifyTestServer;
beforeAll(async () => {
  server = await getShopifyTestServer();
});
afterAll(() => server.stop());

const modeOf = async (accountId: string) =>
  (await server.services.database.db.select({ mode: accounts.mode }).from(accounts).where(eq(accounts.id, accountId)))[0]!.mode;

/**
 * A moment `seconds` after the test started: later than the install's own read of the plan, which
 * newer news must win over and older news must not.
 */
const started = Date.now() + 5_000;
const at = (seconds: number) => new Date(started + seconds * 1000).toISOString();

const subscriptionUpdate = (shop: string, id: number, status: string, updatedAt: string) => ({
  topic: 'app_subscriptions/update',
  shop,
  body: {
    app_subscription: {
      admin_graphql_api_id: `gid://shopify/AppSubscription/${id}`,
      name: id === 1 ? 'Starter' : 'Pro',
      status,
      admin_graphql_api_shop_id: 'gid://shopify/Shop/1',
      created_at: '2026-11-01T00:00:00Z',
      updated_at: updatedAt,
      currency: 'USD',
      price: '9.99',
      interval: 'every_30_days',
    },
  },
});

describe('app_subscriptions/update', () => {
  it('keeps accounts.mode in step: ACTIVE is paid, anything else free', async () => {
    const { shop, accountId } = await installedShop(server);
    expect(await modeOf(accountId)).toBe('free');
    await deliverApplied(server, subscriptionUpdate(shop, 1, 'PENDING', at(0)));
    expect(await modeOf(accountId)).toBe('free');
    await deliverApplied(server, subscriptionUpdate(shop, 1, 'ACTIVE', at(60)));
    expect(await modeOf(accountId)).toBe('paid');
    // The same news again changes nothing.
    await deliverApplied(server, subscriptionUpdate(shop, 1, 'ACTIVE', at(60)));
    expect(await modeOf(accountId)).toBe('paid');
    await deliverApplied(server, subscriptionUpdate(shop, 1, 'CANCELLED', at(120)));
    expect(await modeOf(accountId)).toBe('free');
    // A late delivery of older news does not undo the cancellation.
    await deliverApplied(server, subscriptionUpdate(shop, 1, 'ACTIVE', at(90)));
    expect(await modeOf(accountId)).toBe('free');
  });

  it('a plan change: the old subscription ending after the new one began leaves the shop paid, in either order', async () => {
    const first = await installedShop(server);
    await deliverApplied(server, subscriptionUpdate(first.shop, 1, 'ACTIVE', at(0)));
    await deliverApplied(server, subscriptionUpdate(first.shop, 2, 'ACTIVE', at(3600)));
    await deliverApplied(server, subscriptionUpdate(first.shop, 1, 'CANCELLED', at(3601)));
    expect(await modeOf(first.accountId)).toBe('paid');

    const second = await installedShop(server);
    await deliverApplied(server, subscriptionUpdate(second.shop, 1, 'ACTIVE', at(0)));
    await deliverApplied(server, subscriptionUpdate(second.shop, 1, 'CANCELLED', at(3600)));
    await deliverApplied(server, subscriptionUpdate(second.shop, 2, 'ACTIVE', at(3601)));
    expect(await modeOf(second.accountId)).toBe('paid');
  });
});

describe('after an install', () => {
  it('reads the plan from Shopify, so a shop that pays (again, after a reinstall) is paid from the start', async () => {
    const shop = newShop();
    server.fake.shop(shop).query.currentAppInstallation = {
      activeSubscriptions: [
        { id: 'gid://shopify/AppSubscription/5', name: 'Pro', status: 'ACTIVE', test: false, currentPeriodEnd: null },
      ],
    };
    const { accountId } = await installedShop(server, shop);
    await expect.poll(() => modeOf(accountId), { timeout: 10_000 }).toBe('paid');

    await deliverApplied(server, { topic: 'app/uninstalled', shop, body: { myshopify_domain: shop } });
    expect(await modeOf(accountId)).toBe('free');
    await installedShop(server, shop);
    await expect.poll(() => modeOf(accountId), { timeout: 10_000 }).toBe('paid');
    server.fake.expectValidQueries();
  });
});

describe('GET /api/v1/shopify/plan', () => {
  it('reads the plan from Shopify’s Admin API (App Pricing), records it, and links Shopify’s plan page', async () => {
    const { shop, owner, accountId } = await installedShop(server);
    const handle = shop.replace('.myshopify.com', '');
    const planPageUrl = `https://admin.shopify.com/store/${handle}/charges/quizlead/pricing_plans`;
    expect((await server.client().get('/api/v1/shopify/plan')).status).toBe(401);

    const free = await owner.get('/api/v1/shopify/plan');
    expect(free.status).toBe(200);
    expect(ZShopifyPlanResponse.parse(free.body).data).toEqual({
      mode: 'free',
      planName: shopifyPlanMessages.freePlan,
      status: null,
      test: false,
      currentPeriodEnd: null,
      planPageUrl,
      live: true,
      // What the plan includes: the free plan's footer shows the branding.
      features: planFeatures('free'),
    });
    expect(free.body.data.features[0]).toContain('Powered By');

    // The merchant picks a plan on Shopify's page; Shopify now lists the subscription.
    server.fake.shop(shop).query.currentAppInstallation = {
      activeSubscriptions: [
        {
          id: 'gid://shopify/AppSubscription/9',
          name: 'Pro',
          status: 'ACTIVE',
          test: true,
          currentPeriodEnd: '2026-12-23T00:00:00Z',
        },
      ],
    };
    const paid = await owner.get('/api/v1/shopify/plan');
    expect(paid.body.data).toEqual({
      mode: 'paid',
      planName: 'Pro',
      status: 'ACTIVE',
      test: true,
      currentPeriodEnd: '2026-12-23T00:00:00.000Z',
      planPageUrl,
      live: true,
      features: planFeatures('paid'),
    });
    expect(await modeOf(accountId)).toBe('paid');
    // The install's products sync reads the catalogue, its address read the shop and its Storefront token is
    // made once; the plan's reads are the rest.
    const installs = ['ProductsPage', 'ShopEmail', 'StorefrontTokenCreate'];
    const queries = server.fake.graphqlRequests(shop).filter((request) => !installs.some((name) => request.body.includes(name)));
    expect(queries.length).toBeGreaterThanOrEqual(2);
    expect(
      queries.every((request) => request.operation === 'ActiveSubscriptions' || request.body.includes('currentAppInstallation')),
    ).toBe(true);
    server.fake.expectValidQueries();

    // Shopify failing to answer: the plan last recorded, marked as not live.
    server.fake.shop(shop).query.currentAppInstallation = () => {
      throw new Error('Internal error');
    };
    const stale = await owner.get('/api/v1/shopify/plan');
    expect(stale.status).toBe(200);
    expect(stale.body.data).toMatchObject({ mode: 'paid', planName: 'Pro', status: 'ACTIVE', live: false });
  });

  it('is only for Shopify accounts: a standalone account gets 404 (its plans are not billed by Shopify)', async () => {
    const { client } = await createOwner(server);
    const response = await client.get('/api/v1/shopify/plan');
    expect(response.status).toBe(404);
    expect(response.body.error.message).toBe(shopifyPlanMessages.notShopify);
  });
});
