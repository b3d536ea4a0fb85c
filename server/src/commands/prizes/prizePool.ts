import { randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ZPrizeSettings, type TPrizePool, type TPrizeSettings } from '@quizlead/shared/schemas/prizes.ts';
import type { Db } from '../../db/client.ts';
import { accounts, prizeCodes, prizeDiscounts } from '../../db/schema/index.ts';
import { scoped } from '../../db/scope.ts';

/**
 * What a prize pool is made of (docs/api.md, "Unique discount codes"): one prize_discounts row per wheel
 * slice with a unique-code prize, behind it one Shopify discount at a time (a "generation") and its
 * single-use codes in prize_codes. The pool filler (prizePoolFiller.ts) makes them, the spin takes
 * them (prizeCodeGiver.ts).
 */

export type PrizeDiscountRow = typeof prizeDiscounts.$inferSelect;

/**
 * prize_discounts.settings: the merchant's prize (ZPrizeSettings), and once its Shopify discount exists
 * that generation's dates. Expiry cannot differ per code in Shopify (endsAt is the discount's), so a
 * generation with expiresInDays D ends 2·D after it starts and its codes are given out during the
 * first D only: every code works for at least D days after it is given, at most 2·D. Then a new
 * discount takes over.
 */
export interface StoredPrize extends TPrizeSettings {
  startsAt?: string;
  /** When this generation's codes stop working (null: never). */
  endsAt?: string | null;
  /** When this generation stops giving codes (null: never). */
  handOutUntil?: string | null;
}

export function storedPrize(settings: Record<string, unknown>): StoredPrize | null {
  const prize = ZPrizeSettings.safeParse(settings);
  if (!prize.success) return null;
  const dates = settings as Pick<StoredPrize, 'startsAt' | 'endsAt' | 'handOutUntil'>;
  return { ...prize.data, startsAt: dates.startsAt, endsAt: dates.endsAt ?? null, handOutUntil: dates.handOutUntil ?? null };
}

/** Codes a pool holds after a fill (the first from discountCodeBasicCreate, then bulk additions). */
export const prizePoolTarget = 250;
/** A pool with fewer free codes than this is filled again. */
export const prizePoolLowWater = 50;
/** Codes not yet live and older than this are left over from a fill that died: thrown away. */
export const staleFillMs = 15 * 60 * 1000;
/** A generation is renewed this long before it stops giving codes (the hourly sweep sees it twice). */
export const renewBeforeMs = 2 * 60 * 60 * 1000;

/** Letters and digits a reader cannot mistake for one another (no 0/O, 1/I/L). */
const codeAlphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const codeLength = 10;
/** Readable at checkout and in the shop's discount list. */
export const prizeCodePrefix = 'WIN-';

/** `count` new random codes (31^10 ≈ 8·10^14 each: not guessable, and a clash is refused by the unique index). */
export function newPrizeCodes(count: number): string[] {
  return Array.from({ length: count }, () => {
    let code = prizeCodePrefix;
    for (let index = 0; index < codeLength; index++) code += codeAlphabet[randomInt(codeAlphabet.length)];
    return code;
  });
}

/** The Shopify discount's title: "<wheel description> – <slice text>" or "<quiz title> – <outcome>", within Shopify's 255 characters. */
export function prizeTitle(itemTitle: string, slotText: string): string {
  const tail = ` – ${slotText}`;
  const room = 255 - tail.length;
  const head = itemTitle.length > room ? `${itemTitle.slice(0, room - 1)}…` : itemTitle;
  return head + tail;
}

/** Whether the slot's generation may give codes at `now`. */
export function givesCodes(row: PrizeDiscountRow, stored: StoredPrize | null, now: Date): boolean {
  if (row.status !== 'ready' || !row.shopifyDiscountId || !stored) return false;
  return !stored.handOutUntil || new Date(stored.handOutUntil).getTime() > now.getTime();
}

/** Free codes (live, not given) and codes on their way to Shopify (not live, not given) of a pool. */
export async function poolCounts(db: Db, row: Pick<PrizeDiscountRow, 'id' | 'accountId'>) {
  const [counts] = await db
    .select({
      free: sql<number>`count(*) filter (where ${prizeCodes.live})::int`,
      inFlight: sql<number>`count(*) filter (where not ${prizeCodes.live})::int`,
      oldestInFlight: sql<string | null>`min(${prizeCodes.createdAt}) filter (where not ${prizeCodes.live})`,
    })
    .from(prizeCodes)
    .where(scoped(prizeCodes, row.accountId, eq(prizeCodes.discountId, row.id), isNull(prizeCodes.assignedAt)));
  return {
    free: counts?.free ?? 0,
    inFlight: counts?.inFlight ?? 0,
    oldestInFlight: counts?.oldestInFlight ? new Date(counts.oldestInFlight) : null,
  };
}

/** Throws away a pool's codes nobody was given (the Shopify side keeps them, unknown to anyone). */
export async function freeCodesDropper(db: Db, row: Pick<PrizeDiscountRow, 'id' | 'accountId'>): Promise<void> {
  // A code a spin holds (FOR UPDATE) is re-checked once that spin commits: given by then, it stays.
  await db
    .delete(prizeCodes)
    .where(
      scoped(
        prizeCodes,
        row.accountId,
        and(eq(prizeCodes.discountId, row.id), isNull(prizeCodes.email), isNull(prizeCodes.assignedAt)),
      ),
    );
}

/** Unique codes are Shopify discounts: only a Shopify shop's account can give them. */
export async function isShopifyAccount(db: Db, accountId: string): Promise<boolean> {
  const [account] = await db.select({ kind: accounts.kind }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return account?.kind === 'shopify';
}

/** Each prize slot's pool as the owner sees it, by slot. */
export async function prizePoolStates(db: Db, item: { accountId: string; id: string }): Promise<Map<string, TPrizePool>> {
  const rows = await db
    .select({
      slot: prizeDiscounts.slot,
      status: prizeDiscounts.status,
      lastError: prizeDiscounts.lastError,
      codesLeft: sql<number>`count(${prizeCodes.id}) filter (where ${prizeCodes.live} and ${prizeCodes.assignedAt} is null)::int`,
      codesGiven: sql<number>`count(${prizeCodes.id}) filter (where ${prizeCodes.assignedAt} is not null)::int`,
    })
    .from(prizeDiscounts)
    .leftJoin(prizeCodes, eq(prizeCodes.discountId, prizeDiscounts.id))
    .where(scoped(prizeDiscounts, item.accountId, eq(prizeDiscounts.itemId, item.id)))
    .groupBy(prizeDiscounts.id);
  return new Map(
    rows.map((row) => [
      row.slot,
      {
        status: row.status,
        codesLeft: row.codesLeft,
        codesGiven: row.codesGiven,
        error: row.status === 'failed' ? row.lastError : null,
      },
    ]),
  );
}
