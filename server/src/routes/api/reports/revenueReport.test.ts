import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, utcToday } from '@quizlead/shared/days.ts';
import { ZDashboardResponse, ZQuizReportResponse, ZWheelReportResponse } from '@quizlead/shared/schemas/reports.ts';
import { wheelSpins } from '../../../db/schema/index.ts';
import { createOwner } from '../../../test/factories.ts';
import { getShopifyTestServer, type ShopifyTestServer } from '../../../test/getTestServer.ts';
import { installedShop } from '../../../test/shopifyWebhooks.ts';
import { createWheel } from '../../../test/widgetFactory.ts';
import {
  completedPlay,
  daysAgo,
  givenCode,
  orderBody,
  personalityQuiz,
  placeOrder,
  sellingShop,
} from '../../../test/revenueFixture.ts';

/**
 * The revenue figures of the quiz report, the wheel report and the dashboard, from orders sent as
 * signed orders/create webhooks. The shop below, worked out by hand:
 *
 * | order | placed      | total     | credited to (slot)                          |
 * | ----- | ----------- | --------- | ------------------------------------------- |
 * | 1     | now         | 40.00 EUR | quiz (p1 Calm) by code QUIZ-CALM            |
 * | 2     | now         | 20.00 EUR | quiz (p1) by cart                           |
 * | 3     | now         | 15.50 EUR | quiz (p2 Bold) by cart                      |
 * | 4     | now         | 100.00 EUR| wheel (slice 0) by code WHEEL-0, quiz (p2) by cart |
 * | 5     | now         | 9.99 EUR  | wheel (slice 1) by code WHEEL-1             |
 * | 6     | now         | 5.00 EUR  | quiz (no outcome) by cart                   |
 * | 7     | 20 days ago | 12.00 USD | wheel (slice 2) by code WHEEL-USD           |
 * | 8     | 40 days ago | 30.00 EUR | wheel (slice 1) by code WHEEL-OLD           |
 *
 * Quiz: 6 completions (4 Calm, 2 Bold); orders 1, 2, 3, 4, 6 = 5, revenue 180.50, average 36.10,
 * conversion 5 / 6 = 83.3%; Bold 2 orders 115.50 (average 57.75), Calm 2 orders 60.00, unknown 1 order 5.00.
 * Wheel: 4 spins (slice 0 ×2, 1 ×1, 2 ×1); EUR orders 4, 5, 8 = 3, revenue 139.99, average 46.66,
 * conversion 3 / 4 = 75%; order 7 is in USD (the shop's currency before): otherCurrencyOrders 1.
 * Dashboard, last 30 days: orders 1–6 (order 4 once) = 6, revenue 190.49, average 31.75; order 7 in USD.
 */

let server: ShopifyTestServer;
beforeAll(async () => {
  server = await getShopifyTestServer();
});
afterAll(() => server.stop());

/** Made once, by the first test that needs it (installing a shop polls, which only a test may do). */
let seeding: ReturnType<typeof seed> | undefined;
const seeded = () => (seeding ??= seed());
/** The first caller waits for the whole shop to be made. */
const seedTimeout = 90_000;

