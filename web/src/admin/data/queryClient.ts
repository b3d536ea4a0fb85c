import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client.ts';

/** How many times a failed load is tried again (after 1 s, then 2 s) before the screen shows the failure. */
const loadRetries = 2;

/**
 * A failure worth another try: no answer came back, or the server failed (5xx). A 4xx answers the
 * request as sent, and asking again gets the same answer.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.code === 'network' || error.status >= 500;
}

/**
 * The admin's cache of what its screens load. Every screen asks again when it opens (data is stale at
 * once) and meanwhile shows what it had; the same question asked by two components at once is asked
 * once; a mutation marks its resource stale (`useResource().reload`). Focus does not refetch: forms
 * start from what they loaded and must not be swept from under the owner.
 */
export function createQueryClient(options: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 0,
        refetchOnWindowFocus: false,
        retry: options.retry === false ? false : (failures, error) => failures < loadRetries && isRetryable(error),
      },
      mutations: { retry: false },
    },
  });
}
