import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variantTag } from '@quizlead/shared/schemas/experiments.ts';
import { attributedOrders, plays } from '../../../db/schema/index.ts';
import { scoped } from '../../../db/scope.ts';
import { getShopifyTestServer, type ShopifyTestServer } from '../../../test/getTestServer.ts';
import { deliver, deliverApplied, writtenFor } from '../../../test/shopifyWebhooks.ts';
import { completedPlay, daysAgo, givenCode, orderBody, placeOrder, sellingShop } from '../../../test/revenueFixture.ts';

/** The A/B test a cart's variant property names (`{test id}:{variant key}`). */
const testId = '3f2a9c1e-5b7d-4e8a-9c0f-1a2b3c4d5e6f';

/**
 * orders/create, signed as Shopify signs it: an order is credited to the wheel or quiz whose prize
 * code it used, or whose Add to cart its line items carry, within 7 days; once per (order, item).
 */

let server: ShopifyTestServer;
beforeAll(async () => {
  server = await getShopifyTestServer();
});
afterAll(() => server.stop());

const creditsOf = (accountId: string) =>
  server.services.database.db
    .select()
    .from(attributedOrders)
    .where(scoped(attributedOrders, accountId))
    .orderBy(asc(attributedOrders.orderId), asc(attributedOrders.itemKind));

