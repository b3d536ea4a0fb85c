import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { outcomeOptions } from '@quizlead/shared/engine/products.ts';
import { prizeMessages, samePrize } from '@quizlead/shared/schemas/prizes.ts';
import type { Services } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { prizeCodes, prizeDiscounts, quizzes, wheels } from '../../db/schema/index.ts';
import { scoped } from '../../db/scope.ts';
import { shopifyAdmin, type ShopifyAdmin } from '../../integrations/shopify/adminApi.ts';
import {
  addPrizeCodes,
  createPrizeDiscount,
  maxCodesPerBulkAdd,
  PrizeDiscountRefusedError,
  prizeDiscountInput,
  readPrizeCodesAdded,
} from '../../integrations/shopify/discounts/prizeDiscountApi.ts';
import { isAccessDenied } from '../../integrations/shopify/products/productsSyncer.ts';
import {
  newPrizeCodes,
  poolCounts,
  prizePoolLowWater,
  prizePoolTarget,
  prizeTitle,
  renewBeforeMs,
  staleFillMs,
  storedPrize,
  type PrizeDiscountRow,
  type StoredPrize,
} from './prizePool.ts';

const dayMs = 24 * 60 * 60 * 1000;
/** Waits between reads of a bulk creation: 0.5 s doubling to 5 s, about a minute in all. */
const defaultPollDelays = [500, 1000, 2000, 4000, ...Array<number>(11).fill(5000)];

export interface FillOptions {
  /** Codes the pool holds after the fill. */
  target?: number;
  /** A pool with at least this many free codes is left alone. */
  lowWater?: number;
  pollDelaysMs?: readonly number[];
  now?: () => Date;
}

/**
 * Keeps one prize slot's codes ahead of demand (the FillPrizePoolTask job): makes its Shopify discount
 * when it has none or its generation is about to stop giving codes (prizePool.ts, StoredPrize), then,
 * when fewer than `lowWater` codes are free, adds codes in calls of at most 250
 * (discountRedeemCodeBulkAdd), reads each bulk creation until it is done and makes live the codes
 * Shopify made; the others are thrown away. Codes are written (not live) before Shopify hears of them,
 * so no code Shopify has can be unknown here, and only codes Shopify confirmed are ever given.
 *
 * Shopify's refusals (userErrors, a scope not granted) mark the slot failed with the reason for the
 * owner, who saves the wheel to try again; anything else throws for the job to retry. A slot whose
 * wheel changed since the job was queued is left to the job its save queued.
 */
export async function prizePoolFiller(props: { services: Services; accountId: string; discountId: string } & FillOptions) {
  const { services, accountId, discountId } = props;
  const db = services.database.db;
  const now = props.now ?? (() => new Date());
  const target = props.target ?? prizePoolTarget;
  const lowWater = props.lowWater ?? prizePoolLowWater;

  const [row] = await db
    .select()
    .from(prizeDiscounts)
    .where(scoped(prizeDiscounts, accountId, eq(prizeDiscounts.id, discountId)));
  if (!row || row.status === 'failed') return;
  const slot = await slotOf(db, row);
  const stored = storedPrize(row.settings);
  if (!slot || !stored || !samePrize(stored, slot.prize)) return;

  const admin = await shopifyAdmin(services, accountId);
  let current = row;
  const renewAt = stored.handOutUntil ? new Date(stored.handOutUntil).getTime() - renewBeforeMs : Infinity;
  if (!row.shopifyDiscountId || now().getTime() >= renewAt) {
    const made = await generationMaker({ db, admin, row, prize: stored, title: slot.title, now: now() });
    if (!made) return;
    current = made;
  }

  for (let added = 0; ;) {
    const counts = await poolCounts(db, current);
    if (counts.inFlight > 0) {
      // Another fill is on it, unless it died long ago: its codes are then dropped and this one fills.
      if (counts.oldestInFlight && now().getTime() - counts.oldestInFlight.getTime() < staleFillMs) return;
      await db
        .delete(prizeCodes)
        .where(
          scoped(
            prizeCodes,
            accountId,
            and(eq(prizeCodes.discountId, current.id), eq(prizeCodes.live, false), isNull(prizeCodes.assignedAt)),
          ),
        );
    }
    if (added === 0 && counts.free >= lowWater) return;
    const missing = target - counts.free;
    if (missing <= 0) return;
    const batch = await codeBatchAdder({
      db,
      admin,
      row: current,
      count: Math.min(maxCodesPerBulkAdd, missing),
      pollDelaysMs: props.pollDelaysMs ?? defaultPollDelays,
    });
    // Nothing made (every code refused, or the slot moved on): stop rather than loop.
    if (batch === 0) return;
    added += batch;
  }
}

