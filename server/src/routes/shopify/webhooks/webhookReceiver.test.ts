import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, quizzes, shopInstallations, shopifyDataRequests } from '../../../db/schema/index.ts';
import { getShopifyTestServer, type ShopifyTestServer } from '../../../test/getTestServer.ts';
import { ShopifyWebhookFailed } from '../../../jobs/tasks/ApplyShopifyWebhookTask.ts';
import { createGradedQuiz } from '../../../test/quizFactory.ts';
import { deliver, deliverApplied, installedShop, newShop, waitProcessed, writtenFor } from '../../../test/shopifyWebhooks.ts';

let server: ShopifyTestServer;
beforeAll(async () => {
  server = await getShopifyTestServer();
});
afterAll(() => server.stop());

const db = () => server.services.database.db;

/** A valid body of each topic for `shop`, as Shopify documents them. */
const bodies = (shop: string): Record<string, unknown> => ({
  'app/uninstalled': { id: 548380009, name: 'Shop', myshopify_domain: shop, domain: shop, email: `owner@${shop}` },
  'app/scopes_update': {
    id: 1,
    previous: ['read_products'],
    current: ['read_products', 'write_app_proxy'],
    updated_at: '2026-11-23T10:00:00Z',
  },
  'app_subscriptions/update': {
    app_subscription: {
      admin_graphql_api_id: 'gid://shopify/AppSubscription/1',
      name: 'Pro',
      status: 'ACTIVE',
      admin_graphql_api_shop_id: 'gid://shopify/Shop/548380009',
      created_at: '2026-11-23T10:00:00-05:00',
      updated_at: '2026-11-23T10:00:00-05:00',
      currency: 'USD',
      price: '9.99',
    },
  },
  'customers/data_request': {
    shop_id: 548380009,
    shop_domain: shop,
    orders_requested: [299938],
    customer: { id: 191167, email: 'someone@example.com', phone: '555-625-1199' },
    data_request: { id: 9999 },
  },
  'customers/redact': {
    shop_id: 548380009,
    shop_domain: shop,
    customer: { id: 191167, email: 'someone@example.com', phone: '555-625-1199' },
    orders_to_redact: [299938],
  },
  'shop/redact': { shop_id: 548380009, shop_domain: shop },
});
const topics = Object.keys(bodies('x.myshopify.com'));

describe('POST /webhooks/shopify: signature', () => {
  it('refuses a wrong, missing or re-serialised signature on every topic with 401, writing nothing', async () => {
    const shop = newShop();
    for (const topic of topics) {
      const body = bodies(shop)[topic];
      const refused = [
        await deliver(server, { topic, shop, body, secret: 'not-the-app-secret' }),
        await deliver(server, { topic, shop, body, tamper: ({ headers }) => void delete headers['x-shopify-hmac-sha256'] }),
        // Signed, then altered: a byte more in the body.
        await deliver(server, { topic, shop, body, tamper: (signed) => void (signed.body = `${signed.body} `) }),
        // The same JSON re-serialised with other spacing is other bytes: the signature no longer holds.
        await deliver(server, {
          topic,
          shop,
          body: JSON.stringify(body, null, 2),
          tamper: (signed) => void (signed.body = JSON.stringify(JSON.parse(signed.body))),
        }),
      ];
      for (const response of refused) {
        expect(response.status, topic).toBe(401);
        expect(response.body.error.code).toBe('unauthorized');
      }
    }
    expect(await writtenFor(server, shop)).toEqual({ receipts: 0, jobs: 0 });
  });

  it('verifies the raw bytes: a body with non-ASCII text and odd spacing, signed as sent, is accepted', async () => {
    const shop = newShop();
    const raw = `{ "shop_domain" : "${shop}",\n  "customer": {"id": 1, "email": "zoë@example.com", "phone": null},\n "note": "café ☕" }`;
    const response = await deliver(server, { topic: 'customers/redact', shop, body: raw });
    expect(response.status).toBe(200);
    await waitProcessed(server, response.webhookId);
  });
});

describe('POST /webhooks/shopify: the body', () => {
  it('answers 400 naming the field for a signed body of the wrong shape, and writes nothing', async () => {
    const shop = newShop();
    const cases: [string, unknown, string | undefined][] = [
      ['customers/redact', { shop_domain: shop, customer: { id: 1, email: 'not an email' } }, 'customer.email'],
      ['customers/data_request', { shop_domain: shop }, 'customer'],
      ['shop/redact', { shop_domain: 'evil.example.com' }, 'shop_domain'],
      ['shop/redact', { shop_domain: newShop() }, 'shop_domain'],
      [
        'app_subscriptions/update',
        {
          app_subscription: {
            admin_graphql_api_id: 'gid://shopify/AppSubscription/1',
            name: 'Pro',
            status: 'GREAT',
            updated_at: '2026-11-23T10:00:00Z',
          },
        },
        'app_subscription.status',
      ],
      ['app/scopes_update', { current: 'read_products' }, 'current'],
      ['app/uninstalled', [], undefined],
    ];
    for (const [topic, body, field] of cases) {
      const response = await deliver(server, { topic, shop, body });
      expect(response.status, `${topic} ${JSON.stringify(body)}`).toBe(400);
      expect(response.body.error.code).toBe('validation');
      expect(response.body.error.field).toBe(field);
    }
    const notJson = await deliver(server, { topic: 'shop/redact', shop, body: '{"shop_domain": ' });
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.message).toBe('Webhook body must be JSON');
    const noTopic = await deliver(server, {
      topic: 'shop/redact',
      shop,
      body: bodies(shop)['shop/redact'],
      tamper: ({ headers }) => void delete headers['x-shopify-topic'],
    });
    expect(noTopic.status).toBe(400);
    expect(noTopic.body.error.message).toContain('X-Shopify-Topic');
    expect(await writtenFor(server, shop)).toEqual({ receipts: 0, jobs: 0 });
  });

  it('acknowledges a topic it does not handle, and keeps nothing', async () => {
    const shop = newShop();
    const response = await deliver(server, { topic: 'collections/update', shop, body: { id: 1 } });
    expect(response.status).toBe(200);
    expect(await writtenFor(server, shop)).toEqual({ receipts: 0, jobs: 0 });
  });
});

