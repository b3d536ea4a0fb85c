import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useDeferredValue } from 'react';
import { ApiError, errorNotice } from '../api/client.ts';

export type Loaded<T> =
  { state: 'loading' } | { state: 'missing' } | { state: 'failed'; message: string } | { state: 'ready'; data: T };

/**
 * What a screen shows, through the admin's cache (./queryClient.ts). `key` names it: its first part is
 * the resource ('polls', 'invoices'…), the rest its parameters (an id, a page). While a new key
 * loads, the previous data stays in `data` (tables dim instead of emptying) and `loaded` is
 * 'loading'; `loading` is true whenever a request is under way. A 404 (or a malformed id, 400) is
 * `missing`; `failure` words the last failure for a banner.
 *
 * `reload()` marks the whole resource stale, every page and item of it, and loads again what is on
 * screen: call it after a mutation.
 */
export function useResource<T>(key: QueryKey, load: (signal: AbortSignal) => Promise<T>, options: { enabled?: boolean } = {}) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => load(signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
  // The first answer renders as a transition: React draws a long list in slices and the page answers a tap
  // meanwhile (issue 38), where the cache's update alone would render it in one long task. Later answers (a
  // switch's, the next page's) show at once, together with the control that asked for them.
  const settled = query.status !== 'pending';
  const firstShown = useDeferredValue(settled);
  const resource = key[0];
  const reload = useCallback(() => void client.invalidateQueries({ queryKey: [resource] }), [client, resource]);
  if (settled && !firstShown)
    return { loaded: { state: 'loading' } as Loaded<T>, data: null, loading: true, failure: null, reload };
  const failure = query.status === 'error' ? errorNotice(query.error) : null;
  return { loaded: loadedOf(query), data: query.data ?? null, loading: query.isFetching, failure, reload };
}

function loadedOf<T>(query: {
  status: 'pending' | 'error' | 'success';
  isPlaceholderData: boolean;
  isFetching: boolean;
  data: T | undefined;
  error: unknown;
}): Loaded<T> {
  if (query.status === 'pending' || query.isPlaceholderData) return { state: 'loading' };
  if (query.status === 'error') {
    // Asked again after a failure ('Try again'): the failure gives way to the skeleton.
    if (query.isFetching) return { state: 'loading' };
    const { error } = query;
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return { state: 'missing' };
    return { state: 'failed', message: errorNotice(error) };
  }
  return { state: 'ready', data: query.data as T };
}
