import { sql } from 'drizzle-orm';
import { formatSubmissionDate } from '@quizlead/shared/engagement.ts';
import type { Database } from '../../db/client.ts';
import { copyChunks, copyStatement } from './copyOut.ts';
import { crlfRowEnds, csvDateSql, csvTextSql } from './copyCsv.ts';
import { copyTextRows } from './copyText.ts';
import { csvLine } from './csv.ts';
import { cellFields, pagedRows, selectRows, type Cell, type ExportQuery } from './exportQuery.ts';

/**
 * Where an export's rows come from: on a PostgreSQL server one `COPY … TO STDOUT` (CSV written by
 * PostgreSQL itself, or text parsed into cells for .xlsx); on PGlite, which has no COPY stream,
 * keyset pages, written by csv.ts. Both are built from the same ExportQuery.
 */

/** The CSV's rows, as bytes: COPY's on a server, else csv.ts's from keyset pages. */
export function csvChunks(database: Database, query: ExportQuery): AsyncIterable<Buffer> {
  if (!database.pool) return csvFromPages(pagedRows(database.db, query));
  const cells = query.columns.map((column) => (column.kind === 'date' ? csvDateSql(column.value) : csvTextSql(column.value)));
  const statement = copyStatement(selectRows(database.db, query, cellFields(cells)), 'format csv');
  return crlfRowEnds(copyChunks(database.pool, statement));
}

/** Rows as csv.ts writes them: dates as formatSubmissionDate (UTC), nothing as an empty field. */
export function csvBytes(page: readonly Cell[][]): Buffer {
  const text = (cell: Cell) => (cell instanceof Date ? formatSubmissionDate(cell) : (cell ?? ''));
  return Buffer.from(page.map((cells) => csvLine(cells.map(text))).join(''));
}

async function* csvFromPages(pages: AsyncIterable<Cell[][]>): AsyncGenerator<Buffer> {
  for await (const page of pages) yield csvBytes(page);
}

/** The rows as cells, a page at a time: parsed from COPY's text output on a server, else keyset pages. */
export function rowPages(database: Database, query: ExportQuery): AsyncIterable<Cell[][]> {
  if (!database.pool) return pagedRows(database.db, query);
  // Dates leave as epoch milliseconds, the precision of the Date they become.
  const cells = query.columns.map((column) =>
    column.kind === 'date' ? sql`floor(extract(epoch from ${column.value}) * 1000)::int8` : column.value,
  );
  const statement = copyStatement(selectRows(database.db, query, cellFields(cells)), 'format text');
  return copyTextRows(
    copyChunks(database.pool, statement),
    query.columns.map((column) => column.kind),
  );
}

/**
 * Reads `source`'s first item (the database has answered, or thrown) and answers an iterable of it
 * and the rest; stopping that iterable early stops `source` (its connection is given back).
 */
export async function startedOn<T>(source: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const items = source[Symbol.asyncIterator]();
  const first = await items.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* { [Symbol.asyncIterator]: () => items };
  })();
}
