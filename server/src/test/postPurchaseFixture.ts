import { randomUUID } from 'node:crypto';
import { shopOrderRecorder } from '../commands/shopOrderRecorder.ts';
import type { Db } from '../db/client.ts';
import { postPurchaseAnswers } from '../db/schema/index.ts';
import { orderBody } from './revenueFixture.ts';

/**
 * Post-purchase survey answers and the shop orders behind them, for the report's tests: answers as
 * the answer recorder stores them, orders as orders/create records them (through its command, or as
 * the signed webhook's body for tests that deliver it).
 */

let nextOrder = 820_000;
/** A Shopify order id no other test uses. */
export const newOrderId = () => String(5_950_000_000_000 + nextOrder++);

export interface AnswerFixture {
  accountId: string;
  orderId: string;
  answerKey: string;
  answerLabel: string;
  itemKind?: 'poll' | 'feedback';
  itemId?: string;
  surface?: 'thank_you' | 'order_status';
  otherText?: string;
  customerId?: string;
  createdAt?: Date;
}

/** One survey item per test run unless a test names its own. */
export const surveyItemId = randomUUID();

export async function storedAnswer(db: Db, answer: AnswerFixture) {
  await db.insert(postPurchaseAnswers).values({
    accountId: answer.accountId,
    itemKind: answer.itemKind ?? 'poll',
    itemId: answer.itemId ?? surveyItemId,
    orderId: answer.orderId,
    customerId: answer.customerId ?? null,
    surface: answer.surface ?? 'thank_you',
    answerKey: answer.answerKey,
    answerLabel: answer.answerLabel,
    otherText: answer.otherText ?? null,
    createdAt: answer.createdAt ?? new Date(),
  });
}

export interface OrderFixture {
  accountId: string;
  orderId: string;
  total: string;
  currency?: string;
  sourceName?: string;
  /** The customer's orders, this one counted (1: a first order); null: not known. */
  customerOrders?: number | null;
  orderedAt?: Date;
}

/** An order as orders/create records it. */
export async function recordedOrder(db: Db, order: OrderFixture) {
  const written = await shopOrderRecorder({
    db,
    accountId: order.accountId,
    order: {
      orderId: order.orderId,
      orderName: `#${order.orderId.slice(-4)}`,
      orderedAt: order.orderedAt ?? new Date(),
      total: order.total,
      currency: order.currency ?? 'EUR',
      sourceName: order.sourceName ?? 'web',
      financialStatus: 'pending',
      customerOrdersCount: order.customerOrders ?? null,
    },
  });
  if (!written) throw new Error(`order ${order.orderId} not recorded`);
}

/** An orders/create body as Shopify sends it, with the sales channel and the customer's order count. */
export function surveyedOrderBody(order: Omit<OrderFixture, 'accountId'> & { name?: string }) {
  const body = orderBody({
    total: order.total,
    currency: order.currency ?? 'EUR',
    id: Number(order.orderId),
    createdAt: order.orderedAt,
  });
  return {
    ...body,
    ...(order.name ? { name: order.name } : {}),
    source_name: order.sourceName ?? 'web',
    customer: { ...body.customer, ...(order.customerOrders ? { orders_count: order.customerOrders } : {}) },
  };
}
