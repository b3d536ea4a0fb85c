import type { TSocialProvidersResponse } from '@quizlead/shared/schemas/socialSignIn.ts';
import { api } from '@quizlead/web/admin/api/client.ts';

type Providers = TSocialProvidersResponse['data'];

/** The providers whose "Continue with …" buttons show (those configured on the server). */
export const getSocialProviders = (signal?: AbortSignal) =>
  api.get<Providers>('/api/v1/auth/providers', { signal, notifyUnauthorized: false });
