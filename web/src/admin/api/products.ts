import type { TProduct, TProductCollection, TProductRequest } from '@quizlead/shared/schemas/products.ts';
import type { TProductSyncStatus } from '@quizlead/shared/schemas/productSync.ts';
import { api } from './client.ts';
import type { ListPage } from './lists.ts';

/** Calls of the Products screen (docs/api.md, "Products"). */

export const listProducts = (query: { search: string; page: number }, signal?: AbortSignal) => {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.page > 1) params.set('page', String(query.page));
  const suffix = params.toString() ? `?${params}` : '';
  return api.get<ListPage<TProduct>>(`/api/v1/products${suffix}`, { signal });
};

export const createProduct = (body: TProductRequest) => api.post<TProduct>('/api/v1/products', body);

export const updateProduct = (id: string, body: TProductRequest) => api.put<TProduct>(`/api/v1/products/${id}`, body);

export const deleteProduct = (id: string) => api.delete<{ message: string }>(`/api/v1/products/${id}`);

/** A Shopify store's catalogue copied in again (queued: the list shows it once the sync has run). */
export const syncProducts = () => api.post<{ queued: true; message: string }>('/api/v1/products/sync');

/** The shop collections the products are in (from the last sync), for an outcome to draw from. */
export const listProductCollections = (signal?: AbortSignal) =>
  api.get<TProductCollection[]>('/api/v1/products/collections', { signal });

/** How the shop's last products sync went (Shopify stores only). */
export const getProductSync = (signal?: AbortSignal) => api.get<TProductSyncStatus>('/api/v1/products/sync', { signal });
