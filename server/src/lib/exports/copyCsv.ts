import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { formulaStarts } from './csv.ts';

/**
 * The CSV export written by PostgreSQL's COPY with the bytes csv.ts writes: the same formula guard
 * and the same date text in SQL, empty text as an unquoted empty field, and CRLF row ends. COPY's
 * own quoting (a field with a comma, quote, CR or LF quoted, quotes doubled) is csv.ts's already.
 */

/**
 * csvCell's formula guard; '' becomes null, which COPY writes unquoted (an empty string it would quote).
 * It runs for every cell of every row, so it compares integers: the first character's code (`ascii`,
 * the code point in a UTF-8 database, null for null) with the formula starts'. `left(…, 1) in ('=', …)`
 * made a new string and compared texts, 2.4 times the guard's cost per cell (docs/performance.md,
 * "Exporting 100,000 respondents").
 */
export const csvTextSql = (value: SQL | PgColumn): SQL =>
  sql`case when ascii(${value}) in (${sql.raw(formulaStarts.map((start) => start.charCodeAt(0)).join(', '))}) then '''' || ${value} else nullif(${value}, '') end`;

/** formatSubmissionDate in SQL: 'Nov 3, 2026 14:05', UTC ('Mon' is English whatever the server's locale). */
export const csvDateSql = (value: SQL | PgColumn): SQL => sql`to_char(${value} at time zone 'UTC', 'Mon FMDD, FMYYYY HH24:MI')`;

const quote = 0x22;
const lineFeed = 0x0a;
const crlf = Buffer.from('\r\n');

/**
 * COPY ends each row with LF; RFC 4180 (and csv.ts) with CRLF. Rewrites the row ends as the bytes
 * stream by, leaving line breaks inside quoted fields as they are (a quote toggles "inside", so a
 * doubled quote toggles twice). It jumps from quote to line feed with indexOf (native), never
 * looking at a byte twice.
 */
export async function* crlfRowEnds(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let quoted = false;
  for await (const chunk of chunks) {
    const next = (byte: number, from: number) => {
      const at = chunk.indexOf(byte, from);
      return at < 0 ? chunk.length : at;
    };
    const parts: Buffer[] = [];
    let start = 0;
    let quoteAt = next(quote, 0);
    let lineAt = next(lineFeed, 0);
    for (;;) {
      if (quoted) {
        if (quoteAt === chunk.length) break;
        quoted = false;
        const after = quoteAt + 1;
        quoteAt = next(quote, after);
        if (lineAt < after) lineAt = next(lineFeed, after);
      } else if (lineAt < quoteAt) {
        parts.push(chunk.subarray(start, lineAt), crlf);
        start = lineAt + 1;
        lineAt = next(lineFeed, start);
      } else if (quoteAt < chunk.length) {
        quoted = true;
        quoteAt = next(quote, quoteAt + 1);
      } else break;
    }
    parts.push(chunk.subarray(start));
    yield Buffer.concat(parts);
  }
}
