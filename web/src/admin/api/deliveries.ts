import type { z } from 'zod';
import type {
  TDeliveryDetail,
  TDeliveryListQuery,
  TDeliveryReplayAllRequest,
  ZDeliveryListResponse,
  ZDeliveryReplayAllResponse,
  ZDeliveryReplayResponse,
} from '@quizlead/shared/schemas/deliveries.ts';
import { api } from './client.ts';

/** Calls of the delivery log (Settings → Delivery log). */

export type DeliveryPage = z.infer<typeof ZDeliveryListResponse>['data'];
export type DeliveryReplay = z.infer<typeof ZDeliveryReplayResponse>['data'];
export type DeliveryReplayAll = z.infer<typeof ZDeliveryReplayAllResponse>['data'];

/** One page, newest first; filters left empty are not sent. */
export function listDeliveries(query: TDeliveryListQuery, signal?: AbortSignal) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) search.set(name, value);
  const text = search.toString();
  const suffix = text ? `?${text}` : '';
  return api.get<DeliveryPage>(`/api/v1/deliveries${suffix}`, { signal });
}

export const getDelivery = (id: string, signal?: AbortSignal) => api.get<TDeliveryDetail>(`/api/v1/deliveries/${id}`, { signal });

export const replayDelivery = (id: string) => api.post<DeliveryReplay>(`/api/v1/deliveries/${id}/replay`);

export const replayFailedDeliveries = (body: TDeliveryReplayAllRequest) =>
  api.post<DeliveryReplayAll>('/api/v1/deliveries/replay', body);
