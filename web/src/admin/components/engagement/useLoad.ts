import { useCallback, useEffect, useState } from 'react';
import { ApiError, errorNotice } from '../../api/client.ts';

export type Loaded<T> =
  { state: 'loading' } | { state: 'missing' } | { state: 'failed'; message: string } | { state: 'ready'; data: T };

/**
 * Loads what a screen shows and loads it again when `key` changes or `reload` is called. While a new
 * key loads, the previous data stays in `data` (tables dim instead of emptying); `current` tells
 * whether what is shown answers the current key. A 404 (or a malformed id) is `missing`.
 */
export function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>) {
  const [result, setResult] = useState<{ key: string; loaded: Loaded<T> } | null>(null);
  const [data, setData] = useState<T | null>(null);
  const [reloads, setReloads] = useState(0);
  const requestKey = `${key}#${reloads}`;

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (value) => {
        setData(value);
        setResult({ key: requestKey, loaded: { state: 'ready', data: value } });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
        setResult({ key: requestKey, loaded: missing ? { state: 'missing' } : { state: 'failed', message: errorNotice(error) } });
      },
    );
    return () => controller.abort();
    // `load` is expected to change with `key`; listing it would reload on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);
  const current = result?.key === requestKey;
  const loaded: Loaded<T> = current && result ? result.loaded : { state: 'loading' };
  return { loaded, data, loading: !current, reload };
}