describe('orders/create', () => {
  it('credits the wheel slice whose prize code the order used, case-insensitively, in minor units', async () => {
    const { shop, accountId, wheelId } = await sellingShop(server);
    await givenCode(server, {
      accountId,
      itemKind: 'wheel',
      itemId: wheelId,
      slot: '1',
      code: 'SPIN-7KD2',
      assignedAt: daysAgo(2),
    });
    const body = orderBody({ total: '59.29', currency: 'EUR', codes: ['spin-7kd2'] });
    await placeOrder(server, shop, body);
    const [credit, ...more] = await creditsOf(accountId);
    expect(more).toEqual([]);
    expect(credit).toMatchObject({
      orderId: body.admin_graphql_api_id,
      orderName: body.name,
      itemKind: 'wheel',
      itemId: wheelId,
      slot: '1',
      variant: null,
      via: 'code',
      prizeCode: 'SPIN-7KD2',
      // 59.29 × 100 is 5928.999999999999 in floating point.
      totalMinor: 5929,
      currency: 'EUR',
      orderedAt: new Date(body.created_at),
    });
  });

  it('credits the quiz a line item’s properties name, with its outcome and variant, after a completed play', async () => {
    const { shop, accountId, quiz } = await sellingShop(server);
    await completedPlay(server, quiz);
    const body = orderBody({
      total: '1000',
      currency: 'JPY',
      lines: [{}, { quizId: quiz.id, outcome: 'p2', variant: variantTag(testId, 'b') }, { quizId: quiz.id, outcome: 'p1' }],
    });
    await placeOrder(server, shop, body);
    expect(await creditsOf(accountId)).toMatchObject([
      {
        itemKind: 'quiz',
        itemId: quiz.id,
        slot: 'p2',
        experimentId: testId,
        variant: 'b',
        via: 'cart',
        prizeCode: null,
        totalMinor: 1000,
        currency: 'JPY',
      },
    ]);
  });

  it('needs a completed play of the quiz within the window before the order for a cart credit', async () => {
    const { shop, accountId, quiz } = await sellingShop(server);
    // No play at all: nothing.
    await placeOrder(server, shop, orderBody({ total: '20.00', lines: [{ quizId: quiz.id, outcome: 'p1' }] }));
    expect(await creditsOf(accountId)).toEqual([]);
    // A play completed eight days before the order: outside the window.
    const playId = await completedPlay(server, quiz);
    const { db } = server.services.database;
    await db
      .update(plays)
      .set({ completedAt: daysAgo(8) })
      .where(eq(plays.id, playId));
    await placeOrder(server, shop, orderBody({ total: '20.00', lines: [{ quizId: quiz.id, outcome: 'p1' }] }));
    expect(await creditsOf(accountId)).toEqual([]);
    // An owner's preview play never counts (a preview of the embedded admin, written as the play route does).
    await db.insert(plays).values({
      quizId: quiz.id,
      id: randomUUID(),
      accountId,
      preview: true,
      status: 'completed',
      completedAt: new Date(),
    });
    await placeOrder(server, shop, orderBody({ total: '20.00', lines: [{ quizId: quiz.id }] }));
    expect(await creditsOf(accountId)).toEqual([]);
    // A play six days before the order: credited.
    await db
      .update(plays)
      .set({ completedAt: daysAgo(6) })
      .where(eq(plays.id, playId));
    await placeOrder(server, shop, orderBody({ total: '20.00', lines: [{ quizId: quiz.id, outcome: 'p1' }] }));
    expect((await creditsOf(accountId)).map((credit) => credit.via)).toEqual(['cart']);
  });

  it('credits no code given out more than 7 days before the order, or after it', async () => {
    const { shop, accountId, wheelId } = await sellingShop(server);
    await givenCode(server, {
      accountId,
      itemKind: 'wheel',
      itemId: wheelId,
      slot: '0',
      code: 'OLD-1',
      assignedAt: daysAgo(7.01),
    });
    await givenCode(server, {
      accountId,
      itemKind: 'wheel',
      itemId: wheelId,
      slot: '0',
      code: 'LATER-1',
      assignedAt: new Date(),
    });
    await placeOrder(server, shop, orderBody({ total: '30.00', codes: ['OLD-1'] }));
    await placeOrder(server, shop, orderBody({ total: '30.00', codes: ['LATER-1'], createdAt: daysAgo(1) }));
    expect(await creditsOf(accountId)).toEqual([]);
    // The window is counted back from the order's time, not the delivery's: 6.8 days after the code.
    await placeOrder(server, shop, orderBody({ total: '30.00', codes: ['OLD-1'], createdAt: daysAgo(0.2) }));
    expect((await creditsOf(accountId)).map((credit) => credit.prizeCode)).toEqual(['OLD-1']);
  });

  it('never matches another shop’s codes or quizzes', async () => {
    const a = await sellingShop(server);
    const b = await sellingShop(server);
    await givenCode(server, { accountId: a.accountId, itemKind: 'wheel', itemId: a.wheelId, slot: '2', code: 'SHARED-CODE' });
    await completedPlay(server, a.quiz);
    // Shop B's order uses A's code and carries A's quiz: B has neither.
    await placeOrder(server, b.shop, orderBody({ total: '15.00', codes: ['SHARED-CODE'], lines: [{ quizId: a.quiz.id }] }));
    expect(await creditsOf(b.accountId)).toEqual([]);
    expect(await creditsOf(a.accountId)).toEqual([]);
    // The same code text given by B's own wheel is B's.
    await givenCode(server, { accountId: b.accountId, itemKind: 'wheel', itemId: b.wheelId, slot: '0', code: 'shared-code' });
    await placeOrder(server, b.shop, orderBody({ total: '15.00', codes: ['SHARED-CODE'] }));
    expect((await creditsOf(b.accountId)).map((credit) => [credit.itemId, credit.slot])).toEqual([[b.wheelId, '0']]);
    expect(await creditsOf(a.accountId)).toEqual([]);
  });

  it('credits a code and a cart on one order to both items, each with the whole order', async () => {
    const { shop, accountId, wheelId, quiz } = await sellingShop(server);
    await givenCode(server, { accountId, itemKind: 'wheel', itemId: wheelId, slot: '2', code: 'WHEEL-22' });
    await completedPlay(server, quiz);
    const body = orderBody({ total: '84.50', codes: ['WHEEL-22', 'SUMMER'], lines: [{ quizId: quiz.id, outcome: 'p1' }] });
    await placeOrder(server, shop, body);
    const credits = await creditsOf(accountId);
    expect(credits.map(({ itemKind, itemId, slot, via, totalMinor }) => ({ itemKind, itemId, slot, via, totalMinor }))).toEqual([
      { itemKind: 'quiz', itemId: quiz.id, slot: 'p1', via: 'cart', totalMinor: 8450 },
      { itemKind: 'wheel', itemId: wheelId, slot: '2', via: 'code', totalMinor: 8450 },
    ]);
  });

  it('credits a quiz named by both its code and its cart once, by the code, with the cart’s variant', async () => {
    const { shop, accountId, quiz } = await sellingShop(server);
    await givenCode(server, { accountId, itemKind: 'quiz', itemId: quiz.id, slot: 'p2', code: 'QUIZ-BOLD' });
    await completedPlay(server, quiz, 'a2');
    await placeOrder(
      server,
      shop,
      orderBody({
        total: '10.00',
        codes: ['QUIZ-BOLD'],
        lines: [{ quizId: quiz.id, outcome: 'p1', variant: variantTag(testId, 'a') }],
      }),
    );
    expect(await creditsOf(accountId)).toMatchObject([
      { itemId: quiz.id, slot: 'p2', via: 'code', experimentId: testId, variant: 'a', prizeCode: 'QUIZ-BOLD' },
    ]);
  });

  it('counts a redelivered order once: the same delivery, or the same order sent again', async () => {
    const { shop, accountId, wheelId } = await sellingShop(server);
    await givenCode(server, { accountId, itemKind: 'wheel', itemId: wheelId, slot: '0', code: 'ONCE-1' });
    const body = orderBody({ total: '12.00', codes: ['ONCE-1'] });
    const first = await placeOrder(server, shop, body);
    // Shopify retrying the delivery (same webhook id): acknowledged, nothing queued.
    const again = await deliver(server, { topic: 'orders/create', shop, body, webhookId: first.webhookId });
    expect(again.status).toBe(200);
    // The same order in a new delivery: applied, and still one credit.
    await deliverApplied(server, { topic: 'orders/create', shop, body });
    expect((await writtenFor(server, shop)).receipts).toBe(2);
    expect(await creditsOf(accountId)).toHaveLength(1);
  });

  it('answers 400 naming the field for a signed order of the wrong shape, and writes nothing', async () => {
    const { shop } = await sellingShop(server);
    const before = await writtenFor(server, shop);
    const cases: [Record<string, unknown>, string][] = [
      [{ currency: undefined }, 'currency'],
      [{ current_total_price: '12,00' }, 'current_total_price'],
      [{ current_total_price: null, total_price: null }, 'total_price'],
      [{ created_at: 'yesterday' }, 'created_at'],
      [{ admin_graphql_api_id: 'gid://shopify/Product/1' }, 'admin_graphql_api_id'],
      [{ discount_codes: [{ amount: '5.00' }] }, 'discount_codes.0.code'],
    ];
    for (const [change, field] of cases) {
      const response = await deliver(server, {
        topic: 'orders/create',
        shop,
        body: { ...orderBody({ total: '12.00' }), ...change },
      });
      expect(response.status, field).toBe(400);
      expect(response.body.error.field).toBe(field);
    }
    expect(await writtenFor(server, shop)).toEqual(before);
  });

  it('takes an order without discount codes, line items or other apps’ property values it cannot read', async () => {
    const { shop, accountId, quiz } = await sellingShop(server);
    await completedPlay(server, quiz);
    const body = orderBody({ total: '5.00', lines: [{ quizId: quiz.id }] });
    const odd = {
      ...body,
      discount_codes: null,
      line_items: [
        { properties: null },
        { properties: [{ name: 'Engraving', value: { text: 'Hi' } }, ...body.line_items[0]!.properties] },
      ],
    };
    await placeOrder(server, shop, odd);
    expect(await creditsOf(accountId)).toMatchObject([{ itemId: quiz.id, via: 'cart', slot: null }]);
  });
});
