import { and, eq } from 'drizzle-orm';
import { samePrize, type TPrizeSettings } from '@quizlead/shared/schemas/prizes.ts';
import type { Db } from '../../db/client.ts';
import { prizeDiscounts } from '../../db/schema/index.ts';
import { scoped } from '../../db/scope.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { fillPrizePoolTask } from '../../jobs/tasks/FillPrizePoolTask.ts';
import type { QuizRow } from '../../policies/quiz.ts';
import type { WheelRow } from '../../policies/wheel.ts';
import { freeCodesDropper, storedPrize } from './prizePool.ts';

/** A wheel or a quiz, and its slots: a wheel's slices (by index) or a quiz's outcomes (by key), each with its prize or none. */
export interface PrizedItem {
  kind: 'wheel' | 'quiz';
  id: string;
  accountId: string;
  slots: readonly { slot: string; prize: TPrizeSettings | null }[];
}

/** A wheel's slices as prize slots. */
export const wheelPrizeSlots = (wheel: WheelRow): PrizedItem => ({
  kind: 'wheel',
  id: wheel.id,
  accountId: wheel.accountId,
  slots: wheel.options.map((option, index) => ({ slot: String(index), prize: option.prize ?? null })),
});

/** A quiz's outcomes as prize slots. */
export const quizPrizeSlots = (quiz: QuizRow): PrizedItem => ({
  kind: 'quiz',
  id: quiz.id,
  accountId: quiz.accountId,
  slots: Object.entries(quiz.outcomePrizes).map(([slot, prize]) => ({ slot, prize })),
});

/**
 * After a wheel or a quiz is saved (in its transaction): each slot with a unique-code prize has its
 * prize_discounts row and a job to fill its pool. A changed prize, or one Shopify refused, starts over
 * with a new Shopify discount (codes already given keep theirs; the free ones of the old one are
 * dropped); a slot that no longer gives codes drops its free ones and keeps the given ones (orders
 * are still credited by them). Renaming the item or a slot keeps the discount.
 */
export async function prizeSlotsSyncer(props: { db: Db; queue: JobQueue; item: PrizedItem }): Promise<void> {
  const { db, queue, item } = props;
  const rows = await db
    .select()
    .from(prizeDiscounts)
    .where(
      scoped(prizeDiscounts, item.accountId, and(eq(prizeDiscounts.itemKind, item.kind), eq(prizeDiscounts.itemId, item.id))),
    );
  const bySlot = new Map(rows.map((row) => [row.slot, row]));
  for (const { slot, prize } of item.slots) {
    const row = bySlot.get(slot);
    bySlot.delete(slot);
    if (!prize) {
      if (row) await freeCodesDropper(db, row);
      continue;
    }
    let discountId = row?.id;
    if (!row) {
      const [inserted] = await db
        .insert(prizeDiscounts)
        .values({ accountId: item.accountId, itemKind: item.kind, itemId: item.id, slot, settings: { ...prize } })
        .returning({ id: prizeDiscounts.id });
      discountId = inserted!.id;
    } else {
      const stored = storedPrize(row.settings);
      if (!stored || !samePrize(stored, prize) || row.status === 'failed') {
        await db
          .update(prizeDiscounts)
          .set({
            settings: { ...prize },
            shopifyDiscountId: null,
            status: 'pending',
            lastError: null,
            updatedAt: new Date(),
          })
          .where(scoped(prizeDiscounts, item.accountId, eq(prizeDiscounts.id, row.id)));
        await freeCodesDropper(db, row);
      }
    }
    // Also for an unchanged prize: a pool emptied while the slot gave none is filled again.
    await queue.enqueue(db, fillPrizePoolTask, { accountId: item.accountId, discountId: discountId! });
  }
  for (const row of bySlot.values()) await freeCodesDropper(db, row);
}

/** Before a wheel or a quiz is deleted: its prize rows and codes go with it (Shopify keeps the discounts and the codes given). */
export async function prizeSlotsRemover(props: {
  db: Db;
  accountId: string;
  kind: 'wheel' | 'quiz';
  itemId: string;
}): Promise<void> {
  await props.db
    .delete(prizeDiscounts)
    .where(
      scoped(
        prizeDiscounts,
        props.accountId,
        and(eq(prizeDiscounts.itemKind, props.kind), eq(prizeDiscounts.itemId, props.itemId)),
      ),
    );
}
