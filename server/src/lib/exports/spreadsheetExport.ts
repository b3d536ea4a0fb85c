import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { formatSubmissionDate, spreadsheetDateFormat, type ExportFormat } from '@quizlead/shared/engagement.ts';
import type { AppContext } from '../../context.ts';
import { csvLine, utf8Bom } from './csv.ts';

export interface ExportColumn<Row> {
  header: string;
  /** Dates become real date cells in .xlsx (shown as 'Nov 3, 2026 14:05') and that text in .csv (UTC). */
  value: (row: Row) => string | Date | null;
  width?: number;
}

export interface ExportSpec<Row> {
  format: ExportFormat;
  /** Without the extension. */
  filename: string;
  sheetName: string;
  columns: readonly ExportColumn<Row>[];
  /** The rows page by page (keysetPages): never the whole table at once. */
  pages: AsyncIterable<Row[]>;
}

const contentTypes: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/**
 * Answers with the export as a download, streamed: rows are written as their pages arrive and the
 * next page is read only once the client has taken what was sent. The first page is read before the
 * response starts, so a failing query still answers with the JSON error envelope.
 */
export async function sendExport<Row>(ctx: AppContext, spec: ExportSpec<Row>): Promise<void> {
  const pages = spec.pages[Symbol.asyncIterator]();
  const first = await pages.next();
  const out = new PassThrough();
  ctx.attachment(`${spec.filename}.${spec.format}`);
  ctx.type = contentTypes[spec.format];
  ctx.set('Cache-Control', 'no-store');
  ctx.body = out;
  const rest = (async function* () {
    if (!first.done) yield first.value;
    for (let page = await pages.next(); !page.done; page = await pages.next()) yield page.value;
  })();
  const write = spec.format === 'xlsx' ? writeXlsx : writeCsv;
  write(out, spec, rest).catch((error: unknown) => {
    ctx.state.log.error({ err: error }, 'export failed while streaming');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
}

/** Resolves once `out` wants more (or is gone: the client left). */
function drained(out: Writable): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

async function writeCsv<Row>(out: PassThrough, spec: ExportSpec<Row>, pages: AsyncIterable<Row[]>) {
  const cell = (value: string | Date | null) => (value instanceof Date ? formatSubmissionDate(value) : (value ?? ''));
  out.write(utf8Bom + csvLine(spec.columns.map((column) => column.header)));
  for await (const page of pages) {
    if (out.destroyed) return;
    out.write(page.map((row) => csvLine(spec.columns.map((column) => cell(column.value(row))))).join(''));
    await drained(out);
  }
  out.end();
}

async function writeXlsx<Row>(out: PassThrough, spec: ExportSpec<Row>, pages: AsyncIterable<Row[]>) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(spec.sheetName);
  sheet.columns = spec.columns.map((column) => ({ width: column.width ?? 24 }));
  const header = sheet.addRow(spec.columns.map((column) => column.header));
  header.font = { bold: true };
  header.commit();
  for await (const page of pages) {
    if (out.destroyed) return;
    for (const row of page) {
      const added = sheet.addRow(spec.columns.map((column) => column.value(row)));
      added.eachCell((cell) => {
        if (cell.value instanceof Date) cell.numFmt = spreadsheetDateFormat;
      });
      added.commit();
    }
    await drained(out);
  }
  sheet.commit();
  await workbook.commit();
}
