import type { ExportFormat } from '@quizlead/shared/engagement.ts';
import type {
  TCreateFeedbackRequest,
  TFeedback,
  TFeedbackListRow,
  TFeedbackResponseRow,
  TUpdateFeedbackRequest,
} from '@quizlead/shared/schemas/feedback.ts';
import { api } from './client.ts';
import type { ListPage } from './lists.ts';

/** Calls of the web response (feedback widget) screens (docs/api.md, "Polls, web responses and wheels"). */

export const listFeedbacks = (page: number, signal?: AbortSignal) =>
  api.get<ListPage<TFeedbackListRow>>(`/api/v1/feedbacks?page=${page}`, { signal });

export const getFeedback = (id: string, signal?: AbortSignal) => api.get<TFeedback>(`/api/v1/feedbacks/${id}`, { signal });

export const createFeedback = (body: TCreateFeedbackRequest) => api.post<TFeedback>('/api/v1/feedbacks', body);

export const updateFeedback = (id: string, body: TUpdateFeedbackRequest) => api.put<TFeedback>(`/api/v1/feedbacks/${id}`, body);

export const deleteFeedback = (id: string) => api.delete<{ message: string }>(`/api/v1/feedbacks/${id}`);

export const listFeedbackResponses = (id: string, page: number, signal?: AbortSignal) =>
  api.get<ListPage<TFeedbackResponseRow>>(`/api/v1/feedbacks/${id}/responses?page=${page}`, { signal });

/** The address of the responses spreadsheet (a download; see downloadExport). */
export const feedbackExportPath = (id: string, format: ExportFormat) =>
  `/api/v1/feedbacks/${id}/responses/export?format=${format}`;
