import { useAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorNotice, setUnauthorizedHandler } from './api/client.ts';
import { getSession } from './api/session.ts';
import { sessionUserAtom } from './session.ts';

/** Where a 401 came from: the shell's first session load, or any call after it. */
export type SignedOutWhen = 'on-load' | 'later';

/**
 * The shells' session: loads the signed-in user (again on `retry`), and hands every 401 to the shell,
 * which knows what signing out means there: it goes to the sign-in page, or answers the message to
 * show in its place (inside the shop's admin). Any other failure of the load is `failure`, with the
 * server's message.
 */
export function useSessionUser(onSignedOut: (when: SignedOutWhen) => string | void) {
  const [user, setUser] = useAtom(sessionUserAtom);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const signedOut = useRef(onSignedOut);
  useEffect(() => {
    signedOut.current = onSignedOut;
  }, [onSignedOut]);

  useEffect(() => {
    const controller = new AbortController();
    getSession(controller.signal).then(
      (session) => setUser(session.user),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) setFailure(signedOut.current('on-load') ?? null);
        else setFailure(errorNotice(error));
      },
    );
    return () => controller.abort();
  }, [attempt, setUser]);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      setUser(null);
      setFailure(signedOut.current('later') ?? null);
    });
    return () => setUnauthorizedHandler(null);
  }, [setUser]);

  const retry = useCallback(() => {
    setFailure(null);
    setAttempt((n) => n + 1);
  }, []);

  return { user, failure, retry };
}
