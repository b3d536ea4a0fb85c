import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { emailInbox } from '@quizlead/shared/schemas/wheel.ts';
import { samePrize, type TPrizeSettings } from '@quizlead/shared/schemas/prizes.ts';
import type { Db } from '../../db/client.ts';
import { sameEmail, sameInbox } from '../../db/oncePerEmail.ts';
import { prizeCodes, prizeDiscounts } from '../../db/schema/index.ts';
import { scoped } from '../../db/scope.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { fillPrizePoolTask } from '../../jobs/tasks/FillPrizePoolTask.ts';
import { givesCodes, poolCounts, prizePoolLowWater, storedPrize, type PrizeDiscountRow } from './prizePool.ts';

/** What gives codes: a wheel or a quiz, and whether its one-per-email rule ignores +tags and Gmail dots. */
export interface PrizeGivingItem {
  kind: 'wheel' | 'quiz';
  id: string;
  accountId: string;
  ignoreEmailTags: boolean;
}

/** A unique code given (or given before to this email), or none ready yet. */
export type PrizeAward = { code: string; expiresAt: Date | null } | { pending: true };

/**
 * The unique code of a spin that landed on a slice (or a play that reached an outcome) with a
 * unique-code prize, inside its transaction. The caller holds the email's lock (db/oncePerEmail.ts), so
 * one email's spins or plays run one after another: an email that has a code of this item gets that
 * code again (one code per email per item, whatever slot it came from; the partial unique index backs it). Otherwise the oldest free
 * live code of the slice is taken with FOR UPDATE SKIP LOCKED, so concurrent spins each take another
 * code without waiting. With none free, or a slice whose codes are still being made, the answer is
 * pending and a fill is queued; a pool running low is filled too.
 */
export async function prizeCodeGiver(props: {
  db: Db;
  queue: JobQueue;
  item: PrizeGivingItem;
  /** The wheel slice's index or the quiz outcome's key, and its prize as the item has it now. */
  slot: string;
  prize: TPrizeSettings | null | undefined;
  email: string;
  submissionId: string;
  now?: Date;
}): Promise<PrizeAward | null> {
  const { db, item, email, prize } = props;
  if (!prize) return null;
  const now = props.now ?? new Date();
  const [row] = await db
    .select()
    .from(prizeDiscounts)
    .where(
      scoped(
        prizeDiscounts,
        item.accountId,
        and(eq(prizeDiscounts.itemKind, item.kind), eq(prizeDiscounts.itemId, item.id), eq(prizeDiscounts.slot, props.slot)),
      ),
    )
    .limit(1);
  const stored = row ? storedPrize(row.settings) : null;

  const sameVisitor: SQL = item.ignoreEmailTags
    ? sameInbox(prizeCodes.email, emailInbox(email))
    : sameEmail(prizeCodes.email, email);
  const [given] = await db
    .select({ code: prizeCodes.code, discountId: prizeCodes.discountId, createdAt: prizeCodes.createdAt })
    .from(prizeCodes)
    .where(scoped(prizeCodes, item.accountId, eq(prizeCodes.itemId, item.id), sameVisitor))
    .orderBy(asc(prizeCodes.assignedAt))
    .limit(1);
  if (given)
    return { code: given.code, expiresAt: row && given.discountId === row.id ? expiryOf(stored, given.createdAt) : null };

  if (!row) return { pending: true };
  const ready = stored !== null && samePrize(stored, prize) && givesCodes(row, stored, now);
  if (!ready) {
    if (row.status !== 'failed') await fillQueuer(db, props.queue, row, 'unless filling');
    return { pending: true };
  }
  const free = db
    .select({ id: prizeCodes.id })
    .from(prizeCodes)
    .where(
      scoped(
        prizeCodes,
        item.accountId,
        eq(prizeCodes.discountId, row.id),
        isNull(prizeCodes.assignedAt),
        eq(prizeCodes.live, true),
      ),
    )
    .orderBy(asc(prizeCodes.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [taken] = await db
    .update(prizeCodes)
    .set({ email, submissionId: props.submissionId, assignedAt: now })
    .where(scoped(prizeCodes, item.accountId, inArray(prizeCodes.id, free)))
    .returning({ code: prizeCodes.code, createdAt: prizeCodes.createdAt });
  if (!taken) {
    await fillQueuer(db, props.queue, row, 'unless filling');
    return { pending: true };
  }
  await fillQueuer(db, props.queue, row, 'when low');
  return { code: taken.code, expiresAt: expiryOf(stored, taken.createdAt) };
}

/** When a code this item gave stops working, as far as its slot's current generation tells. */
export async function givenCodeExpiry(
  db: Db,
  item: Pick<PrizeGivingItem, 'id' | 'accountId'>,
  code: string,
): Promise<Date | null> {
  const [given] = await db
    .select({ createdAt: prizeCodes.createdAt, settings: prizeDiscounts.settings })
    .from(prizeCodes)
    .innerJoin(prizeDiscounts, eq(prizeDiscounts.id, prizeCodes.discountId))
    .where(scoped(prizeCodes, item.accountId, eq(prizeCodes.itemId, item.id), eq(prizeCodes.code, code)))
    .limit(1);
  return given ? expiryOf(storedPrize(given.settings), given.createdAt) : null;
}

/** A code of the current generation works until its end; one of an earlier one is not known here. */
function expiryOf(stored: ReturnType<typeof storedPrize>, createdAt: Date): Date | null {
  if (!stored?.endsAt || !stored.startsAt || createdAt < new Date(stored.startsAt)) return null;
  return new Date(stored.endsAt);
}

/**
 * Queues a fill when the pool has none on the way: 'when low' once it has just dropped below the low
 * water mark (one spin crosses it), 'unless filling' whenever no fill has codes in flight.
 */
async function fillQueuer(db: Db, queue: JobQueue, row: PrizeDiscountRow, when: 'when low' | 'unless filling') {
  const counts = await poolCounts(db, row);
  if (counts.inFlight > 0) return;
  if (when === 'when low' && counts.free !== prizePoolLowWater - 1) return;
  await queue.enqueue(db, fillPrizePoolTask, { accountId: row.accountId, discountId: row.id });
}
