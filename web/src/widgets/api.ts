/** The public widget API (docs/api.md, "Polls, web responses and wheels", Public), on the public pages' client. */
import type { TFeedbackSubmission, TPublicFeedback } from '@quizlead/shared/schemas/feedback.ts';
import type { TPollVoteRequest, TPollVoteResult, TPublicPoll } from '@quizlead/shared/schemas/poll.ts';
import type { TPublicWheel, TSpinRequest, TSpinResult } from '@quizlead/shared/schemas/wheel.ts';
import { ApiError, publicRequest } from '../public/apiClient.ts';

export { ApiError };

const request = publicRequest({ unworded: '' });

const base = '/api/v1/public';
const segment = encodeURIComponent;

export const widgetApi = {
  poll: (id: string, demo: boolean) => request<TPublicPoll>('GET', `${base}/polls/${segment(id)}${demo ? '?demo=1' : ''}`),
  vote: (id: string, vote: TPollVoteRequest) => request<TPollVoteResult>('POST', `${base}/polls/${segment(id)}/votes`, vote),
  feedback: (id: string) => request<TPublicFeedback>('GET', `${base}/feedbacks/${segment(id)}`),
  respond: (id: string, response: TFeedbackSubmission) =>
    request<{ message: string }>('POST', `${base}/feedbacks/${segment(id)}/responses`, response),
  wheel: (id: string) => request<TPublicWheel>('GET', `${base}/wheels/${segment(id)}`),
  spin: (id: string, spin: TSpinRequest) => request<TSpinResult>('POST', `${base}/wheels/${segment(id)}/spins`, spin),
};

/** The id of one submission: made once, kept through retries (the server counts it once), renewed after success. */
export { newUuid as newSubmissionId } from '../public/uuid.ts';

/**
 * The server's email rule (zod's email pattern, as `engagementEmail` in shared/src/schemas/engagement.ts
 * checks it), so the page refuses what the server would refuse before sending.
 */
export const emailPattern = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The email check of a widget form: the required or invalid text, or null when it may be sent. */
export function emailError(
  email: string,
  required: boolean,
  messages: { emailRequired: string; emailInvalid: string },
): string | null {
  const value = email.trim();
  if (!value) return required ? messages.emailRequired : null;
  return value.length > 254 || !emailPattern.test(value) ? messages.emailInvalid : null;
}
