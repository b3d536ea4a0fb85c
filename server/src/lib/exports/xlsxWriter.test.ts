import { describe, expect, it } from 'vitest';
import { spreadsheetDateFormat } from '@quizlead/shared/engagement.ts';
import { readXlsx } from '../../test/xlsxReader.ts';
import type { Cell } from './exportQuery.ts';
import { XlsxWriter, xmlText, type XlsxSheet } from './xlsxWriter.ts';

async function workbook(name: string, columns: XlsxSheet['columns'], pages: Cell[][][]) {
  const chunks: Uint8Array[] = [];
  const writer = new XlsxWriter({ name, columns }, (chunk) => chunks.push(chunk));
  for (const page of pages) await writer.rows(page);
  await writer.end();
  return readXlsx(Buffer.concat(chunks));
}

describe('XlsxWriter', () => {
  it('writes a sheet a spreadsheet reads back: name, bold header, widths, text and real dates', async () => {
    const at = new Date('2026-11-03T14:05:59.123Z');
    const sheet = await workbook(
      'Votes & <more>',
      [
        { header: 'Email', width: 32 },
        { header: 'Vote', width: 40 },
        { header: 'Date', width: 20 },
      ],
      [
        [
          ['ann@example.com', '=HYPERLINK("x")', at],
          [null, '', null],
        ],
        [['  padded  ', 'tab\there\nline, and CR\r', new Date('1999-12-31T23:59:00Z')]],
      ],
    );
    expect(sheet.name).toBe('Votes & <more>');
    expect(sheet.rows).toEqual([
      ['Email', 'Vote', 'Date'],
      // Text stays text: a cell is never a formula in .xlsx, so nothing is defused here.
      ['ann@example.com', '=HYPERLINK("x")', at],
      [],
      ['  padded  ', 'tab\there\nline, and CR\r', new Date('1999-12-31T23:59:00Z')],
    ]);
    expect([sheet.bold(1, 1), sheet.bold(2, 1)]).toEqual([true, false]);
    expect(sheet.numFmt(2, 3)).toBe(spreadsheetDateFormat);
    expect(sheet.numFmt(2, 2)).toBeUndefined();
    expect([...sheet.widths]).toEqual([
      [1, 32],
      [2, 40],
      [3, 20],
    ]);
  });

  it('writes a score column’s plain numbers as number cells and the rest of it, and other columns, as text', async () => {
    const sheet = await workbook(
      'Scores',
      [
        { header: 'Score', width: 10, kind: 'score' },
        { header: 'Text', width: 10, kind: 'text' },
      ],
      [
        [
          ['4', '4'],
          ['-2.5', '5'],
          ['3*', '1'],
          ['04', '0'],
          ['1e3', '2'],
          ['0', '3'],
          ['Happy', ''],
        ],
      ],
    );
    expect(sheet.rows.slice(1)).toEqual([[4, '4'], [-2.5, '5'], ['3*', '1'], ['04', '0'], ['1e3', '2'], [0, '3'], ['Happy']]);
  });

  it('escapes markup, drops what XML 1.0 forbids, and keeps text that looks like Excel’s _x0041_ escape', async () => {
    const odd = [
      '<b>&amp;</b>',
      'bell\u0007 nul-ish\u0001 ok',
      'lone \uD800 surrogate',
      'emoji 🎉 日本語',
      '_x0041_ stays',
      'end\uFFFE',
    ];
    const sheet = await workbook('S', [{ header: 'Text', width: 10 }], [odd.map((text) => [text])]);
    expect(sheet.rows.slice(1).map((row) => row[0])).toEqual([
      '<b>&amp;</b>',
      'bell nul-ish ok',
      'lone  surrogate',
      'emoji 🎉 日本語',
      '_x0041_ stays',
      'end',
    ]);
    expect(xmlText('_x0041_')).toBe('_x005F_x0041_');
    expect(xmlText('plain')).toBe('plain');
  });

  it('writes a header-only sheet for no rows, and pages of any size stream in order', async () => {
    expect((await workbook('Empty', [{ header: 'A', width: 8 }], [])).rows).toEqual([['A']]);
    const pages = Array.from({ length: 30 }, (_, page) => Array.from({ length: 100 }, (_, row) => [`r${page * 100 + row}`]));
    const sheet = await workbook('Many', [{ header: 'A', width: 8 }], pages);
    expect(sheet.rows.slice(1).map((row) => row[0])).toEqual(pages.flat().map((row) => row[0]));
  });
});
