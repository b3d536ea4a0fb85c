import type { ExportFormat } from '@quizlead/shared/engagement.ts';
import type { TPrizeOptions } from '@quizlead/shared/schemas/prizes.ts';
import type { TWheel, TWheelListRow, TWheelRequest, TWheelSpinRow } from '@quizlead/shared/schemas/wheel.ts';
import { api } from './client.ts';
import type { ListPage } from './lists.ts';

/** Calls of the wheel spinner screens (docs/api.md, "Polls, web responses and wheels"). */

export const listWheels = (page: number, signal?: AbortSignal) =>
  api.get<ListPage<TWheelListRow>>(`/api/v1/wheels?page=${page}`, { signal });

export const getWheel = (id: string, signal?: AbortSignal) => api.get<TWheel>(`/api/v1/wheels/${id}`, { signal });

/** Whether the account's wheels can give unique Shopify discount codes (a Shopify shop). */
export const getPrizeOptions = (signal?: AbortSignal) => api.get<TPrizeOptions>('/api/v1/wheels/prize-options', { signal });

export const createWheel = (body: TWheelRequest) => api.post<TWheel>('/api/v1/wheels', body);

/** The whole wheel again (PUT). */
export const updateWheel = (id: string, body: TWheelRequest) => api.put<TWheel>(`/api/v1/wheels/${id}`, body);

export const deleteWheel = (id: string) => api.delete<{ message: string }>(`/api/v1/wheels/${id}`);

export const listWheelSpins = (id: string, page: number, signal?: AbortSignal) =>
  api.get<ListPage<TWheelSpinRow>>(`/api/v1/wheels/${id}/spins?page=${page}`, { signal });

/** The address of the spins spreadsheet (a download; see downloadExport). */
export const wheelExportPath = (id: string, format: ExportFormat) => `/api/v1/wheels/${id}/spins/export?format=${format}`;
