import { desc, eq, sql } from 'drizzle-orm';
import { cursorOf, keysetPages, olderThan } from '../../lib/exports/keysetPages.ts';
import type { WheelRow } from '../../policies/wheel.ts';
import type { Db } from '../client.ts';
import { wheelSpins } from '../schema/index.ts';
import { scoped } from '../scope.ts';

type WheelRef = Pick<WheelRow, 'id' | 'accountId'>;

/** Written out in full: in a one-table select drizzle leaves columns unqualified. */
export const wheelSpinTotal = sql<number>`(select count(*)::int from "wheel_spins" as "s" where "s"."wheel_id" = "wheels"."id")`;

const ofWheel = (wheel: WheelRef) => scoped(wheelSpins, wheel.accountId, eq(wheelSpins.wheelId, wheel.id));

export async function wheelSpinCount(db: Db, wheel: WheelRef): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(wheelSpins)
    .where(ofWheel(wheel));
  return row?.total ?? 0;
}

const spinFields = {
  id: wheelSpins.id,
  optionIndex: wheelSpins.optionIndex,
  email: wheelSpins.email,
  result: wheelSpins.result,
  prizeCode: wheelSpins.prizeCode,
  createdAt: wheelSpins.createdAt,
  cursor: cursorOf(wheelSpins.createdAt),
};
export type WheelSpinRow = {
  id: string;
  optionIndex: number;
  email: string | null;
  result: string;
  prizeCode: string | null;
  createdAt: Date;
  cursor: string;
};

/** One page of the spins table, newest first. */
export async function wheelSpinsPage(db: Db, wheel: WheelRef, page: number, pageSize: number) {
  const [items, total] = await Promise.all([
    db
      .select(spinFields)
      .from(wheelSpins)
      .where(ofWheel(wheel))
      .orderBy(desc(wheelSpins.createdAt), desc(wheelSpins.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    wheelSpinCount(db, wheel),
  ]);
  return { items, total };
}

/** Every spin, newest first, a page at a time (exports). */
export const allWheelSpins = (db: Db, wheel: WheelRef) =>
  keysetPages<WheelSpinRow>((after, limit) =>
    db
      .select(spinFields)
      .from(wheelSpins)
      .where(
        scoped(
          wheelSpins,
          wheel.accountId,
          eq(wheelSpins.wheelId, wheel.id),
          olderThan(wheelSpins.createdAt, wheelSpins.id, after),
        ),
      )
      .orderBy(desc(wheelSpins.createdAt), desc(wheelSpins.id))
      .limit(limit),
  );
