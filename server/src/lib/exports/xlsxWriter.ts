import { Zip, ZipDeflate } from 'fflate';
import { spreadsheetDateFormat } from '@quizlead/shared/engagement.ts';
import type { Cell, ExportColumnKind } from './exportQuery.ts';
import { NativeZipDeflate } from './nativeZipDeflate.ts';

/**
 * A one-sheet .xlsx written as a stream: the sheet XML is written row by row (inline strings, no
 * shared-strings table to hold in memory) and deflated into the zip as it goes, so memory stays flat
 * at any size. Only the parts Excel needs: content types, the workbook, its relations, the styles
 * (the date format and a bold header) and the sheet.
 */

export interface XlsxSheet {
  name: string;
  /** A 'score' column's numbers are number cells (exportQuery.ts); any other text is an inline string. */
  columns: readonly { header: string; width: number; kind?: ExportColumnKind }[];
}

/** A plain decimal number as a 'score' column holds it ('4', '-2.5'); not '1e3', '04' stays text too. */
const plainNumber = /^-?(?:0|[1-9]\d{0,14})(?:\.\d{1,6})?$/;

/** Where the zip's bytes go, as fflate makes them. */
export type ZipSink = (chunk: Uint8Array) => void;

const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const officeRels = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const packageRels = 'http://schemas.openxmlformats.org/package/2006/relationships';
const xmlDeclaration = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Characters XML 1.0 does not allow (C0 controls but tab, LF and CR; U+FFFE/U+FFFF; lone surrogates): dropped. */
// eslint-disable-next-line no-control-regex -- control characters are what these look for
const notXml = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF\uD800-\uDFFF]/gu;
// eslint-disable-next-line no-control-regex -- as above
const needsWork = /[&<>"\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]|_x[0-9A-Fa-f]{4}_/u;
const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\r': '&#13;' };

/**
 * Text as XML character data. A carriage return is written as a reference (a parser would turn a
 * literal one into a line feed), and text that looks like Excel's own escape (_x0041_) gets its
 * underscore escaped, so it reads back as written.
 */
export function xmlText(text: string): string {
  if (!needsWork.test(text)) return text;
  return text
    .replace(notXml, '')
    .replace(/[&<>"\r]/g, (char) => entities[char]!)
    .replace(/_(x[0-9A-Fa-f]{4}_)/g, '_x005F_$1');
}

/** Excel's serial date (days since 1899-12-30, UTC as exceljs wrote it). */
const excelSerial = (date: Date) => date.getTime() / 86_400_000 + 25_569;

/** A, B, … Z, AA, AB, … */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Cell styles in styles.xml's cellXfs: 0 plain, 1 the date format, 2 bold (the header row). */
const dateStyle = 1;
const headerStyle = 2;

const styles =
  `${xmlDeclaration}<styleSheet xmlns="${main}">` +
  `<numFmts count="1"><numFmt numFmtId="164" formatCode="${xmlText(spreadsheetDateFormat)}"/></numFmts>` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
  '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

const contentTypes =
  `${xmlDeclaration}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>';

const rootRels =
  `${xmlDeclaration}<Relationships xmlns="${packageRels}">` +
  `<Relationship Id="rId1" Type="${officeRels}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const workbookRels =
  `${xmlDeclaration}<Relationships xmlns="${packageRels}">` +
  `<Relationship Id="rId1" Type="${officeRels}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${officeRels}/styles" Target="styles.xml"/></Relationships>`;

const workbook = (sheetName: string) =>
  `${xmlDeclaration}<workbook xmlns="${main}" xmlns:r="${officeRels}">` +
  `<sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

const textCell = (ref: string, text: string, style = '') =>
  `<c r="${ref}"${style} t="inlineStr"><is><t${/^\s|\s$/.test(text) ? ' xml:space="preserve"' : ''}>${xmlText(text)}</t></is></c>`;

/**
 * Writes the workbook's zip to `sink` as the rows arrive, a page at a time. Empty cells (null or
 * '') are left out, as Excel does.
 */
export class XlsxWriter {
  private readonly zip: Zip;
  private readonly sheet: NativeZipDeflate;
  private readonly encoder = new TextEncoder();
  private readonly refs: string[];
  private readonly scores: boolean[];
  private row = 1;
  private readonly done: Promise<void>;

  constructor(spec: XlsxSheet, sink: ZipSink) {
    let finish: () => void = () => {};
    let fail: (error: Error) => void = () => {};
    this.done = new Promise((resolve, reject) => ((finish = resolve), (fail = reject)));
    this.zip = new Zip((error, chunk, final) => {
      if (error) return fail(error);
      sink(chunk);
      if (final) finish();
    });
    this.refs = spec.columns.map((_, index) => columnName(index));
    this.scores = spec.columns.map((column) => column.kind === 'score');
    const part = (name: string, xml: string) => {
      const file = new ZipDeflate(name, { level: 6 });
      this.zip.add(file);
      file.push(this.encoder.encode(xml), true);
    };
    part('[Content_Types].xml', contentTypes);
    part('_rels/.rels', rootRels);
    part('xl/workbook.xml', workbook(spec.name));
    part('xl/_rels/workbook.xml.rels', workbookRels);
    part('xl/styles.xml', styles);
    // Level 1: the sheet is most of the work; a higher level costs far more time than it saves bytes.
    this.sheet = new NativeZipDeflate('xl/worksheets/sheet1.xml', 1);
    this.zip.add(this.sheet);
    const cols = spec.columns
      .map((column, index) => `<col min="${index + 1}" max="${index + 1}" width="${column.width}" customWidth="1"/>`)
      .join('');
    const header = spec.columns.map((column, index) => textCell(`${this.refs[index]}1`, column.header, ` s="${headerStyle}"`));
    void this.sheet.push(
      this.encoder.encode(
        `${xmlDeclaration}<worksheet xmlns="${main}" xmlns:r="${officeRels}"><cols>${cols}</cols>` +
          `<sheetData><row r="1">${header.join('')}</row>`,
      ),
    );
  }

  /** Adds a page of rows; resolves once the compressor wants more. */
  rows(rows: readonly (readonly Cell[])[]): Promise<void> {
    let xml = '';
    for (const cells of rows) {
      const r = ++this.row;
      xml += `<row r="${r}">`;
      for (let index = 0; index < cells.length; index++) {
        const cell = cells[index];
        if (cell === null || cell === undefined || cell === '') continue;
        const ref = this.refs[index]! + r;
        if (cell instanceof Date) xml += `<c r="${ref}" s="${dateStyle}"><v>${excelSerial(cell)}</v></c>`;
        else if (this.scores[index] && plainNumber.test(cell)) xml += `<c r="${ref}"><v>${cell}</v></c>`;
        else xml += textCell(ref, cell);
      }
      xml += '</row>';
    }
    return this.sheet.push(this.encoder.encode(xml));
  }

  /** Closes the sheet and the zip; resolves once the zip's last bytes have gone to the sink. */
  end(): Promise<void> {
    this.sheet.end(this.encoder.encode('</sheetData></worksheet>'));
    this.zip.end();
    return this.done;
  }

  /** Stops without finishing the file (the reader left). */
  abort(): void {
    this.zip.terminate();
  }
}
