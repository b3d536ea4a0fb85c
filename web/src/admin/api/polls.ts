import type { ExportFormat, EngagementStatus } from '@quizlead/shared/engagement.ts';
import type {
  TCreatePollRequest,
  TPoll,
  TPollListRow,
  TPollTally,
  TPollVoteRow,
  TUpdatePollRequest,
} from '@quizlead/shared/schemas/poll.ts';
import { api } from './client.ts';
import type { ListPage } from './lists.ts';

/** Calls of the poll screens (docs/api.md, "Polls, web responses and wheels"). */

export const listPolls = (page: number, signal?: AbortSignal) =>
  api.get<ListPage<TPollListRow>>(`/api/v1/polls?page=${page}`, { signal });

export const getPoll = (id: string, signal?: AbortSignal) => api.get<TPoll>(`/api/v1/polls/${id}`, { signal });

export const createPoll = (body: TCreatePollRequest) => api.post<TPoll>('/api/v1/polls', body);

export const updatePoll = (id: string, body: TUpdatePollRequest) => api.put<TPoll>(`/api/v1/polls/${id}`, body);

export const setPollStatus = (id: string, status: EngagementStatus) => api.put<TPoll>(`/api/v1/polls/${id}/status`, { status });

export const deletePoll = (id: string) => api.delete<{ message: string }>(`/api/v1/polls/${id}`);

export const listPollVotes = (id: string, page: number, signal?: AbortSignal) =>
  api.get<ListPage<TPollVoteRow>>(`/api/v1/polls/${id}/votes?page=${page}`, { signal });

/** Votes and percentages per option (the same figures as the public poll's). */
export const getPollResults = (id: string, signal?: AbortSignal) =>
  api.get<TPollTally>(`/api/v1/polls/${id}/results`, { signal });

/** The address of the votes spreadsheet (a download; see downloadExport). */
export const pollExportPath = (id: string, format: ExportFormat) => `/api/v1/polls/${id}/votes/export?format=${format}`;