/** The wheel slice or quiz outcome a prize row stands for, as the item is now. */
async function slotOf(db: Db, row: PrizeDiscountRow) {
  if (row.itemKind === 'quiz') {
    const [quiz] = await db
      .select({
        title: quizzes.title,
        quizType: quizzes.quizType,
        personalities: quizzes.personalities,
        prizes: quizzes.outcomePrizes,
      })
      .from(quizzes)
      .where(scoped(quizzes, row.accountId, eq(quizzes.id, row.itemId)));
    const prize = quiz?.prizes[row.slot];
    if (!quiz || !prize) return null;
    const label = outcomeOptions(quiz).find((option) => option.key === row.slot)?.label ?? row.slot;
    return { prize, title: prizeTitle(quiz.title, label) };
  }
  const [wheel] = await db
    .select({ description: wheels.description, options: wheels.options })
    .from(wheels)
    .where(scoped(wheels, row.accountId, eq(wheels.id, row.itemId)));
  const option = wheel?.options[Number(row.slot)];
  if (!wheel || !option?.prize) return null;
  return { prize: option.prize, title: prizeTitle(wheel.description, option.text) };
}

/** A new Shopify discount for the slot (its first code with it); the old one's free codes are dropped. */
async function generationMaker(props: {
  db: Db;
  admin: ShopifyAdmin;
  row: PrizeDiscountRow;
  prize: StoredPrize;
  title: string;
  now: Date;
}): Promise<PrizeDiscountRow | null> {
  const { db, row, prize, now } = props;
  const days = prize.expiresInDays;
  const endsAt = days ? new Date(now.getTime() + 2 * days * dayMs) : null;
  const handOutUntil = days ? new Date(now.getTime() + days * dayMs) : null;
  const [code] = newPrizeCodes(1) as [string];
  let shopifyDiscountId: string;
  try {
    const input = prizeDiscountInput({ title: props.title, code, prize, startsAt: now, endsAt });
    shopifyDiscountId = await createPrizeDiscount(props.admin, input);
  } catch (error) {
    if (await refusalRecorder(db, row, error)) return null;
    throw error;
  }
  const settings: StoredPrize = {
    ...prize,
    startsAt: now.toISOString(),
    endsAt: endsAt?.toISOString() ?? null,
    handOutUntil: handOutUntil?.toISOString() ?? null,
  };
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(prizeDiscounts)
      .where(scoped(prizeDiscounts, row.accountId, eq(prizeDiscounts.id, row.id)))
      .for('update');
    const lockedPrize = locked ? storedPrize(locked.settings) : null;
    // Saved again, or renewed by another fill, since this one read it: that one's discount counts.
    if (!locked || !lockedPrize || !samePrize(lockedPrize, prize) || locked.shopifyDiscountId !== row.shopifyDiscountId)
      return null;
    const [updated] = await tx
      .update(prizeDiscounts)
      .set({ settings: { ...settings }, shopifyDiscountId, status: 'ready', lastError: null, updatedAt: new Date() })
      .where(scoped(prizeDiscounts, row.accountId, eq(prizeDiscounts.id, row.id)))
      .returning();
    await tx
      .delete(prizeCodes)
      .where(scoped(prizeCodes, row.accountId, and(eq(prizeCodes.discountId, row.id), isNull(prizeCodes.assignedAt))));
    await tx
      .insert(prizeCodes)
      .values({ accountId: row.accountId, discountId: row.id, itemId: row.itemId, code, live: true })
      .onConflictDoNothing();
    return updated!;
  });
}

/**
 * One bulk addition: `count` new codes written (not live), sent to Shopify, read back until done; the
 * ones Shopify made go live, the rest are deleted. Answers how many went live.
 */
