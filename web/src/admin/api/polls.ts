import type { EngagementStatus } from '@quizlead/shared/engagement.ts';
import type { TPoll, TPollTally } from '@quizlead/shared/schemas/poll.ts';
import { api } from './client.ts';

/** The calls only the poll screens make (docs/api.md, "Polls, web responses and wheels"); the rest are engagementApi's. */

export const setPollStatus = (id: string, status: EngagementStatus) => api.put<TPoll>(`/api/v1/polls/${id}/status`, { status });

/** Votes and percentages per option (the same figures as the public poll's). */
export const getPollResults = (id: string, signal?: AbortSignal) =>
  api.get<TPollTally>(`/api/v1/polls/${id}/results`, { signal });
