import { PassThrough, type Writable } from 'node:stream';
import type { ExportFormat } from '@quizlead/shared/engagement.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { csvLine, utf8Bom } from './csv.ts';
import { csvBytes, csvChunks, rowPages, startedOn } from './exportSources.ts';
import type { Cell, ExportColumnKind, ExportQuery } from './exportQuery.ts';
import { XlsxWriter } from './xlsxWriter.ts';

export interface ExportSpec {
  format: ExportFormat;
  /** Without the extension. */
  filename: string;
  sheetName: string;
  /** The rows and their columns (exportQuery.ts), from the export's queries module. */
  query: ExportQuery;
}

const contentTypes: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/**
 * Answers with the export as a download, streamed: rows are written as they arrive and more are
 * read only once the client has taken what was sent. On a PostgreSQL server the rows come from one
 * `COPY … TO STDOUT` (CSV straight from it); on PGlite, which has no COPY stream, from keyset pages.
 * The database's first answer is awaited before the response starts, so a failing query still
 * answers with the JSON error envelope.
 */
export async function sendExport(ctx: AppContext, database: Database, spec: ExportSpec): Promise<void> {
  const source = spec.format === 'csv' ? csvChunks(database, spec.query) : rowPages(database, spec.query);
  const primed = await startedOn(source as AsyncIterable<unknown>);
  stream(ctx, spec, (out) =>
    spec.format === 'csv'
      ? writeCsv(out, spec.query.columns, primed as AsyncIterable<Buffer>)
      : writeXlsx(out, spec, spec.query.columns, primed as AsyncIterable<Cell[][]>),
  );
}

/** A small export computed before it is sent (a report's table): its columns and every row. */
export interface RowsExportSpec {
  format: ExportFormat;
  filename: string;
  sheetName: string;
  columns: readonly { header: string; width: number; kind: ExportColumnKind }[];
  rows: readonly Cell[][];
}

/**
 * Answers with rows already in memory as the same download: the same CSV (csv.ts, dates as
 * formatSubmissionDate writes them) and the same .xlsx writer as the streamed exports.
 */
export function sendRowsExport(ctx: AppContext, spec: RowsExportSpec): void {
  stream(ctx, spec, (out) =>
    spec.format === 'csv'
      ? writeCsv(out, spec.columns, [csvBytes(spec.rows)])
      : writeXlsx(out, spec, spec.columns, [spec.rows as Cell[][]]),
  );
}

/** Starts the download and has `write` fill it; a failure half-way ends the download (logged). */
function stream(
  ctx: AppContext,
  spec: { format: ExportFormat; filename: string },
  write: (out: PassThrough) => Promise<void>,
): void {
  const out = new PassThrough();
  ctx.attachment(`${spec.filename}.${spec.format}`);
  ctx.type = contentTypes[spec.format];
  ctx.set('Cache-Control', 'no-store');
  ctx.body = out;
  write(out).catch((error: unknown) => {
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

type Columns = readonly { header: string; width: number; kind?: ExportColumnKind }[];

async function writeCsv(out: PassThrough, columns: Columns, chunks: Iterable<Buffer> | AsyncIterable<Buffer>) {
  out.write(utf8Bom + csvLine(columns.map((column) => column.header)));
  for await (const chunk of chunks) {
    if (out.destroyed) return;
    out.write(chunk);
    await drained(out);
  }
  out.end();
}

async function writeXlsx(
  out: PassThrough,
  spec: { sheetName: string },
  columns: Columns,
  pages: Iterable<Cell[][]> | AsyncIterable<Cell[][]>,
) {
  const xlsx = new XlsxWriter({ name: spec.sheetName, columns }, (chunk) => {
    if (!out.destroyed) out.write(chunk);
  });
  for await (const page of pages) {
    if (out.destroyed) return xlsx.abort();
    await xlsx.rows(page);
    await drained(out);
  }
  await xlsx.end();
  out.end();
}
