import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, utcToday } from '@quizlead/shared/days.ts';
import { postPurchaseAnswerColumns, postPurchaseSummaryColumns } from '@quizlead/shared/postPurchaseReport.ts';
import { dashboardMessages } from '@quizlead/shared/reports.ts';
import { ZPostPurchaseReportResponse } from '@quizlead/shared/schemas/postPurchaseReport.ts';
import { createOwner } from '../../../test/factories.ts';
import { getShopifyTestServer, type ShopifyTestServer } from '../../../test/getTestServer.ts';
import { newOrderId, storedAnswer, surveyedOrderBody } from '../../../test/postPurchaseFixture.ts';
import { placeOrder } from '../../../test/revenueFixture.ts';
import { installedShop } from '../../../test/shopifyWebhooks.ts';
import { parseCsv } from '../../../test/widgetFactory.ts';
import { readXlsx } from '../../../test/xlsxReader.ts';

/**
 * GET /api/v1/reports/post-purchase and its two exports, against the fake Shopify: orders arrive as
 * signed orders/create webhooks, answers as the survey stores them. Shop A's orders: #1001 19.99 EUR
 * (web, first order), #1002 0.01 EUR (web, returning), #1003 100.00 EUR (pos), all answered
 * "Instagram"; a fourth answer, "A friend" with other text, is for an order Shopify has not reported.
 */

let server: ShopifyTestServer;
beforeAll(async () => {
  server = await getShopifyTestServer();
});
afterAll(() => server.stop());

const path = '/api/v1/reports/post-purchase';
let seeding: ReturnType<typeof seed> | undefined;
const seeded = () => (seeding ??= seed());

async function seed() {
  const a = await installedShop(server);
  const b = await installedShop(server);
  const { db } = server.services.database;
  const orders = [
    { orderId: newOrderId(), name: '#1001', total: '19.99', customerOrders: 1 },
    { orderId: newOrderId(), name: '#1002', total: '0.01', customerOrders: 4 },
    { orderId: newOrderId(), name: '#1003', total: '100.00', sourceName: 'pos' },
  ];
  for (const [index, order] of orders.entries()) {
    await placeOrder(server, a.shop, surveyedOrderBody(order));
    await storedAnswer(db, {
      accountId: a.accountId,
      orderId: order.orderId,
      answerKey: 'c-instagram',
      answerLabel: 'Instagram',
      createdAt: new Date(Date.now() - (3 - index) * 60_000),
    });
  }
  await storedAnswer(db, {
    accountId: a.accountId,
    orderId: newOrderId(),
    answerKey: 'other',
    answerLabel: 'Other',
    otherText: '=A podcast, "Tea Talk"',
  });
  return { a, b };
}

