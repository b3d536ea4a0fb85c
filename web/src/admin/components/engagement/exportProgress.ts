import type { ExportProgress } from '../../api/lists.ts';
import { counted } from '@quizlead/shared/plural.ts';

/** How far an export has got, in words and as a share of 100 (ExportDataButton). */

const sizeFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const countFormat = new Intl.NumberFormat('en-US');

/** '512 B', '34.5 KB', '2.1 MB'. */
export function byteSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${sizeFormat.format(bytes / 1024)} KB`;
  return `${sizeFormat.format(bytes / (1024 * 1024))} MB`;
}

/** What the progress shows: a share of 100 when the end is known (else null), and its words. */
export function progressOf(progress: ExportProgress | null): { percent: number | null; text: string } {
  if (!progress) return { percent: null, text: 'Preparing the file…' };
  const { rows, expectedRows, bytes, totalBytes } = progress;
  if (rows !== null && expectedRows !== null) {
    const percent = expectedRows === 0 ? 100 : Math.min(100, Math.floor((rows / expectedRows) * 100));
    return { percent, text: `${countFormat.format(rows)} of ${counted(expectedRows, 'row', 'rows', countFormat.format)}` };
  }
  if (totalBytes) {
    const percent = Math.min(100, Math.floor((bytes / totalBytes) * 100));
    return { percent, text: `${byteSize(Math.min(bytes, totalBytes))} of ${byteSize(totalBytes)}` };
  }
  if (rows !== null) return { percent: null, text: `${counted(rows, 'row', 'rows', countFormat.format)} received` };
  return { percent: null, text: `${byteSize(bytes)} received` };
}