async function codeBatchAdder(props: {
  db: Db;
  admin: ShopifyAdmin;
  row: PrizeDiscountRow;
  count: number;
  pollDelaysMs: readonly number[];
}): Promise<number> {
  const { db, admin, row } = props;
  const written = await db
    .insert(prizeCodes)
    .values(
      newPrizeCodes(props.count).map((code) => ({ accountId: row.accountId, discountId: row.id, itemId: row.itemId, code })),
    )
    .onConflictDoNothing()
    .returning({ code: prizeCodes.code });
  const codes = written.map((entry) => entry.code);
  const dropBatch = (keep: string[] = []) =>
    db
      .delete(prizeCodes)
      .where(
        scoped(
          prizeCodes,
          row.accountId,
          and(
            eq(prizeCodes.discountId, row.id),
            inArray(prizeCodes.code, codes),
            isNull(prizeCodes.assignedAt),
            keep.length > 0 ? notInArray(prizeCodes.code, keep) : undefined,
          ),
        ),
      );
  if (codes.length === 0) return 0;
  let imported: string[] | null = null;
  try {
    const bulkCreationId = await addPrizeCodes(admin, row.shopifyDiscountId!, codes);
    for (const delay of [0, ...props.pollDelaysMs]) {
      if (delay) await new Promise((done) => setTimeout(done, delay));
      const creation = await readPrizeCodesAdded(admin, bulkCreationId);
      if (creation.done) {
        imported = creation.imported;
        break;
      }
    }
  } catch (error) {
    await dropBatch();
    if (await refusalRecorder(db, row, error)) return 0;
    throw error;
  }
  if (!imported) {
    // Shopify may still make them: unknown here, they are never given out.
    await dropBatch();
    throw new Error(`the bulk creation of ${codes.length} codes for ${row.shopifyDiscountId} did not finish`);
  }
  const made = imported;
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ shopifyDiscountId: prizeDiscounts.shopifyDiscountId })
      .from(prizeDiscounts)
      .where(scoped(prizeDiscounts, row.accountId, eq(prizeDiscounts.id, row.id)))
      .for('update');
    if (!locked || locked.shopifyDiscountId !== row.shopifyDiscountId || made.length === 0) {
      await tx
        .delete(prizeCodes)
        .where(scoped(prizeCodes, row.accountId, and(eq(prizeCodes.discountId, row.id), inArray(prizeCodes.code, codes))));
      return 0;
    }
    await tx
      .update(prizeCodes)
      .set({ live: true })
      .where(scoped(prizeCodes, row.accountId, and(eq(prizeCodes.discountId, row.id), inArray(prizeCodes.code, made))));
    await tx
      .delete(prizeCodes)
      .where(
        scoped(
          prizeCodes,
          row.accountId,
          and(eq(prizeCodes.discountId, row.id), inArray(prizeCodes.code, codes), notInArray(prizeCodes.code, made)),
        ),
      );
    return made.length;
  });
}

/** Shopify refused (userErrors, or write_discounts not granted): the slot is failed with why. */
async function refusalRecorder(db: Db, row: PrizeDiscountRow, error: unknown): Promise<boolean> {
  let reason: string;
  if (error instanceof PrizeDiscountRefusedError)
    reason = error.userErrors.map((entry) => entry.message).join(' ') || error.message;
  else if (isAccessDenied(error)) reason = prizeMessages.accessDenied;
  else return false;
  await db
    .update(prizeDiscounts)
    .set({ status: 'failed', lastError: reason.slice(0, 500), updatedAt: new Date() })
    .where(scoped(prizeDiscounts, row.accountId, eq(prizeDiscounts.id, row.id)));
  return true;
}

/**
 * Prize rows of every account whose generation stops giving codes within renewBeforeMs of `now` and
 * still has codes nobody was given (the hourly sweep): renewed before a visitor finds none.
 */
export async function lapsingPrizePools(db: Db, now: Date): Promise<{ accountId: string; id: string }[]> {
  const until = new Date(now.getTime() + renewBeforeMs);
  // tenant-scope: the system's sweep over every account's pools; each job it queues names its row's account
  return db
    .select({ accountId: prizeDiscounts.accountId, id: prizeDiscounts.id })
    .from(prizeDiscounts)
    .where(
      and(
        eq(prizeDiscounts.status, 'ready'),
        sql`(${prizeDiscounts.settings}->>'handOutUntil')::timestamptz <= ${until}`,
        sql`exists (select 1 from ${prizeCodes} where ${prizeCodes.discountId} = ${prizeDiscounts.id} and ${prizeCodes.assignedAt} is null)`,
      ),
    );
}
