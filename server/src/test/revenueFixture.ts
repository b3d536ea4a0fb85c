import { randomUUID } from 'node:crypto';
import { cartProperties } from '@quizlead/shared/schemas/products.ts';
import { prizeCodes, prizeDiscounts } from '../db/schema/index.ts';
import type { ShopifyTestServer, TestClient } from './getTestServer.ts';
import { personalityQuestion, twoPersonalities } from './quizFactory.ts';
import { deliverApplied, installedShop } from './shopifyWebhooks.ts';
import { createWheel } from './widgetFactory.ts';
import { visitor } from './reportFixture.ts';

/**
 * Shops that sell with a quiz and a wheel, for the revenue tests: prize codes as the prizes feature
 * stores them, visitors completing the quiz through the public API, and orders/create bodies as
 * Shopify sends them (REST shape, with fields the app does not read).
 */

const dayMs = 24 * 60 * 60 * 1000;
export const daysAgo = (days: number, from = new Date()) => new Date(from.getTime() - days * dayMs);

/** An installed shop with a published personality quiz (Calm p1 / Bold p2) and a three-slice wheel. */
export async function sellingShop(server: ShopifyTestServer) {
  const { shop, owner, accountId } = await installedShop(server);
  const quiz = await personalityQuiz(owner);
  const wheel = await createWheel(owner, {
    description: 'Spin for a discount',
    options: [{ text: '10% off' }, { text: '20% off' }, { text: 'Free shipping' }],
  });
  return { shop, owner, accountId, quiz, wheelId: wheel.id as string };
}

export async function personalityQuiz(client: TestClient) {
  const created = (await client.post('/api/v1/quizzes', { quizType: 'personality_quiz', title: 'Tea or coffee' })).body.data;
  const settings = { ...created.settings, welcomeMessage: '<p>Hi</p>', collectEmail: false };
  const saved = await client.put(`/api/v1/quizzes/${created.id}`, { ...created, settings, personalities: twoPersonalities });
  if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
  const question = personalityQuestion();
  await client.put(`/api/v1/quizzes/${created.id}/questions`, { questions: [question] });
  const published = await client.put(`/api/v1/quizzes/${created.id}/status`, { status: 'published' });
  if (published.status !== 200) throw new Error(JSON.stringify(published.body));
  return { id: created.id as string, questionId: question.id };
}

/** A visitor who plays the quiz to its result (a1 → Calm, a2 → Bold); completed now. */
export async function completedPlay(server: ShopifyTestServer, quiz: { id: string; questionId: string }, answer = 'a1') {
  const play = visitor(server, quiz.id);
  await play.start();
  await play.answers({ [quiz.questionId]: [answer] });
  return play.playId;
}

/**
 * A prize code given to a visitor at `assignedAt`, as the prizes feature leaves it: a live code of the
 * item's prize discount for `slot` (a wheel slice's index, a quiz outcome's key).
 */
export async function givenCode(
  server: ShopifyTestServer,
  prize: { accountId: string; itemKind: 'wheel' | 'quiz'; itemId: string; slot: string; code: string; assignedAt?: Date },
) {
  const { db } = server.services.database;
  const [discount] = await db
    .insert(prizeDiscounts)
    .values({ accountId: prize.accountId, itemKind: prize.itemKind, itemId: prize.itemId, slot: prize.slot, settings: {} })
    .onConflictDoUpdate({ target: [prizeDiscounts.itemId, prizeDiscounts.slot], set: { updatedAt: new Date() } })
    .returning({ id: prizeDiscounts.id });
  await db.insert(prizeCodes).values({
    accountId: prize.accountId,
    discountId: discount!.id,
    itemId: prize.itemId,
    code: prize.code,
    live: true,
    email: `${randomUUID()}@example.com`,
    submissionId: randomUUID(),
    assignedAt: prize.assignedAt ?? new Date(),
  });
}

let orderNumber = 1000;

export interface OrderLine {
  quizId?: string;
  outcome?: string;
  variant?: string;
}

/**
 * An orders/create body as Shopify sends it: the REST order with the customer, addresses and
 * money sets the app does not read, the discount codes used, and line items whose properties
 * carry what Add to cart set (and a property of the theme's own).
 */
export function orderBody(order: {
  total: string;
  currency?: string;
  codes?: string[];
  lines?: OrderLine[];
  createdAt?: Date;
  id?: number;
  /** The sales channel (Shopify's source_name); web unless told. */
  sourceName?: string;
  financialStatus?: string;
  /** The customer's order count with this order (customer.orders_count); null for an order without a customer. */
  ordersCount?: number | null;
}) {
  const id = order.id ?? 5_940_139_000_000 + orderNumber++;
  const currency = order.currency ?? 'EUR';
  const lines = order.lines?.length ? order.lines : [{}];
  return {
    id,
    admin_graphql_api_id: `gid://shopify/Order/${id}`,
    name: `#${id % 100_000}`,
    email: 'buyer@example.com',
    created_at: (order.createdAt ?? new Date()).toISOString(),
    currency,
    presentment_currency: currency,
    current_total_price: order.total,
    current_total_price_set: {
      shop_money: { amount: order.total, currency_code: currency },
      presentment_money: { amount: order.total, currency_code: currency },
    },
    total_price: order.total,
    subtotal_price: order.total,
    financial_status: order.financialStatus ?? 'paid',
    source_name: order.sourceName ?? 'web',
    test: false,
    customer:
      order.ordersCount === null
        ? null
        : {
            id: 7044372168804,
            email: 'buyer@example.com',
            first_name: 'Bea',
            ...(order.ordersCount === undefined ? {} : { orders_count: order.ordersCount }),
          },
    discount_codes: (order.codes ?? []).map((code) => ({ code, amount: '5.00', type: 'fixed_amount' })),
    line_items: lines.map((line, index) => ({
      id: 13688971493691 + index,
      admin_graphql_api_id: `gid://shopify/LineItem/${13688971493691 + index}`,
      name: 'Green tea',
      price: '12.00',
      quantity: 1,
      properties: [
        { name: 'Gift wrap', value: 'yes' },
        ...(line.quizId ? [{ name: cartProperties.quizId, value: line.quizId }] : []),
        ...(line.outcome ? [{ name: cartProperties.outcome, value: line.outcome }] : []),
        ...(line.variant ? [{ name: cartProperties.variant, value: line.variant }] : []),
      ],
    })),
  };
}

/** Sends an order as Shopify does (signed orders/create) and waits until it is applied. */
export const placeOrder = (server: ShopifyTestServer, shop: string, body: object) =>
  deliverApplied(server, { topic: 'orders/create', shop, body });

/** Sends orders/paid for an order body (signed as Shopify does) and waits until it is applied. */
export const payOrder = (server: ShopifyTestServer, shop: string, body: object, paidAt = new Date()) =>
  deliverApplied(server, { topic: 'orders/paid', shop, body: { ...body, financial_status: 'paid' }, triggeredAt: paidAt });
