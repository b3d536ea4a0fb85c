import type { TDashboard, TDashboardGraph, TTutorial } from '@quizlead/shared/schemas/reports.ts';
import { api } from './client.ts';
import type { DayRange } from '@quizlead/shared/days.ts';

/** Calls of the dashboard and the Tutorials page (docs/api.md, "Dashboard and tutorials"). */

export type { DayRange };

const rangeQuery = (range: DayRange) => `start=${encodeURIComponent(range.start)}&end=${encodeURIComponent(range.end)}`;

export const getDashboard = (range: DayRange, signal?: AbortSignal) =>
  api.get<TDashboard>(`/api/v1/dashboard?${rangeQuery(range)}`, { signal });

export const getDashboardGraph = (range: DayRange, signal?: AbortSignal) =>
  api.get<TDashboardGraph>(`/api/v1/dashboard/graph?${rangeQuery(range)}`, { signal });

export const listTutorials = (signal?: AbortSignal) => api.get<TTutorial[]>('/api/v1/tutorials', { signal });
