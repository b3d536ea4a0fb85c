import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { getSession } from '../../api/session.ts';
import { sessionUserAtom } from '../../session.ts';

/**
 * Reads the signed-in user again: a payment changes the account's mode, which the shell and the quiz
 * builder (the footer lock) read from the session. A failure keeps the user as they were.
 */
export function useRefreshSessionUser(): () => void {
  const setUser = useSetAtom(sessionUserAtom);
  return useCallback(() => {
    getSession().then(
      (session) => setUser(session.user),
      () => undefined,
    );
  }, [setUser]);
}