describe('POST /webhooks/shopify: once per delivery', () => {
  it('takes each topic in once by X-Shopify-Webhook-Id: the redelivery is a 200 that writes nothing', async () => {
    for (const topic of topics) {
      const { shop } = await installedShop(server);
      const webhookId = crypto.randomUUID();
      const first = await deliver(server, { topic, shop, body: bodies(shop)[topic], webhookId });
      expect(first.status, topic).toBe(200);
      const again = await deliver(server, { topic, shop, body: bodies(shop)[topic], webhookId });
      expect(again.status, topic).toBe(200);
      expect(await writtenFor(server, shop), topic).toEqual({ receipts: 1, jobs: 1 });
      await waitProcessed(server, webhookId);
    }
  });

  it('app/uninstalled: tokens deleted, the account uninstalled and free, its data kept; again (or for a shop long gone) changes nothing', async () => {
    const { shop, owner, accountId } = await installedShop(server);
    const quiz = await createGradedQuiz(owner, { questions: 1, publish: true });
    await db().update(accounts).set({ mode: 'paid' }).where(eq(accounts.id, accountId));
    await deliverApplied(server, { topic: 'app/uninstalled', shop, body: bodies(shop)['app/uninstalled'] });
    const [installation] = await db().select().from(shopInstallations).where(eq(shopInstallations.accountId, accountId));
    expect(installation).toMatchObject({
      accessToken: null,
      refreshToken: null,
      accessTokenKeyId: null,
      refreshTokenKeyId: null,
    });
    const uninstalledAt = installation!.uninstalledAt;
    expect(uninstalledAt).toBeInstanceOf(Date);
    const [account] = await db().select().from(accounts).where(eq(accounts.id, accountId));
    expect(account).toMatchObject({ status: 'uninstalled', mode: 'free' });
    expect(await db().select().from(quizzes).where(eq(quizzes.id, quiz.id))).toHaveLength(1);

    // Shopify may send it again (another delivery id): nothing moves.
    await deliverApplied(server, { topic: 'app/uninstalled', shop, body: bodies(shop)['app/uninstalled'] });
    const [after] = await db().select().from(shopInstallations).where(eq(shopInstallations.accountId, accountId));
    expect(after!.uninstalledAt).toEqual(uninstalledAt);
    // A shop the app never knew, or whose data is deleted: acknowledged and applied as nothing.
    const gone = newShop();
    await deliverApplied(server, { topic: 'app/uninstalled', shop: gone, body: bodies(gone)['app/uninstalled'] });
  });

  it('app/uninstalled sent before a reinstall and delivered after it leaves the new installation alone', async () => {
    const { shop, accountId } = await installedShop(server);
    await deliverApplied(server, {
      topic: 'app/uninstalled',
      shop,
      body: bodies(shop)['app/uninstalled'],
      triggeredAt: new Date(Date.now() - 60_000),
    });
    const [installation] = await db().select().from(shopInstallations).where(eq(shopInstallations.accountId, accountId));
    expect(installation!.accessToken).not.toBeNull();
    expect((await db().select().from(accounts).where(eq(accounts.id, accountId)))[0]!.status).toBe('active');
  });

  it('app/scopes_update stores the scopes granted now', async () => {
    const { shop, accountId } = await installedShop(server);
    await deliverApplied(server, { topic: 'app/scopes_update', shop, body: bodies(shop)['app/scopes_update'] });
    await deliverApplied(server, { topic: 'app/scopes_update', shop, body: bodies(shop)['app/scopes_update'] });
    const [installation] = await db().select().from(shopInstallations).where(eq(shopInstallations.accountId, accountId));
    expect(installation!.scopes).toBe('read_products,write_app_proxy');
  });

  it('customers/data_request keeps one document per delivery, whatever the retries', async () => {
    const { shop, accountId } = await installedShop(server);
    const webhookId = crypto.randomUUID();
    await deliverApplied(server, {
      topic: 'customers/data_request',
      shop,
      body: bodies(shop)['customers/data_request'],
      webhookId,
    });
    await deliver(server, { topic: 'customers/data_request', shop, body: bodies(shop)['customers/data_request'], webhookId });
    expect(await db().select().from(shopifyDataRequests).where(eq(shopifyDataRequests.accountId, accountId))).toHaveLength(1);
  });
});

describe('a delivery whose work fails', () => {
  it('leaves only the topic and the kind of error in the job row, never the payload’s values', () => {
    const cause = Object.assign(new Error('duplicate key (email)=(secret-person@example.com)'), { code: '23505' });
    const failed = new ShopifyWebhookFailed(
      'CUSTOMERS_REDACT',
      Object.assign(new Error(`Failed query: … params: secret-person@example.com`), { cause }),
    );
    expect(failed.message).toBe('CUSTOMERS_REDACT failed: Error (23505)');
    expect(JSON.stringify({ message: failed.message, stack: failed.stack })).not.toContain('secret-person');
  });
});