async function seed() {
  const shopA = await sellingShop(server);
  const { shop, accountId, quiz, wheelId } = shopA;
  for (const answer of ['a1', 'a1', 'a1', 'a1', 'a2', 'a2']) await completedPlay(server, quiz, answer);
  const { db } = server.services.database;
  await db.insert(wheelSpins).values(
    [0, 0, 1, 2].map((optionIndex) => ({
      wheelId,
      id: randomUUID(),
      accountId,
      optionIndex,
      result: `Prize ${optionIndex}`,
      email: `${randomUUID()}@example.com`,
    })),
  );
  const code = (itemKind: 'quiz' | 'wheel', slot: string, text: string, assignedAt?: Date) =>
    givenCode(server, { accountId, itemKind, itemId: itemKind === 'quiz' ? quiz.id : wheelId, slot, code: text, assignedAt });
  await code('quiz', 'p1', 'QUIZ-CALM');
  await code('wheel', '0', 'WHEEL-0');
  await code('wheel', '1', 'WHEEL-1');
  await code('wheel', '2', 'WHEEL-USD', daysAgo(21));
  await code('wheel', '1', 'WHEEL-OLD', daysAgo(41));
  const orders = [
    orderBody({ total: '40.00', codes: ['QUIZ-CALM'] }),
    orderBody({ total: '20.00', lines: [{ quizId: quiz.id, outcome: 'p1' }] }),
    orderBody({ total: '15.50', lines: [{ quizId: quiz.id, outcome: 'p2' }] }),
    orderBody({ total: '100.00', codes: ['WHEEL-0'], lines: [{ quizId: quiz.id, outcome: 'p2' }] }),
    orderBody({ total: '9.99', codes: ['WHEEL-1'] }),
    orderBody({ total: '5.00', lines: [{ quizId: quiz.id }] }),
    orderBody({ total: '12.00', currency: 'USD', codes: ['WHEEL-USD'], createdAt: daysAgo(20) }),
    orderBody({ total: '30.00', codes: ['WHEEL-OLD'], createdAt: daysAgo(40) }),
  ];
  for (const order of orders) await placeOrder(server, shop, order);
  await server.services.stats.flush();
  return shopA;
}

describe('GET /api/v1/quizzes/{id}/report: revenue', () => {
  it(
    'answers the quiz’s orders, revenue, average order value, conversion and outcomes',
    async () => {
      const shopA = await seeded();
      const response = await shopA.owner.get(`/api/v1/quizzes/${shopA.quiz.id}/report`);
      expect(response.status).toBe(200);
      expect(ZQuizReportResponse.parse(response.body)).toEqual(response.body);
      expect(response.body.data.kpis.completions).toBe(6);
      expect(response.body.data.revenue).toEqual({
        orders: 5,
        revenue: 18050,
        currency: 'EUR',
        averageOrderValue: 3610,
        otherCurrencyOrders: 0,
        conversion: 83.3,
        byOutcome: [
          { outcome: 'p2', label: 'Bold', orders: 2, revenue: 11550, averageOrderValue: 5775 },
          { outcome: 'p1', label: 'Calm', orders: 2, revenue: 6000, averageOrderValue: 3000 },
          { outcome: null, label: 'Outcome not known', orders: 1, revenue: 500, averageOrderValue: 500 },
        ],
      });
    },
    seedTimeout,
  );

  it(
    'a shop’s quiz without orders: zeros, no currency, no outcomes',
    async () => {
      const shopA = await seeded();
      const other = await personalityQuiz(shopA.owner);
      const report = (await shopA.owner.get(`/api/v1/quizzes/${other.id}/report`)).body.data;
      expect(report.revenue).toEqual({
        orders: 0,
        revenue: 0,
        currency: null,
        averageOrderValue: 0,
        otherCurrencyOrders: 0,
        conversion: 0,
        byOutcome: [],
      });
    },
    seedTimeout,
  );

  it('is null for a standalone account, which has no shop', async () => {
    const { client } = await createOwner(server);
    const quiz = await personalityQuiz(client);
    const report = await client.get(`/api/v1/quizzes/${quiz.id}/report`);
    expect(report.status).toBe(200);
    expect(report.body.data.revenue).toBeNull();
  });

  it(
    'answers 404 for another shop’s quiz, exactly as for a missing one',
    async () => {
      const shopA = await seeded();
      const { owner } = await installedShop(server);
      const foreign = await owner.get(`/api/v1/quizzes/${shopA.quiz.id}/report`);
      const missing = await owner.get(`/api/v1/quizzes/${randomUUID()}/report`);
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual(missing.body);
    },
    seedTimeout,
  );
});

