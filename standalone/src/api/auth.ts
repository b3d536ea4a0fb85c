import type {
  TMessageResponse,
  TSignInRequest,
  TSignupPasswordCheckRequest,
  TSignupRequest,
  TSignupTokenRequest,
} from '@quizlead/shared/schemas/auth.ts';
import type { TJoinPreview, TJoinRequest } from '@quizlead/shared/schemas/team.ts';
import { api, setCsrfToken } from '@quizlead/web/admin/api/client.ts';
import { rememberSession as remember, type Session } from '@quizlead/web/admin/api/session.ts';

export { getSession } from '@quizlead/web/admin/api/session.ts';

type Message = TMessageResponse['data'];

export const signIn = async (body: TSignInRequest) =>
  remember(await api.post<Session>('/api/v1/session', body, { notifyUnauthorized: false }));

export async function signOut(): Promise<void> {
  await api.delete<Message>('/api/v1/session', { notifyUnauthorized: false });
  setCsrfToken(null);
}

/** Resolves when the server takes the password; an ApiError naming `password` says why it does not. */
export const checkSignupPassword = (body: TSignupPasswordCheckRequest) =>
  api.post<{ allowed: true }>('/api/v1/signup/password-check', body);

export const requestSignupToken = (body: TSignupTokenRequest) => api.post<Message>('/api/v1/signup/token', body);

export const signUp = async (body: TSignupRequest) => remember(await api.post<Session>('/api/v1/signup', body));

export const forgotPassword = (email: string) => api.post<Message>('/api/v1/password/forgot', { email });

export const resetPassword = (token: string, password: string) =>
  api.post<Message>('/api/v1/password/reset', { token, password });

export const previewInvitation = (token: string, signal?: AbortSignal) =>
  api.get<TJoinPreview>(`/api/v1/team/invitations/preview?token=${encodeURIComponent(token)}`, {
    signal,
    notifyUnauthorized: false,
  });

export const joinTeam = async (body: TJoinRequest) => remember(await api.post<Session>('/api/v1/team/join', body));