/** A download with the shop's session token, as App Bridge's fetch sends it. */
async function download(shop: string, url: string) {
  const response = await fetch(`${server.url}${url}`, {
    headers: { authorization: `Bearer ${await server.sessionToken(shop)}` },
  });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('GET /api/v1/reports/post-purchase', { timeout: 90_000 }, () => {
  it('answers revenue per answer from the webhooks’ orders, exact to the cent, and the one still waiting for its order', async () => {
    const { a } = await seeded();
    const response = await a.owner.get(path);
    expect(response.status).toBe(200);
    const { data } = ZPostPurchaseReportResponse.parse(response.body);
    expect(data.range).toEqual({ start: addDays(utcToday(), -29), end: utcToday() });
    expect(data.answers.map((row) => [row.label, row.answers, row.orders, row.pendingOrders, row.revenue])).toEqual([
      ['Instagram', 3, 3, 0, [{ currency: 'EUR', orders: 3, revenue: 12000, averageOrderValue: 4000 }]],
      ['Other', 1, 0, 1, []],
    ]);
    expect(data.answers[0]!.customers).toEqual({ new: 1, returning: 1, unknown: 1 });
    expect(data.totals).toMatchObject({ answers: 4, ordersAnswered: 3, pendingOrders: 1, ordersInRange: 3, responseRate: 100 });
    expect(data.channelOptions).toEqual(['pos', 'web']);

    const pos = (await a.owner.get(`${path}?channel=pos&surface=thank_you`)).body.data;
    expect(pos.answers.map((row: { label: string; revenue: unknown }) => [row.label, row.revenue])).toEqual([
      ['Instagram', [{ currency: 'EUR', orders: 1, revenue: 10000, averageOrderValue: 10000 }]],
    ]);
  });

  it('refuses a bad filter with a 400 naming it', async () => {
    const { a } = await seeded();
    const today = utcToday();
    const cases: [string, string, string?][] = [
      ['from=2026-13-01', 'from', dashboardMessages.dateInvalid],
      ['to=yesterday', 'to', dashboardMessages.dateInvalid],
      [`from=${today}&to=${addDays(today, -1)}`, 'from', dashboardMessages.rangeInvalid],
      [`to=${addDays(today, 1)}`, 'to', dashboardMessages.futureDate],
      [`from=${addDays(today, -400)}`, 'from', dashboardMessages.rangeTooLong],
      ['surface=checkout', 'surface'],
      [`channel=${'x'.repeat(101)}`, 'channel'],
    ];
    for (const [query, field, message] of cases) {
      const response = await a.owner.get(`${path}?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.error.field, query).toBe(field);
      if (message) expect(response.body.error.message, query).toBe(message);
    }
    const pdf = await a.owner.get(`${path}/export?format=pdf`);
    expect([pdf.status, pdf.body.error.field]).toEqual([400, 'format']);
  });

  it('shows another shop nothing of this one’s, and a standalone account has no such report', async () => {
    const { b } = await seeded();
    const other = await b.owner.get(path);
    expect(other.status).toBe(200);
    expect(other.body.data.answers).toEqual([]);
    expect(other.body.data.totals).toMatchObject({ answers: 0, ordersInRange: 0, responseRate: 0 });
    const exported = await download(b.shop, `${path}/answers/export?format=csv`);
    expect(parseCsv(exported.bytes)).toEqual([[...postPurchaseAnswerColumns]]);

    const standalone = await createOwner(server);
    for (const url of [path, `${path}/export`, `${path}/answers/export`]) {
      expect((await standalone.client.get(url)).status, url).toBe(404);
    }
    expect((await fetch(`${server.url}${path}`)).status).toBe(401);
  });
});

describe('the post-purchase exports', { timeout: 90_000 }, () => {
  it('writes the per-answer table as CSV and .xlsx, money as exact decimals', async () => {
    const { a } = await seeded();
    const csv = await download(a.shop, `${path}/export?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="post-purchase-survey-table-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(parseCsv(csv.bytes)).toEqual([
      [...postPurchaseSummaryColumns],
      ['Instagram', '3', '75', '3', '0', '120.00', 'EUR', '40.00', '1', '1', '1'],
      ['Other', '1', '25', '0', '1', '', '', '', '0', '0', '1'],
    ]);
    const xlsx = readXlsx((await download(a.shop, `${path}/export?format=xlsx`)).bytes);
    expect(xlsx.rows[1]).toEqual(['Instagram', 3, 75, 3, 0, 120, 'EUR', 40, 1, 1, 1]);
  });

  it('writes the raw answers newest first with their order, revenue, customer and channel; formulas stay text', async () => {
    const { a } = await seeded();
    const csv = await download(a.shop, `${path}/answers/export?format=csv`);
    expect(csv.status).toBe(200);
    const [header, ...rows] = parseCsv(csv.bytes);
    expect(header).toEqual([...postPurchaseAnswerColumns]);
    const dateless = rows.map((row) => row.filter((_, index) => index !== 1));
    expect(dateless).toEqual([
      [expect.stringMatching(/^\d+$/), 'Thank you page', 'Other', `'=A podcast, "Tea Talk"`, '', '', '', ''],
      ['#1003', 'Thank you page', 'Instagram', '', '100.00', 'EUR', '', 'pos'],
      ['#1002', 'Thank you page', 'Instagram', '', '0.01', 'EUR', 'Returning', 'web'],
      ['#1001', 'Thank you page', 'Instagram', '', '19.99', 'EUR', 'New', 'web'],
    ]);
    const xlsx = readXlsx((await download(a.shop, `${path}/answers/export`)).bytes);
    expect(xlsx.rows).toHaveLength(5);
    expect(xlsx.rows[4]![0]).toBe('#1001');
    expect(xlsx.rows[4]![5]).toBe(19.99);
    const pos = parseCsv((await download(a.shop, `${path}/answers/export?format=csv&channel=pos`)).bytes);
    expect(pos.map((row) => row[0])).toEqual(['Order', '#1003']);
  });
});
