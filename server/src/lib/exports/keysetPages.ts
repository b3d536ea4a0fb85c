import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** Where the previous page ended: its last row's created_at (as Postgres text) and id. */
export interface PageCursor {
  cursor: string;
  id: string;
}

/**
 * created_at as text keeps its microseconds (a JavaScript Date drops them), so the next page starts
 * exactly after the last row even when rows share a millisecond.
 */
export const cursorOf = (createdAt: PgColumn) => sql<string>`${createdAt}::text`;

/** Rows after `after` in newest-first order (created_at desc, id desc). */
export const olderThan = (createdAt: PgColumn, id: PgColumn, after: PageCursor | undefined) =>
  after ? sql`(${createdAt}, ${id}) < (${after.cursor}::timestamptz, ${after.id}::uuid)` : undefined;

/**
 * Reads a table newest first, `pageSize` rows per query, each query starting where the last ended
 * (keyset paging: no offset to rescan, no transaction held open while a slow client downloads).
 */
export async function* keysetPages<Row extends PageCursor>(
  fetchPage: (after: PageCursor | undefined, limit: number) => Promise<Row[]>,
  pageSize = 500,
): AsyncGenerator<Row[]> {
  let after: PageCursor | undefined;
  for (;;) {
    const rows = await fetchPage(after, pageSize);
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { cursor: last.cursor, id: last.id };
  }
}
