import type { Cell, ExportColumnKind } from './exportQuery.ts';

/**
 * Reads COPY's text format (`format text`): one row per LF-ended line, fields split by tabs, \N for
 * null, and backslash escapes for the backslash, tab, LF, CR, backspace, form feed and vertical tab
 * (PostgreSQL writes other characters as they are). Chunks end anywhere, even inside a UTF-8
 * character, so the bytes after a chunk's last row wait for the next one.
 */

const escapes: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };
const unescape = (field: string) =>
  field.includes('\\') ? field.replace(/\\(.)/g, (_, char: string) => escapes[char] ?? char) : field;

/** Each chunk's complete rows as cells; a 'date' column holds epoch milliseconds (as COPY wrote them). */
export async function* copyTextRows(chunks: AsyncIterable<Buffer>, kinds: readonly ExportColumnKind[]): AsyncGenerator<Cell[][]> {
  let rest: Buffer | undefined;
  for await (const chunk of chunks) {
    const data = rest ? Buffer.concat([rest, chunk]) : chunk;
    const end = data.lastIndexOf(0x0a);
    rest = data.subarray(end + 1);
    if (end < 0) continue;
    const lines = data.toString('utf8', 0, end).split('\n');
    yield lines.map((line) =>
      line.split('\t').map((field, index): Cell => {
        if (field === '\\N') return null;
        return kinds[index] === 'date' ? new Date(Number(field)) : unescape(field);
      }),
    );
  }
  if (rest && rest.length > 0) throw new Error('COPY output does not end with a line feed');
}
