import type { TDashboard, TDashboardGraph, TTutorial } from '@quizlead/shared/schemas/reports.ts';
import { api } from './client.ts';
import type { DayRange } from '@quizlead/shared/days.ts';

/** Calls of the dashboard and the Tutorials page (docs/api.md, "Dashboard and tutorials"). */

export type { DayRange };

const rangeQuery = (range: DayRange, language?: string | null) =>
  `start=${encodeURIComponent(range.start)}&end=${encodeURIComponent(range.end)}${language ? `&language=${encodeURIComponent(language)}` : ''}`;

/** `language`: only the plays and web responses shown in it (views stay whole). */
export const getDashboard = (range: DayRange, signal?: AbortSignal, language?: string | null) =>
  api.get<TDashboard>(`/api/v1/dashboard?${rangeQuery(range, language)}`, { signal });

export const getDashboardGraph = (range: DayRange, signal?: AbortSignal, language?: string | null) =>
  api.get<TDashboardGraph>(`/api/v1/dashboard/graph?${rangeQuery(range, language)}`, { signal });

export const listTutorials = (signal?: AbortSignal) => api.get<TTutorial[]>('/api/v1/tutorials', { signal });
