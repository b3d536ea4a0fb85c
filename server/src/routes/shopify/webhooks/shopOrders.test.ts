import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numericOrderId } from '../../../commands/shopOrderRecorder.ts';
import { shopOrders } from '../../../db/schema/index.ts';
import { scoped } from '../../../db/scope.ts';
import { getShopifyTestServer, type ShopifyTestServer } from '../../../test/getTestServer.ts';
import { deliver, installedShop } from '../../../test/shopifyWebhooks.ts';
import { orderBody, payOrder, placeOrder } from '../../../test/revenueFixture.ts';

/**
 * orders/create and orders/paid, signed as Shopify signs them: the order's facts land in shop_orders
 * (the post-purchase survey's rules and revenue per answer) in exact minor units, once per order.
 */

let server: ShopifyTestServer;
beforeAll(async () => {
  server = await getShopifyTestServer();
});
afterAll(() => server.stop());

const ordersOf = (accountId: string) =>
  server.services.database.db.select().from(shopOrders).where(scoped(shopOrders, accountId)).orderBy(asc(shopOrders.orderId));

describe('shop_orders from the order webhooks', () => {
  it('records orders/create in exact minor units of the shop currency, with channel and first-order facts', async () => {
    const { shop, accountId } = await installedShop(server);
    const euro = orderBody({ total: '19.99', currency: 'EUR', ordersCount: 1, financialStatus: 'pending', id: 4_000_001 });
    const yen = orderBody({ total: '1500', currency: 'JPY', ordersCount: 3, sourceName: 'pos', id: 4_000_002 });
    const guest = orderBody({
      total: '0.29',
      currency: 'USD',
      ordersCount: null,
      sourceName: 'shopify_draft_order',
      id: 4_000_003,
    });
    for (const body of [euro, yen, guest]) await placeOrder(server, shop, body);
    expect(await ordersOf(accountId)).toMatchObject([
      {
        orderId: '4000001',
        orderName: euro.name,
        totalMinor: 1999,
        currency: 'EUR',
        sourceName: 'web',
        customerOrderIndex: 1,
        firstOrder: true,
        financialStatus: 'pending',
        orderedAt: new Date(euro.created_at),
        paidAt: null,
      },
      { orderId: '4000002', totalMinor: 1500, currency: 'JPY', sourceName: 'pos', customerOrderIndex: 3, firstOrder: false },
      // 0.29 × 100 is 28.999999999999996 in floating point; no customer: first order unknown.
      { orderId: '4000003', totalMinor: 29, currency: 'USD', customerOrderIndex: null, firstOrder: null },
    ]);
  });

  it('a repeated orders/create writes one row; orders/paid marks it paid and a late create does not undo that', async () => {
    const { shop, accountId } = await installedShop(server);
    const body = orderBody({ total: '59.29', currency: 'EUR', financialStatus: 'pending', id: 4_000_010 });
    await placeOrder(server, shop, body);
    await placeOrder(server, shop, body);
    const paidAt = new Date('2026-11-02T10:00:00Z');
    await payOrder(server, shop, body, paidAt);
    // orders/create delivered again after the payment (Shopify does not promise the order of topics).
    await placeOrder(server, shop, body);
    const [order, ...more] = await ordersOf(accountId);
    expect(more).toEqual([]);
    expect(order).toMatchObject({ orderId: '4000010', totalMinor: 5929, financialStatus: 'paid', paidAt });
  });

  it('orders/paid before orders/create records the order, paid', async () => {
    const { shop, accountId } = await installedShop(server);
    const body = orderBody({ total: '1500', currency: 'JPY', ordersCount: 2, id: 4_000_020 });
    const paidAt = new Date('2026-11-03T08:30:00Z');
    await payOrder(server, shop, body, paidAt);
    await placeOrder(server, shop, { ...body, financial_status: 'pending' });
    expect(await ordersOf(accountId)).toMatchObject([
      { orderId: '4000020', totalMinor: 1500, financialStatus: 'paid', paidAt, customerOrderIndex: 2, firstOrder: false },
    ]);
  });

  it('refuses an orders/paid body without a total or with a negative one, naming the field', async () => {
    const { shop, accountId } = await installedShop(server);
    const { current_total_price: _current, total_price: _total, ...noTotal } = orderBody({ total: '1.00' });
    const missing = await deliver(server, { topic: 'orders/paid', shop, body: noTotal });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('total_price');
    const negative = await deliver(server, { topic: 'orders/paid', shop, body: orderBody({ total: '-3.00' }) });
    expect(negative.status).toBe(400);
    expect(JSON.stringify(negative.body)).toContain('total_price');
    expect(await ordersOf(accountId)).toEqual([]);
  });

  it('keeps each shop’s orders to its own account', async () => {
    const first = await installedShop(server);
    const second = await installedShop(server);
    const body = orderBody({ total: '10.00', id: 4_000_030 });
    await placeOrder(server, first.shop, body);
    await placeOrder(server, second.shop, { ...body, current_total_price: '20.00', total_price: '20.00' });
    expect(await ordersOf(first.accountId)).toMatchObject([{ orderId: '4000030', totalMinor: 1000 }]);
    expect(await ordersOf(second.accountId)).toMatchObject([{ orderId: '4000030', totalMinor: 2000 }]);
  });
});

describe('numericOrderId', () => {
  it('reads the number from an Order or OrderIdentity gid, or the number itself, and nothing else', () => {
    expect(numericOrderId('gid://shopify/Order/5940139001001')).toBe('5940139001001');
    expect(numericOrderId('gid://shopify/OrderIdentity/42')).toBe('42');
    expect(numericOrderId('42')).toBe('42');
    expect(numericOrderId('gid://shopify/Customer/42')).toBeNull();
    expect(numericOrderId('gid://shopify/Order/')).toBeNull();
    expect(numericOrderId('1; drop table')).toBeNull();
  });
});
