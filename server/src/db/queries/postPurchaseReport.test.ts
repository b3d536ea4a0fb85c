import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, utcToday, type DayRange } from '@quizlead/shared/days.ts';
import type { TPostPurchaseReport } from '@quizlead/shared/schemas/postPurchaseReport.ts';
import { postPurchaseReport } from '../../routes/api/reports/postPurchaseFigures.ts';
import { getShopifyTestServer, type ShopifyTestServer } from '../../test/getTestServer.ts';
import { newOrderId, recordedOrder, storedAnswer } from '../../test/postPurchaseFixture.ts';
import { daysAgo } from '../../test/revenueFixture.ts';
import { installedShop } from '../../test/shopifyWebhooks.ts';
import type { PostPurchaseFilters } from './postPurchaseReport.ts';

/**
 * The post-purchase report's queries on the database (PostgreSQL when DATABASE_URL is set), from
 * answers and orders as the survey and orders/create store them. Shop A, worked out by hand:
 *
 * | order | total     | channel | customer  | answer (page)               | answered / ordered |
 * | ----- | --------- | ------- | --------- | --------------------------- | ------------------ |
 * | o1    | 19.99 EUR | web     | new       | Instagram                   | now / now          |
 * | o2    |  0.01 EUR | web     | returning | Instagram (order status)    | now / now          |
 * | o3    | 100.00 EUR| pos     | not known | Instagram                   | 1 day ago / now    |
 * | o4    | 10.01 EUR | web     | new       | A friend                    | now / now          |
 * | o5    | 10.00 EUR | web     | returning | A friend                    | now / now          |
 * | o6    | (no webhook yet)                | A friend                    | now / –            |
 * | o7    |  5.00 USD | web     | new       | Other: "A podcast"          | now / 2 days ago   |
 * | o8    | 50.00 EUR | web     | new       | (not answered)              | – / now            |
 * | o9    | 70.00 EUR | web     | new       | Instagram                   | 40 days ago        |
 *
 * Last 30 days: 7 answers. Instagram 3 (42.9%), 3 orders, 19.99 + 0.01 + 100.00 = 120.00, average
 * 40.00; A friend 3 (42.9%), 2 orders + 1 not received, 20.01, average 10.005 → 10.01 (half up);
 * Other 1 (14.3%), 5.00 USD. EUR in all: 5 orders, 140.01, average 28.002 → 28.00. Orders placed
 * within the range: o1–o5, o7, o8 = 7, of which 6 answered: 85.7%. Shop B has its own answer and a
 * 999.99 order that A never sees.
 */

let server: ShopifyTestServer;
let shopA: string;
let shopB: string;
const today = utcToday();
const last30: DayRange = { start: addDays(today, -29), end: today };

beforeAll(async () => {
  server = await getShopifyTestServer();
});
afterAll(() => server.stop());

/** Made once, by the first test (installing a shop polls, which only a test may do). */
let seeding: Promise<void> | undefined;
const seeded = () => (seeding ??= seed());

async function seed() {
  const { db } = server.services.database;
  const [a, b] = [await installedShop(server), await installedShop(server)];
  shopA = a.accountId;
  shopB = b.accountId;
  const o = Array.from({ length: 10 }, () => newOrderId());
  const orders = [
    { orderId: o[1]!, total: '19.99', customerOrders: 1 },
    { orderId: o[2]!, total: '0.01', customerOrders: 3 },
    { orderId: o[3]!, total: '100.00', sourceName: 'pos', customerOrders: null },
    { orderId: o[4]!, total: '10.01', customerOrders: 1 },
    { orderId: o[5]!, total: '10.00', customerOrders: 2 },
    { orderId: o[7]!, total: '5.00', currency: 'USD', customerOrders: 1, orderedAt: daysAgo(2) },
    { orderId: o[8]!, total: '50.00', customerOrders: 1 },
    { orderId: o[9]!, total: '70.00', customerOrders: 1, orderedAt: daysAgo(40) },
  ];
  for (const order of orders) await recordedOrder(db, { accountId: shopA, ...order });
  const instagram = { answerKey: 'c-instagram', answerLabel: 'Instagram' };
  const friend = { answerKey: 'c-friend', answerLabel: 'A friend' };
  const answers = [
    { orderId: o[1]!, ...instagram },
    { orderId: o[2]!, ...instagram, surface: 'order_status' as const },
    { orderId: o[3]!, ...instagram, createdAt: daysAgo(1) },
    { orderId: o[4]!, ...friend },
    { orderId: o[5]!, ...friend },
    { orderId: o[6]!, ...friend },
    { orderId: o[7]!, answerKey: 'other', answerLabel: 'Other', otherText: 'A podcast' },
    { orderId: o[9]!, ...instagram, createdAt: daysAgo(40) },
  ];
  for (const answer of answers) await storedAnswer(db, { accountId: shopA, ...answer });
  const foreign = newOrderId();
  await recordedOrder(db, { accountId: shopB, orderId: foreign, total: '999.99', customerOrders: 1 });
  await storedAnswer(db, { accountId: shopB, orderId: foreign, ...instagram });
}

