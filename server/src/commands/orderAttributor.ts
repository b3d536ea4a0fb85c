import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { toMinorUnits } from '@quizlead/shared/reports.ts';
import { parseVariantTag } from '@quizlead/shared/schemas/experiments.ts';
import { attributionWindowDays, cartProperties } from '@quizlead/shared/schemas/products.ts';
import type { Db } from '../db/client.ts';
import { attributedOrders, plays, prizeCodes, prizeDiscounts, wheelSpins } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';

/** A shop's new order, as orders/create tells it (commands/shopifyWebhookApplier.ts maps the payload). */
export interface ShopOrder {
  /** Shopify's order gid. */
  orderId: string;
  orderName: string;
  orderedAt: Date;
  /** The total as Shopify writes it ('19.90'), in `currency` (the shop's). */
  total: string;
  currency: string;
  discountCodes: readonly string[];
  /** Each line item's properties (only the app's own are needed). */
  lineItems: readonly (readonly { name: string; value: string | null }[])[];
}

type CreditRow = typeof attributedOrders.$inferInsert;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const dayMs = 24 * 60 * 60 * 1000;

/**
 * Credits an order to the quizzes and wheels that brought it, one row per (order, item):
 * - by code: a discount code of the order that is a prize code of this account (case-insensitive),
 *   given out within the window before the order, credits the item that gave it, with the prize's
 *   slot (the wheel slice or quiz outcome);
 * - by cart: a line item whose properties name a quiz of this account (cartProperties, set by Add to
 *   cart on the result page) credits that quiz with the outcome and A/B variant the properties name, when
 *   the quiz has a completed play within the window before the order. Orders carry no play id, so
 *   that play is not tied to the buyer: the property says the product was added from the quiz's
 *   result, and the play in the window keeps an old cart or a copied property from crediting a quiz
 *   nobody finished that week.
 * An item named both ways is credited once, by its code (the stronger sign). Each credited item gets
 * the whole order total. A redelivered or repeated order writes nothing new (the unique index).
 * Answers the rows written.
 */
export async function orderAttributor(props: { db: Db; accountId: string; order: ShopOrder }): Promise<CreditRow[]> {
  const { db, accountId, order } = props;
  const totalMinor = toMinorUnits(order.total, order.currency);
  if (totalMinor === null) return [];
  const windowStart = new Date(order.orderedAt.getTime() - attributionWindowDays * dayMs);
  const base = {
    accountId,
    orderId: order.orderId,
    orderName: order.orderName,
    totalMinor,
    currency: order.currency,
    orderedAt: order.orderedAt,
  };
  const credits = new Map<string, CreditRow>();

  const codes = [...new Set(order.discountCodes.map((code) => code.trim().toUpperCase()).filter(Boolean))];
  if (codes.length > 0) {
    const given = await db
      .select({
        code: prizeCodes.code,
        itemId: prizeCodes.itemId,
        itemKind: prizeDiscounts.itemKind,
        slot: prizeDiscounts.slot,
        experimentId: wheelSpins.experimentId,
        variant: wheelSpins.variant,
      })
      .from(prizeCodes)
      .innerJoin(prizeDiscounts, and(eq(prizeDiscounts.id, prizeCodes.discountId), eq(prizeDiscounts.accountId, accountId)))
      // The spin that won the code says which A/B variant of the wheel's odds it was drawn from.
      .leftJoin(
        wheelSpins,
        and(
          eq(wheelSpins.accountId, accountId),
          eq(wheelSpins.wheelId, prizeCodes.itemId),
          eq(wheelSpins.id, prizeCodes.submissionId),
        ),
      )
      // upper(code) is the prize_codes_account_code_idx expression.
      .where(
        scoped(
          prizeCodes,
          accountId,
          inArray(sql`upper(${prizeCodes.code})`, codes),
          gte(prizeCodes.assignedAt, windowStart),
          lte(prizeCodes.assignedAt, order.orderedAt),
        ),
      )
      .orderBy(prizeCodes.code);
    for (const prize of given) {
      if (credits.has(prize.itemId)) continue;
      credits.set(prize.itemId, {
        ...base,
        itemKind: prize.itemKind,
        itemId: prize.itemId,
        slot: prize.slot,
        experimentId: prize.experimentId,
        variant: prize.variant,
        via: 'code',
        prizeCode: prize.code,
      });
    }
  }

  // The first line item naming a quiz gives its outcome and variant.
  const carted = new Map<string, { outcome: string | null; test: { experimentId: string; key: string } | null }>();
  for (const properties of order.lineItems) {
    const value = (name: string) => properties.find((property) => property.name === name)?.value?.trim() || null;
    const quizId = value(cartProperties.quizId);
    if (!quizId || !uuid.test(quizId) || carted.has(quizId.toLowerCase())) continue;
    carted.set(quizId.toLowerCase(), {
      outcome: value(cartProperties.outcome),
      test: parseVariantTag(value(cartProperties.variant)),
    });
  }
  if (carted.size > 0) {
    // Plays are the account's own, so a quiz id of another account finds none. Written as the
    // plays_respondents_date_idx predicate (quiz_id, completed_at), so the look-up is an index range.
    const played = await db
      .selectDistinct({ quizId: plays.quizId })
      .from(plays)
      .where(
        scoped(
          plays,
          accountId,
          inArray(plays.quizId, [...carted.keys()]),
          sql`${plays.status} = 'completed' and not ${plays.preview}`,
          gte(plays.completedAt, windowStart),
          lte(plays.completedAt, order.orderedAt),
        ),
      );
    for (const { quizId } of played) {
      const cart = carted.get(quizId)!;
      const byCode = credits.get(quizId);
      if (byCode) {
        if (!byCode.experimentId && cart.test)
          Object.assign(byCode, { experimentId: cart.test.experimentId, variant: cart.test.key });
        continue;
      }
      credits.set(quizId, {
        ...base,
        itemKind: 'quiz',
        itemId: quizId,
        slot: cart.outcome,
        experimentId: cart.test?.experimentId ?? null,
        variant: cart.test?.key ?? null,
        via: 'cart',
        prizeCode: null,
      });
    }
  }

  if (credits.size === 0) return [];
  return db
    .insert(attributedOrders)
    .values([...credits.values()])
    .onConflictDoNothing({ target: [attributedOrders.accountId, attributedOrders.orderId, attributedOrders.itemId] })
    .returning();
}
