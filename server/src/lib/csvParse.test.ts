import { describe, expect, it } from 'vitest';
import { csvLine, utf8Bom } from './exports/csv.ts';
import { CsvError, csvParseMessages, parseCsvText } from './csvParse.ts';

describe('parseCsvText', () => {
  it('reads plain, quoted and empty fields with CRLF or LF line ends and skips the byte order mark', () => {
    expect(parseCsvText('\uFEFFkey,default,es\r\ntitle,Hello,Hola\nq,"a, b",\n')).toEqual([
      ['key', 'default', 'es'],
      ['title', 'Hello', 'Hola'],
      ['q', 'a, b', ''],
    ]);
  });

  it('keeps line breaks and doubled quotes inside quotes, and reads a last line without its line end', () => {
    expect(parseCsvText('a,"line 1\r\nline 2","say ""hi"""\r\nb,c,d')).toEqual([
      ['a', 'line 1\r\nline 2', 'say "hi"'],
      ['b', 'c', 'd'],
    ]);
  });

  it('reads back what the export writer writes', () => {
    const rows = [
      ['key', 'default', 'fr'],
      ['x', 'Comma, "quote"\nand a line', 'Virgule, « guillemets »'],
      ['y', '', 'ünïcødé 日本語'],
    ];
    expect(parseCsvText(utf8Bom + rows.map(csvLine).join(''))).toEqual(rows);
  });

  it('skips blank lines', () => {
    expect(parseCsvText('a,b\r\n\r\nc,d\r\n\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('names the row and column of an unclosed quote, a stray quote and text after a quote', () => {
    const fault = (text: string) => {
      try {
        parseCsvText(text);
      } catch (error) {
        return error instanceof CsvError ? { row: error.row, column: error.column, reason: error.reason } : error;
      }
      return null;
    };
    expect(fault('a,b\r\nc,"open\r\n')).toEqual({ row: 2, column: 2, reason: csvParseMessages.unclosedQuote });
    expect(fault('a,b\r\nc,d\r\ne,f"g\r\n')).toEqual({ row: 3, column: 2, reason: csvParseMessages.quoteInField });
    expect(fault('a,"b"c\r\n')).toEqual({ row: 1, column: 2, reason: csvParseMessages.afterQuote });
  });
});
