import { and, desc, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { cursorOf, keysetPages, olderThan, type PageCursor } from './keysetPages.ts';

/** A cell as the writers take it: text, a date, or nothing. */
export type Cell = string | Date | null;

export type ExportColumnKind = 'text' | 'date' | 'score';

export interface ExportColumn {
  header: string;
  /**
   * The cell's SQL. A 'text' cell is a text expression (null for an empty cell); a 'date' cell is a
   * timestamptz column, a real date cell in .xlsx (shown as 'Nov 3, 2026 14:05') and that text in .csv (UTC).
   * A 'score' cell is text too, written as a number cell in .xlsx when it is a plain decimal number (a
   * scale's '4', which a spreadsheet should sum and average) and as text otherwise ('3*', 'Happy').
   */
  value: SQL | PgColumn;
  kind: ExportColumnKind;
  /** The .xlsx column's width in characters. */
  width: number;
}

/**
 * One export's rows, defined once by its queries module: the table, which rows (the tenant scope
 * and the export's filter) and the cells. Both readers build their query from it: keyset pages
 * (PGlite) and COPY (a PostgreSQL server), so the two cannot drift.
 */
export interface ExportQuery {
  from: PgTable;
  where: SQL;
  /** Newest first by (createdAt desc, id desc), the key keyset pages continue from. */
  createdAt: PgColumn;
  id: PgColumn;
  columns: readonly ExportColumn[];
}

/** The export's rows with `fields` selected, newest first, after `after` when given. */
export const selectRows = (db: Db, query: ExportQuery, fields: Record<string, SQL | PgColumn>, after?: PageCursor) =>
  db
    .select(fields)
    .from(query.from)
    .where(and(query.where, olderThan(query.createdAt, query.id, after)))
    .orderBy(desc(query.createdAt), desc(query.id));

/** Field names for the cells, in column order: c0, c1, … */
export const cellFields = (values: readonly (SQL | PgColumn)[]) =>
  Object.fromEntries(values.map((value, index) => [`c${index}`, value]));

/** The rows as cells, 500 at a time with keyset paging (no transaction held while a slow client downloads). */
export async function* pagedRows(db: Db, query: ExportQuery): AsyncGenerator<Cell[][]> {
  const fields = { ...cellFields(query.columns.map((column) => column.value)), id: query.id, cursor: cursorOf(query.createdAt) };
  const pages = keysetPages((after, limit) =>
    selectRows(db, query, fields, after)
      .limit(limit)
      .then((rows) => rows as (Record<string, Cell> & PageCursor)[]),
  );
  for await (const page of pages) yield page.map((row) => query.columns.map((_, index) => row[`c${index}`] ?? null));
}
