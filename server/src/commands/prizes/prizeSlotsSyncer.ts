import { and, eq } from 'drizzle-orm';
import { samePrize } from '@quizlead/shared/schemas/prizes.ts';
import type { Db } from '../../db/client.ts';
import { prizeDiscounts } from '../../db/schema/index.ts';
import { scoped } from '../../db/scope.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { fillPrizePoolTask } from '../../jobs/tasks/FillPrizePoolTask.ts';
import type { WheelRow } from '../../policies/wheel.ts';
import { freeCodesDropper, storedPrize } from './prizePool.ts';

/**
 * After a wheel is saved (in its transaction): each slice with a unique-code prize has its
 * prize_discounts row and a job to fill its pool. A changed prize, or one Shopify refused, starts over
 * with a new Shopify discount (codes already given keep theirs; the free ones of the old one are
 * dropped); a slice that no longer gives codes drops its free ones and keeps the given ones (orders
 * are still credited by them). Renaming the wheel or a slice keeps the discount.
 */
export async function prizeSlotsSyncer(props: { db: Db; queue: JobQueue; wheel: WheelRow }): Promise<void> {
  const { db, queue, wheel } = props;
  const rows = await db
    .select()
    .from(prizeDiscounts)
    .where(
      scoped(prizeDiscounts, wheel.accountId, and(eq(prizeDiscounts.itemKind, 'wheel'), eq(prizeDiscounts.itemId, wheel.id))),
    );
  const bySlot = new Map(rows.map((row) => [row.slot, row]));
  for (const [index, option] of wheel.options.entries()) {
    const slot = String(index);
    const row = bySlot.get(slot);
    bySlot.delete(slot);
    if (!option.prize) {
      if (row) await freeCodesDropper(db, row);
      continue;
    }
    let discountId = row?.id;
    if (!row) {
      const [inserted] = await db
        .insert(prizeDiscounts)
        .values({ accountId: wheel.accountId, itemKind: 'wheel', itemId: wheel.id, slot, settings: { ...option.prize } })
        .returning({ id: prizeDiscounts.id });
      discountId = inserted!.id;
    } else {
      const stored = storedPrize(row.settings);
      if (!stored || !samePrize(stored, option.prize) || row.status === 'failed') {
        await db
          .update(prizeDiscounts)
          .set({
            settings: { ...option.prize },
            shopifyDiscountId: null,
            status: 'pending',
            lastError: null,
            updatedAt: new Date(),
          })
          .where(scoped(prizeDiscounts, wheel.accountId, eq(prizeDiscounts.id, row.id)));
        await freeCodesDropper(db, row);
      }
    }
    // Also for an unchanged prize: a pool emptied while the slice gave none is filled again.
    await queue.enqueue(db, fillPrizePoolTask, { accountId: wheel.accountId, discountId: discountId! });
  }
  for (const row of bySlot.values()) await freeCodesDropper(db, row);
}

/** Before a wheel is deleted: its prize rows and codes go with it (Shopify keeps the discounts and the codes given). */
export async function prizeSlotsRemover(props: { db: Db; accountId: string; itemId: string }): Promise<void> {
  await props.db
    .delete(prizeDiscounts)
    .where(
      scoped(prizeDiscounts, props.accountId, and(eq(prizeDiscounts.itemKind, 'wheel'), eq(prizeDiscounts.itemId, props.itemId))),
    );
}
