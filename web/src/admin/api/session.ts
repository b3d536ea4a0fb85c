import type { TSessionResponse } from '@quizlead/shared/schemas/auth.ts';
import { api, setCsrfToken } from './client.ts';

export type Session = TSessionResponse['data'];

/** Every answer that opens a session hands over the CSRF token for later mutations (cookie sessions). */
export function rememberSession(session: Session): Session {
  setCsrfToken(session.csrfToken || null);
  return session;
}

const requestSession = async (signal?: AbortSignal) =>
  rememberSession(await api.get<Session>('/api/v1/session', { signal, notifyUnauthorized: false }));

let prefetched: Promise<Session> | null = null;

/**
 * Asks who is signed in before the shell that needs it has loaded, so that the question and the
 * shell's code travel side by side; the shell's first getSession takes this answer.
 */
export function prefetchSession(): void {
  prefetched = requestSession();
  prefetched.catch(() => undefined); // Handled by whoever takes it.
}

/** The signed-in user, by the session cookie (standalone) or the Shopify session token (embedded). */
export function getSession(signal?: AbortSignal): Promise<Session> {
  const answer = prefetched;
  prefetched = null;
  return answer ?? requestSession(signal);
}