describe('GET /api/v1/wheels/{id}/report', () => {
  it(
    'answers the spins and, per slice, the orders, revenue, average order value and conversion',
    async () => {
      const shopA = await seeded();
      const response = await shopA.owner.get(`/api/v1/wheels/${shopA.wheelId}/report`);
      expect(response.status).toBe(200);
      expect(ZWheelReportResponse.parse(response.body)).toEqual(response.body);
      expect(response.body.data).toEqual({
        wheel: { id: shopA.wheelId, description: 'Spin for a discount' },
        spins: 4,
        revenue: {
          orders: 3,
          revenue: 13999,
          currency: 'EUR',
          averageOrderValue: 4666,
          otherCurrencyOrders: 1,
          conversion: 75,
          bySlice: [
            { slice: 0, label: '10% off', spins: 2, orders: 1, revenue: 10000, averageOrderValue: 10000, conversion: 50 },
            { slice: 1, label: '20% off', spins: 1, orders: 2, revenue: 3999, averageOrderValue: 2000, conversion: 200 },
            { slice: 2, label: 'Free shipping', spins: 1, orders: 0, revenue: 0, averageOrderValue: 0, conversion: 0 },
          ],
        },
      });
    },
    seedTimeout,
  );

  it('is null for a standalone account; a wheel without spins has 0 spins', async () => {
    const { client } = await createOwner(server);
    const wheel = await createWheel(client);
    const report = await client.get(`/api/v1/wheels/${wheel.id}/report`);
    expect(report.status).toBe(200);
    expect(report.body.data).toEqual({ wheel: { id: wheel.id, description: 'Spin to win' }, spins: 0, revenue: null });
  });

  it(
    'answers 404 for another shop’s wheel as for a missing one, and 400 naming `id` for a malformed one',
    async () => {
      const shopA = await seeded();
      const { owner } = await installedShop(server);
      const foreign = await owner.get(`/api/v1/wheels/${shopA.wheelId}/report`);
      const missing = await owner.get(`/api/v1/wheels/${randomUUID()}/report`);
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual(missing.body);
      const malformed = await owner.get('/api/v1/wheels/not-a-wheel/report');
      expect(malformed.status).toBe(400);
      expect(malformed.body.error.field).toBe('id');
    },
    seedTimeout,
  );
});

describe('GET /api/v1/dashboard: revenue', () => {
  const today = utcToday();

  it(
    'counts each order placed within the range once, in the shop’s currency',
    async () => {
      const shopA = await seeded();
      const response = await shopA.owner.get('/api/v1/dashboard');
      expect(response.status).toBe(200);
      expect(ZDashboardResponse.parse(response.body)).toEqual(response.body);
      expect(response.body.data.revenue).toEqual({
        orders: 6,
        revenue: 19049,
        currency: 'EUR',
        averageOrderValue: 3175,
        otherCurrencyOrders: 1,
      });
    },
    seedTimeout,
  );

  it(
    'follows the range: an older range has the older order, a range without orders has none',
    async () => {
      const shopA = await seeded();
      const older = await shopA.owner.get(`/api/v1/dashboard?start=${addDays(today, -45)}&end=${addDays(today, -35)}`);
      expect(older.body.data.revenue).toEqual({
        orders: 1,
        revenue: 3000,
        currency: 'EUR',
        averageOrderValue: 3000,
        otherCurrencyOrders: 0,
      });
      const usd = await shopA.owner.get(`/api/v1/dashboard?start=${addDays(today, -25)}&end=${addDays(today, -15)}`);
      expect(usd.body.data.revenue).toEqual({
        orders: 1,
        revenue: 1200,
        currency: 'USD',
        averageOrderValue: 1200,
        otherCurrencyOrders: 0,
      });
      const none = await shopA.owner.get(`/api/v1/dashboard?start=${addDays(today, -10)}&end=${addDays(today, -5)}`);
      expect(none.body.data.revenue).toEqual({
        orders: 0,
        revenue: 0,
        currency: null,
        averageOrderValue: 0,
        otherCurrencyOrders: 0,
      });
    },
    seedTimeout,
  );

  it('shows another shop none of these orders, and a standalone account no revenue at all', async () => {
    const { owner } = await installedShop(server);
    expect((await owner.get('/api/v1/dashboard')).body.data.revenue).toEqual({
      orders: 0,
      revenue: 0,
      currency: null,
      averageOrderValue: 0,
      otherCurrencyOrders: 0,
    });
    const { client } = await createOwner(server);
    expect((await client.get('/api/v1/dashboard')).body.data.revenue).toBeNull();
  });
});
