import type { ExportFormat } from '@quizlead/shared/engagement.ts';
import type { PostPurchaseSurface } from '@quizlead/shared/postPurchaseReport.ts';
import type { TPostPurchaseReport } from '@quizlead/shared/schemas/postPurchaseReport.ts';
import type { DayRange } from '@quizlead/shared/days.ts';
import { api } from './client.ts';

/** Calls of the post-purchase survey report (docs/api.md; GET /api/v1/reports/post-purchase and its exports). */

export interface PostPurchaseFilters {
  range: DayRange;
  surface: PostPurchaseSurface | null;
  channel: string | null;
}

function filterQuery(filters: PostPurchaseFilters, format?: ExportFormat): string {
  const query = new URLSearchParams({ from: filters.range.start, to: filters.range.end });
  if (filters.surface) query.set('surface', filters.surface);
  if (filters.channel) query.set('channel', filters.channel);
  if (format) query.set('format', format);
  return query.toString();
}

export const getPostPurchaseReport = (filters: PostPurchaseFilters, signal?: AbortSignal) =>
  api.get<TPostPurchaseReport>(`/api/v1/reports/post-purchase?${filterQuery(filters)}`, { signal });

/** The per-answer table as a download. */
export const postPurchaseTableExportPath = (filters: PostPurchaseFilters, format: ExportFormat) =>
  `/api/v1/reports/post-purchase/export?${filterQuery(filters, format)}`;

/** Every answer with its order as a download. */
export const postPurchaseAnswersExportPath = (filters: PostPurchaseFilters, format: ExportFormat) =>
  `/api/v1/reports/post-purchase/answers/export?${filterQuery(filters, format)}`;
