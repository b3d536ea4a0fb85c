import { messages } from '@quizlead/shared/validations.ts';
import { ApiError, authorizationHeaders, type ApiErrorCode } from './client.ts';

/** What the list and export calls share (engagement, products). */

/** A page of a list or submissions table, with the total across every page. */
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** How far an export download has got; reported as each chunk of the response arrives. */
export interface ExportProgress {
  /** Bytes received so far. */
  bytes: number;
  /** The response's Content-Length, when the server sent one (streamed exports usually do not). */
  totalBytes: number | null;
  /** CSV only: the data rows received so far (line ends after the header row). */
  rows: number | null;
  /** The data rows the export holds, from the server's `X-Export-Rows` header, when it sent one. */
  expectedRows: number | null;
}

export interface DownloadOptions {
  /** Aborting stops the download; nothing is saved and the promise rejects with an AbortError. */
  signal?: AbortSignal;
  onProgress?(progress: ExportProgress): void;
}

const lineFeed = 0x0a;

/**
 * Fetches an export and hands it to the browser as a download under the server's file name. Fetched
 * rather than linked so a failure becomes a notification instead of a downloaded error page; read
 * chunk by chunk so a big export can show how far it has got and be cancelled.
 */
export async function downloadExport(path: string, fallbackName: string, options: DownloadOptions = {}): Promise<void> {
  const { signal, onProgress } = options;
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', headers: await authorizationHeaders(), signal });
  } catch (error) {
    if (signal?.aborted) throw abortError(signal);
    const reason = error instanceof Error ? error.message : String(error);
    throw new ApiError(0, 'network', messages.generic.serverErrorPrefix + reason);
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => undefined)) as { error?: { code?: string; message?: string } } | undefined;
    const message = payload?.error?.message ?? `${response.status} ${response.statusText}`.trim();
    throw new ApiError(response.status, (payload?.error?.code as ApiErrorCode | undefined) ?? 'internal', message);
  }

  const name = attachmentName(response.headers.get('Content-Disposition')) ?? fallbackName;
  const type = response.headers.get('Content-Type') ?? '';
  const csv = /\bcsv\b/i.test(type) || /\.csv$/i.test(name);
  const progress: ExportProgress = {
    bytes: 0,
    totalBytes: headerCount(response.headers.get('Content-Length')),
    rows: csv ? 0 : null,
    expectedRows: headerCount(response.headers.get('X-Export-Rows')),
  };
  onProgress?.({ ...progress });

  const chunks: BlobPart[] = [];
  if (response.body) {
    const reader = response.body.getReader();
    let lines = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        progress.bytes += value.byteLength;
        if (csv) {
          for (const byte of value) if (byte === lineFeed) lines++;
          // The first line is the header row; a quoted cell holding a line break could count twice.
          const received = Math.max(0, lines - 1);
          progress.rows = progress.expectedRows === null ? received : Math.min(received, progress.expectedRows);
        }
        onProgress?.({ ...progress });
      }
    } catch (error) {
      if (signal?.aborted) throw abortError(signal);
      const reason = error instanceof Error ? error.message : String(error);
      throw new ApiError(0, 'network', messages.generic.serverErrorPrefix + reason);
    } finally {
      reader.releaseLock();
    }
  } else {
    chunks.push(await response.arrayBuffer());
  }
  if (signal?.aborted) throw abortError(signal);

  const url = URL.createObjectURL(new Blob(chunks, type ? { type } : undefined));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the blob can go once the browser has it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A whole number from a header, or null. */
function headerCount(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  return Number(value.trim());
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason instanceof DOMException ? signal.reason : new DOMException('The download was cancelled.', 'AbortError');
}

/** The file name of a Content-Disposition header (the UTF-8 form first). */
function attachmentName(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // fall through to the plain form
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(header)?.[1]?.trim() ?? null;
}
