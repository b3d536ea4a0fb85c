import { engagementPaths, type EngagementKind, type ExportFormat } from '@quizlead/shared/engagement.ts';
import type {
  TEngagementCreate,
  TEngagementItem,
  TEngagementListPage,
  TEngagementSubmissionsPage,
  TEngagementUpdate,
} from '@quizlead/shared/schemas/engagementKinds.ts';
import type { TShopifyPlacement } from '@quizlead/shared/schemas/reports.ts';
import { api } from './client.ts';

/**
 * The calls every engagement kind's screens make (docs/api.md, "Polls, web responses and wheels"):
 * its list, an item, the builder's create and save, the delete, its Shopify placement, the visitors'
 * submissions and their spreadsheet. The paths and types are the shared ones the server's routes are declared with.
 */
export function engagementApi<Kind extends EngagementKind>(kind: Kind) {
  const { collection, submissions } = engagementPaths[kind];
  const base = `/api/v1/${collection}`;
  return {
    list: (page: number, signal?: AbortSignal) => api.get<TEngagementListPage<Kind>>(`${base}?page=${page}`, { signal }),
    get: (id: string, signal?: AbortSignal) => api.get<TEngagementItem<Kind>>(`${base}/${id}`, { signal }),
    create: (body: TEngagementCreate<Kind>) => api.post<TEngagementItem<Kind>>(base, body),
    update: (id: string, body: TEngagementUpdate<Kind>) => api.put<TEngagementItem<Kind>>(`${base}/${id}`, body),
    remove: (id: string) => api.delete<{ message: string }>(`${base}/${id}`),
    submissions: (id: string, page: number, signal?: AbortSignal) =>
      api.get<TEngagementSubmissionsPage<Kind>>(`${base}/${id}/${submissions}?page=${page}`, { signal }),
    /** Whether (and how) the item can be placed in the account's Shopify storefront. */
    shopify: (id: string, signal?: AbortSignal) => api.get<TShopifyPlacement>(`${base}/${id}/shopify`, { signal }),
    /** The address of the submissions spreadsheet (a download; see downloadExport). */
    exportPath: (id: string, format: ExportFormat) => `${base}/${id}/${submissions}/export?format=${format}`,
  };
}

export const pollApi = engagementApi('poll');
export const feedbackApi = engagementApi('feedback');
export const wheelApi = engagementApi('wheel');