async function report(accountId: () => string, filters: Partial<PostPurchaseFilters> = {}) {
  await seeded();
  return postPurchaseReport(server.services.database.db, accountId(), { range: last30, ...filters });
}
const A = () => shopA;
const B = () => shopB;

const row = (data: TPostPurchaseReport, label: string) => data.answers.find((answer) => answer.label === label);

describe('the post-purchase report’s queries', { timeout: 90_000 }, () => {
  it('sums revenue per answer exactly to the cent and rounds the average half up', async () => {
    const data = await report(A);
    expect(data.currency).toBe('EUR');
    expect(data.answers.map((answer) => [answer.label, answer.answers, answer.share])).toEqual([
      ['A friend', 3, 42.9],
      ['Instagram', 3, 42.9],
      ['Other', 1, 14.3],
    ]);
    expect(row(data, 'Instagram')).toMatchObject({
      orders: 3,
      pendingOrders: 0,
      revenue: [{ currency: 'EUR', orders: 3, revenue: 12000, averageOrderValue: 4000 }],
      customers: { new: 1, returning: 1, unknown: 1 },
    });
    // 20.01 over 2 orders is 10.005: half up to 10.01.
    expect(row(data, 'A friend')).toMatchObject({
      orders: 2,
      pendingOrders: 1,
      revenue: [{ currency: 'EUR', orders: 2, revenue: 2001, averageOrderValue: 1001 }],
      customers: { new: 1, returning: 1, unknown: 1 },
    });
    expect(row(data, 'Other')?.revenue).toEqual([{ currency: 'USD', orders: 1, revenue: 500, averageOrderValue: 500 }]);
    expect(data.totals).toEqual({
      answers: 7,
      ordersAnswered: 6,
      pendingOrders: 1,
      revenue: [
        { currency: 'EUR', orders: 5, revenue: 14001, averageOrderValue: 2800 },
        { currency: 'USD', orders: 1, revenue: 500, averageOrderValue: 500 },
      ],
      customers: { new: 3, returning: 2, unknown: 2 },
      ordersInRange: 7,
      answeredOrdersInRange: 6,
      responseRate: 85.7,
    });
  });

  it('counts answers whose order has not arrived, with unknown revenue and channel', async () => {
    const data = await report(A);
    expect(data.channels).toEqual([
      {
        channel: 'web',
        answers: 5,
        revenue: [
          { currency: 'EUR', orders: 4, revenue: 4001, averageOrderValue: 1000 },
          { currency: 'USD', orders: 1, revenue: 500, averageOrderValue: 500 },
        ],
      },
      { channel: 'pos', answers: 1, revenue: [{ currency: 'EUR', orders: 1, revenue: 10000, averageOrderValue: 10000 }] },
      { channel: null, answers: 1, revenue: [] },
    ]);
    expect(data.channelOptions).toEqual(['pos', 'web']);
  });

  it('filters by channel and by page', async () => {
    const pos = await report(A, { channel: 'pos' });
    expect(pos.answers.map((answer) => [answer.label, answer.answers, answer.revenue[0]?.revenue])).toEqual([
      ['Instagram', 1, 10000],
    ]);
    expect(pos.totals).toMatchObject({ answers: 1, ordersInRange: 1, answeredOrdersInRange: 1, responseRate: 100 });

    const orderStatus = await report(A, { surface: 'order_status' });
    expect(orderStatus.answers.map((answer) => [answer.label, answer.revenue[0]?.revenue])).toEqual([['Instagram', 1]]);
    // 7 orders within the range, one answered on the order status page.
    expect(orderStatus.totals).toMatchObject({ answers: 1, ordersInRange: 7, answeredOrdersInRange: 1, responseRate: 14.3 });
  });

  it('counts answers by the day they were given, within the range only', async () => {
    const data = await report(A);
    expect(data.days).toHaveLength(30);
    expect(data.days.at(-1)).toEqual({ day: today, answers: 6 });
    expect(data.days.at(-2)).toEqual({ day: addDays(today, -1), answers: 1 });
    expect(data.days.reduce((sum, day) => sum + day.answers, 0)).toBe(7);

    const day40 = addDays(today, -40);
    const old = await report(A, { range: { start: day40, end: day40 } });
    expect(old.answers.map((answer) => [answer.label, answer.revenue[0]?.revenue])).toEqual([['Instagram', 7000]]);
    expect(old.days).toEqual([{ day: day40, answers: 1 }]);
    const wide = await report(A, { range: { start: addDays(today, -45), end: today } });
    expect(row(wide, 'Instagram')?.revenue[0]).toEqual({ currency: 'EUR', orders: 4, revenue: 19000, averageOrderValue: 4750 });
  });

  it('reads only the account’s own answers and orders', async () => {
    const data = await report(B);
    expect(data.answers.map((answer) => [answer.label, answer.revenue])).toEqual([
      ['Instagram', [{ currency: 'EUR', orders: 1, revenue: 99999, averageOrderValue: 99999 }]],
    ]);
    expect(data.totals).toMatchObject({ answers: 1, ordersInRange: 1, responseRate: 100 });
    expect(data.channelOptions).toEqual(['web']);
  });
});
