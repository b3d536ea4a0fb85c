/**
 * CSV as RFC 4180 writes it (comma-separated, CRLF line ends, fields with a comma, quote or line break
 * quoted, quotes doubled), with one guard added: a cell that a spreadsheet would run as a formula
 * (starting with =, +, -, @, tab or carriage return) gets a leading single quote, so a visitor's
 * "=HYPERLINK(…)" arrives as text (OWASP, CSV injection). copyCsv.ts writes the same bytes in SQL.
 */

/** The first characters that make a spreadsheet read a cell as a formula. */
export const formulaStarts = ['=', '+', '-', '@', '\t', '\r'] as const;

export function csvCell(value: string): string {
  const guarded = (formulaStarts as readonly string[]).includes(value.charAt(0)) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

export const csvLine = (values: readonly string[]) => `${values.map(csvCell).join(',')}\r\n`;

/** Lets Excel read the file as UTF-8 (names and options with accents); other readers skip it. */
export const utf8Bom = '\uFEFF';
