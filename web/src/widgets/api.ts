/** The public widget API (docs/api.md, "Polls, web responses and wheels", Public), on the public pages' client. */
import type { TFeedbackSubmission, TPublicFeedback } from '@quizlead/shared/schemas/feedback.ts';
import type { TPollVoteRequest, TPollVoteResult, TPublicPoll } from '@quizlead/shared/schemas/poll.ts';
import type { TPublicWheel, TSpinRequest, TSpinResult } from '@quizlead/shared/schemas/wheel.ts';
import { checkEmail } from '@quizlead/shared/email.ts';
import { currentLanguage, t } from '@quizlead/shared/i18n/translate.ts';
import { ApiError, publicRequest } from '../public/apiClient.ts';
import { reportConverted } from '../public/frame.ts';

export { ApiError };

const request = publicRequest({ unworded: (detail) => detail });

/** A vote, response or spin the server took: a conversion for the embed script around the frame. */
const converts = <T>(sent: Promise<T>): Promise<T> =>
  sent.then((answer) => {
    reportConverted();
    return answer;
  });

/** A submission with the language the visitor saw (issue 34, contract 5). */
const inLanguage = <T extends object>(body: T) => ({ ...body, language: currentLanguage() });

const base = '/api/v1/public';
const segment = encodeURIComponent;

export const widgetApi = {
  poll: (id: string, demo: boolean) => request<TPublicPoll>('GET', `${base}/polls/${segment(id)}${demo ? '?demo=1' : ''}`),
  vote: (id: string, vote: TPollVoteRequest) =>
    converts(request<TPollVoteResult>('POST', `${base}/polls/${segment(id)}/votes`, inLanguage(vote))),
  feedback: (id: string) => request<TPublicFeedback>('GET', `${base}/feedbacks/${segment(id)}`),
  respond: (id: string, response: TFeedbackSubmission) =>
    converts(request<{ message: string }>('POST', `${base}/feedbacks/${segment(id)}/responses`, inLanguage(response))),
  wheel: (id: string) => request<TPublicWheel>('GET', `${base}/wheels/${segment(id)}`),
  spin: (id: string, spin: TSpinRequest) =>
    converts(request<TSpinResult>('POST', `${base}/wheels/${segment(id)}/spins`, inLanguage(spin))),
};

/** The id of one submission: made once, kept through retries (the server counts it once), renewed after success. */
export { newUuid as newSubmissionId } from '../public/uuid.ts';

/**
 * The email check of a widget form, by the server's rule (shared/src/email.ts, as `engagementEmail`
 * checks it): the required or invalid text, or null when it may be sent.
 */
export function emailError(
  email: string,
  required: boolean,
  messages: { emailRequired: string; emailInvalid: string },
): string | null {
  const value = email.trim();
  if (!value) return required ? messages.emailRequired : null;
  const checked = checkEmail(value);
  if (checked.ok) return null;
  return checked.problem === 'localPartNotLatin' ? t('common.emailLocalPartNotLatin') : messages.emailInvalid;
}
