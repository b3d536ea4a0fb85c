import type { TSessionResponse } from '@quizlead/shared/schemas/auth.ts';
import { api, setCsrfToken } from './client.ts';

export type Session = TSessionResponse['data'];

/** Every answer that opens a session hands over the CSRF token for later mutations (cookie sessions). */
export function rememberSession(session: Session): Session {
  setCsrfToken(session.csrfToken || null);
  return session;
}

/** The signed-in user, by the session cookie (standalone) or the Shopify session token (embedded). */
export const getSession = async (signal?: AbortSignal) =>
  rememberSession(await api.get<Session>('/api/v1/session', { signal, notifyUnauthorized: false }));
