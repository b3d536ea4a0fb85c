import { useEffect, useRef, useState } from 'react';
import { errorNotice } from '../../api/client.ts';

/** A call a tab makes on its first opening. */
export type Fetched<T> =
  { state: 'idle' } | { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; data: T };

/** Calls `load` the first time its tab opens (and again on retry); an answer arriving after unmount is dropped. */
export function useFetchOnce<T>(load: (signal: AbortSignal) => Promise<T>) {
  const [fetched, setFetched] = useState<Fetched<T>>({ state: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  function start() {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setFetched({ state: 'loading' });
    load(current.signal).then(
      (data) => !current.signal.aborted && setFetched({ state: 'ready', data }),
      (error: unknown) => !current.signal.aborted && setFetched({ state: 'failed', message: errorNotice(error) }),
    );
  }
  return { fetched, start, startOnce: () => fetched.state === 'idle' && start() };
}
