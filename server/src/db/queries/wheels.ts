import { and, eq, ne, sql } from 'drizzle-orm';
import { wheelSpinExportColumns } from '@quizlead/shared/engagement.ts';
import type { ExportQuery } from '../../lib/exports/exportQuery.ts';
import type { WheelRow } from '../../policies/wheel.ts';
import type { Db } from '../client.ts';
import { products, wheelSpins } from '../schema/index.ts';
import { scoped } from '../scope.ts';

type WheelRef = Pick<WheelRow, 'id' | 'accountId'>;

/** Written out in full: in a one-table select drizzle leaves columns unqualified. */
export const wheelSpinTotal = sql<number>`(select count(*)::int from "wheel_spins" as "s" where "s"."wheel_id" = "wheels"."id")`;

/** The item's submissions (tenant-scoped). */
export const wheelSpinsOf = (wheel: WheelRef) => scoped(wheelSpins, wheel.accountId, eq(wheelSpins.wheelId, wheel.id));

export async function wheelSpinCount(db: Db, wheel: WheelRef): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(wheelSpins)
    .where(wheelSpinsOf(wheel));
  return row?.total ?? 0;
}

/** The columns of the submissions table. */
export const wheelSpinFields = {
  id: wheelSpins.id,
  optionIndex: wheelSpins.optionIndex,
  email: wheelSpins.email,
  result: wheelSpins.result,
  prizeCode: wheelSpins.prizeCode,
  createdAt: wheelSpins.createdAt,
  language: wheelSpins.language,
};
export type WheelSpinRow = {
  id: string;
  optionIndex: number;
  email: string | null;
  result: string;
  prizeCode: string | null;
  createdAt: Date;
  language: string | null;
};

/** Every spin, newest first (the export): the player's email, the result, the date and the prize code. */
export const wheelSpinsExport = (wheel: WheelRef): ExportQuery => ({
  from: wheelSpins,
  where: wheelSpinsOf(wheel),
  createdAt: wheelSpins.createdAt,
  id: wheelSpins.id,
  columns: [
    { header: wheelSpinExportColumns.email, value: wheelSpins.email, kind: 'text', width: 32 },
    { header: wheelSpinExportColumns.result, value: wheelSpins.result, kind: 'text', width: 30 },
    { header: wheelSpinExportColumns.date, value: wheelSpins.createdAt, kind: 'date', width: 20 },
    { header: wheelSpinExportColumns.prizeCode, value: wheelSpins.prizeCode, kind: 'text', width: 20 },
    { header: wheelSpinExportColumns.phone, value: wheelSpins.phone, kind: 'text', width: 18 },
    { header: wheelSpinExportColumns.language, value: wheelSpins.language, kind: 'text', width: 10 },
  ],
});

/**
 * A Shopify shop's currency, as its synced products' prices give it (the Admin API prices them in the
 * shop's currency): a fixed-amount prize is worth that much in it. Undefined without products, or when
 * they disagree.
 */
export async function shopCurrency(db: Db, accountId: string): Promise<string | undefined> {
  const rows = await db
    .selectDistinct({ currency: products.currency })
    .from(products)
    .where(scoped(products, accountId, and(eq(products.source, 'shopify'), ne(products.currency, ''))))
    .limit(2);
  return rows.length === 1 ? rows[0]!.currency : undefined;
}
