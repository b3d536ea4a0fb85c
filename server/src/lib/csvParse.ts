/**
 * CSV reading for files people send (RFC 4180 and what spreadsheets write besides): a UTF-8 byte order mark
 * skipped, fields quoted or not, doubled quotes, commas and line breaks inside quotes, CRLF or LF line ends,
 * an optional last line end, blank lines skipped. A malformed file is refused with the row and column of the
 * first fault (`CsvError`), so nothing is read from it. The writer is exports/csv.ts.
 */

export class CsvError extends Error {
  readonly row: number;
  readonly column: number;
  readonly reason: string;
  constructor(row: number, column: number, reason: string) {
    super(`Row ${row}, column ${column}: ${reason}`);
    this.row = row;
    this.column = column;
    this.reason = reason;
  }
}

export const csvParseMessages = {
  unclosedQuote: 'a quoted field is not closed',
  quoteInField: 'a quote inside an unquoted field (quote the field and double its quotes)',
  afterQuote: 'text after a closing quote (put a comma or a line break after it)',
} as const;

/** The rows of a CSV text, each a list of fields; rows are numbered from 1 in errors, the header included. */
export function parseCsvText(input: string): string[][] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  /** Where the current field started being read: 'start' (nothing yet), 'plain', 'quoted', 'closed' (after its closing quote). */
  let state: 'start' | 'plain' | 'quoted' | 'closed' = 'start';
  let quoteRow = 1;
  const endField = () => {
    row.push(field);
    field = '';
    state = 'start';
  };
  const endRow = () => {
    endField();
    // A line with nothing on it is no row (spreadsheets leave them at the end).
    if (!(row.length === 1 && row[0] === '')) rows.push(row);
    row = [];
  };
  const here = () => ({ row: rows.length + 1, column: row.length + 1 });
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (state === 'quoted') {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') state = 'closed';
      else field += char;
      continue;
    }
    if (char === ',') endField();
    else if (char === '\n' || (char === '\r' && text[index + 1] === '\n')) {
      if (char === '\r') index++;
      endRow();
    } else if (state === 'closed') {
      const at = here();
      throw new CsvError(at.row, at.column, csvParseMessages.afterQuote);
    } else if (char === '"') {
      if (state === 'plain') {
        const at = here();
        throw new CsvError(at.row, at.column, csvParseMessages.quoteInField);
      }
      state = 'quoted';
      quoteRow = rows.length + 1;
    } else {
      field += char;
      state = 'plain';
    }
  }
  if (state === 'quoted') throw new CsvError(quoteRow, row.length + 1, csvParseMessages.unclosedQuote);
  if (state !== 'start' || field !== '' || row.length > 0) endRow();
  return rows;
}
