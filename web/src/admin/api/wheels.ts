import type { TPrizeOptions } from '@quizlead/shared/schemas/prizes.ts';
import { api } from './client.ts';

/** The call only the wheel screens make (docs/api.md, "Polls, web responses and wheels"); the rest are engagementApi's. */

/** Whether the account's wheels can give unique Shopify discount codes (a Shopify shop). */
export const getPrizeOptions = (signal?: AbortSignal) => api.get<TPrizeOptions>('/api/v1/wheels/prize-options', { signal });
