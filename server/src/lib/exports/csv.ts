/**
 * CSV as RFC 4180 writes it (comma-separated, CRLF line ends, fields with a comma, quote or line break
 * quoted, quotes doubled), with one guard added: a cell that a spreadsheet would run as a formula
 * (starting with =, +, -, @, tab or carriage return) gets a leading single quote, so a visitor's
 * "=HYPERLINK(…)" arrives as text (OWASP, CSV injection).
 */

const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const guarded = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

export const csvLine = (values: readonly string[]) => `${values.map(csvCell).join(',')}\r\n`;

/** Lets Excel read the file as UTF-8 (names and options with accents); other readers skip it. */
export const utf8Bom = '\uFEFF';
