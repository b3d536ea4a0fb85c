import { XMLParser } from 'fast-xml-parser';
import { strFromU8, unzipSync } from 'fflate';

/**
 * Reads an .xlsx's first sheet back the way a spreadsheet would: through the workbook's relations
 * (not by assuming part names), with the styles deciding which numbers are dates. Enough of
 * SpreadsheetML for the exports' tests: inline, shared and plain strings, numbers, booleans.
 */

export type ReadCell = string | number | boolean | Date | null;

export interface ReadSheet {
  name: string;
  /** Row by row from row 1, cells from column A; a missing cell is null, a row ends at its last cell. */
  rows: ReadCell[][];
  /** The number format of a cell (1-based row and column), as exceljs's getRow(row).getCell(column).numFmt. */
  numFmt(row: number, column: number): string | undefined;
  /** Whether a cell's font is bold. */
  bold(row: number, column: number): boolean;
  /** Column widths by 1-based column. */
  widths: Map<number, number>;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  htmlEntities: true,
  isArray: (name, _path, _leaf, isAttribute) =>
    !isAttribute && ['sheet', 'Relationship', 'row', 'c', 'r', 'si', 'xf', 'numFmt', 'font', 'col'].includes(name),
});

/** fast-xml-parser's output: elements and attributes by name. */
type Node = Record<string, any>;

/** Excel's built-in date formats (ids 14–22) and custom codes with date or time tokens. */
const builtInFormats: Record<number, string> = { 14: 'mm-dd-yy', 22: 'm/d/yy h:mm' };
const isDateFormat = (code: string) => /[ymdhs]/i.test(code.replace(/"[^"]*"|\[[^\]]*\]/g, ''));

/** Text of a <t>, or of an <is>/<si> made of runs, with Excel's _xHHHH_ escapes decoded. */
function text(node: Node | string | undefined): string {
  if (node === undefined) return '';
  if (typeof node === 'string')
    return node.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  if ('t' in node) return text(node.t);
  if ('r' in node) return (node.r as Node[]).map((run) => text(run.t)).join('');
  return text((node['#text'] as string | undefined) ?? '');
}

const columnIndex = (ref: string) =>
  [...ref.replace(/\d+$/, '')].reduce((sum, letter) => sum * 26 + letter.charCodeAt(0) - 64, 0) - 1;

export function readXlsx(bytes: Uint8Array): ReadSheet {
  const files = unzipSync(bytes);
  const xml = (path: string): Node => {
    const file = files[path];
    if (!file) throw new Error(`${path} is missing from the .xlsx`);
    return parser.parse(strFromU8(file)) as Node;
  };
  const rels = (path: string) =>
    new Map(
      (xml(path).Relationships.Relationship as Node[]).map((rel) => [rel.Id as string, rel as { Target: string; Type: string }]),
    );
  const workbookPath = rels('_rels/.rels').get('rId1')?.Target.replace(/^\//, '') ?? 'xl/workbook.xml';
  const base = workbookPath.replace(/[^/]+$/, '');
  const workbookRels = rels(`${base}_rels/${workbookPath.slice(base.length)}.rels`);
  const sheetEntry = (xml(workbookPath).workbook.sheets.sheet as Node[])[0]!;
  const partOf = (type: string) => [...workbookRels.values()].find((rel) => rel.Type.endsWith(`/${type}`))?.Target;

  const styles = partOf('styles') ? xml(base + partOf('styles')).styleSheet : undefined;
  const customFormats = new Map(
    ((styles?.numFmts?.numFmt ?? []) as Node[]).map((format) => [Number(format.numFmtId), format.formatCode as string]),
  );
  const cellStyles = ((styles?.cellXfs?.xf ?? []) as Node[]).map((xf) => ({
    numFmt: customFormats.get(Number(xf.numFmtId)) ?? builtInFormats[Number(xf.numFmtId)],
    bold: ((styles?.fonts?.font ?? []) as Node[])[Number(xf.fontId ?? 0)]?.b !== undefined,
  }));
  const sharedPath = partOf('sharedStrings');
  const shared = sharedPath ? ((xml(base + sharedPath).sst.si ?? []) as Node[]).map(text) : [];

  const worksheet = xml(base + workbookRels.get(sheetEntry['r:id'])!.Target).worksheet;
  const rows: ReadCell[][] = [];
  const styleOf = new Map<string, number>();
  for (const row of (worksheet.sheetData?.row ?? []) as Node[]) {
    const cells: ReadCell[] = [];
    for (const cell of (row.c ?? []) as Node[]) {
      const ref = cell.r as string;
      const style = Number(cell.s ?? 0);
      styleOf.set(ref, style);
      const raw = cell.v === undefined ? undefined : text(cell.v);
      let value: ReadCell;
      if (cell.t === 'inlineStr') value = text(cell.is);
      else if (cell.t === 's') value = shared[Number(raw)]!;
      else if (cell.t === 'str' || cell.t === 'e') value = raw ?? '';
      else if (cell.t === 'b') value = raw === '1';
      else if (raw === undefined) value = null;
      else if (cellStyles[style]?.numFmt && isDateFormat(cellStyles[style].numFmt))
        value = new Date(Math.round((Number(raw) - 25_569) * 86_400_000));
      else value = Number(raw);
      const index = columnIndex(ref);
      while (cells.length < index) cells.push(null);
      cells[index] = value;
    }
    rows[Number(row.r) - 1] = cells;
  }
  const ref = (row: number, column: number) => `${String.fromCharCode(64 + column)}${row}`;
  return {
    name: sheetEntry.name as string,
    rows: Array.from(rows, (cells) => cells ?? []),
    numFmt: (row, column) => cellStyles[styleOf.get(ref(row, column)) ?? 0]?.numFmt,
    bold: (row, column) => cellStyles[styleOf.get(ref(row, column)) ?? 0]?.bold ?? false,
    widths: new Map(((worksheet.cols?.col ?? []) as Node[]).map((col) => [Number(col.min), Number(col.width)])),
  };
}
