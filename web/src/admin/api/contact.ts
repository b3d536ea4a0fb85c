import type { TContactRequest } from '@quizlead/shared/schemas/contact.ts';
import { api } from './client.ts';

/** Contact Us and the support address (server/src/routes/api/contact/). */

export const getSupportEmail = (signal?: AbortSignal) =>
  api.get<{ email: string }>('/api/v1/support', { signal }).then((support) => support.email);

export const sendContactMessage = (request: TContactRequest) =>
  api.post<{ id: string; message: string }>('/api/v1/contact-messages', request);
