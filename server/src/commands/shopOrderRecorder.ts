import { sql } from 'drizzle-orm';
import { toMinorUnits } from '@quizlead/shared/reports.ts';
import type { Db } from '../db/client.ts';
import { shopOrders } from '../db/schema/index.ts';

/** The facts of a shop order as orders/create or orders/paid tells them (commands/shopifyWebhookApplier.ts maps the payload). */
export interface ShopOrderFacts {
  /** Shopify's order gid (gid://shopify/Order/1001) or its numeric id. */
  orderId: string;
  orderName: string;
  orderedAt: Date;
  /** The total as Shopify writes it ('19.99'), in `currency` (the shop's). */
  total: string;
  currency: string;
  /** The sales channel (web, pos, shopify_draft_order…); '' when the payload did not say. */
  sourceName: string;
  financialStatus: string;
  /** How many orders the customer has, this one counted, when the payload tells; null when unknown or no customer. */
  customerOrdersCount: number | null;
}

/** Shopify's numeric order id from its gid (Order or OrderIdentity) or the number itself; null for anything else. */
export function numericOrderId(id: string): string | null {
  const match = /^(?:gid:\/\/shopify\/(?:Order|OrderIdentity)\/)?(\d{1,20})$/.exec(id.trim());
  return match ? match[1]! : null;
}

/**
 * Records (or refreshes) the facts of one order of the shop, for the post-purchase survey's rules and
 * its revenue per answer: total in exact minor units of the shop currency (never a float), sales
 * channel, whether it is the customer's first order, financial status, and when it was paid.
 * Idempotent: a repeated delivery writes the same row again. orders/paid may arrive before
 * orders/create: a paid order keeps its paid time and status when the create comes after it.
 * Answers whether a row was written (false for a total that is not an amount).
 */
export async function shopOrderRecorder(props: {
  db: Db;
  accountId: string;
  order: ShopOrderFacts;
  /** Set by orders/paid: when the order was paid. */
  paidAt?: Date;
}): Promise<boolean> {
  const { db, accountId, order, paidAt } = props;
  const orderId = numericOrderId(order.orderId);
  const totalMinor = toMinorUnits(order.total, order.currency);
  if (orderId === null || totalMinor === null) return false;
  const index = order.customerOrdersCount;
  const known = index !== null && Number.isSafeInteger(index) && index >= 1;
  const facts = {
    orderName: order.orderName,
    totalMinor,
    currency: order.currency,
    sourceName: order.sourceName,
    customerOrderIndex: known ? index : null,
    firstOrder: known ? index === 1 : null,
    orderedAt: order.orderedAt,
  };
  await db
    .insert(shopOrders)
    .values({ accountId, orderId, ...facts, financialStatus: order.financialStatus, paidAt: paidAt ?? null })
    .onConflictDoUpdate({
      target: [shopOrders.accountId, shopOrders.orderId],
      set: {
        ...facts,
        // What one delivery does not know, another may have told.
        sourceName: sql`coalesce(nullif(excluded.source_name, ''), ${shopOrders.sourceName})`,
        customerOrderIndex: sql`coalesce(excluded.customer_order_index, ${shopOrders.customerOrderIndex})`,
        firstOrder: sql`coalesce(excluded.first_order, ${shopOrders.firstOrder})`,
        // orders/paid sets both; a later orders/create does not take a paid order back to pending.
        financialStatus: paidAt
          ? sql`excluded.financial_status`
          : sql`case when ${shopOrders.paidAt} is null then excluded.financial_status else ${shopOrders.financialStatus} end`,
        paidAt: sql`coalesce(${shopOrders.paidAt}, excluded.paid_at)`,
        updatedAt: new Date(),
      },
    });
  return true;
}
