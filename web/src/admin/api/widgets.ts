import { messages } from '@quizlead/shared/validations.ts';
import { ApiError, type ApiErrorCode } from './client.ts';

/** What the poll, web response and wheel calls share. */

/** A page of a list or submissions table, with the total across every page. */
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * Fetches an export and hands it to the browser as a download under the server's file name. Fetched
 * rather than linked so a failure becomes a notification instead of a downloaded error page.
 */
export async function downloadExport(path: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin' });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ApiError(0, 'network', messages.generic.serverErrorPrefix + reason);
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => undefined)) as { error?: { code?: string; message?: string } } | undefined;
    const message = payload?.error?.message ?? `${response.status} ${response.statusText}`.trim();
    throw new ApiError(response.status, (payload?.error?.code as ApiErrorCode | undefined) ?? 'internal', message);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = attachmentName(response.headers.get('Content-Disposition')) ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the blob can go once the browser has it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
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
