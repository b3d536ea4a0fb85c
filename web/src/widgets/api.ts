/**
 * The public widget API (docs/api.md, "Polls, web responses and wheels", Public). Same origin as the
 * widget pages. Types only from the shared schemas: the bundle carries no zod.
 */
import type { TFeedbackSubmission, TPublicFeedback } from '@quizlead/shared/schemas/feedback.ts';
import type { TPollVoteRequest, TPollVoteResult, TPublicPoll } from '@quizlead/shared/schemas/poll.ts';
import type { TPublicWheel, TSpinRequest, TSpinResult } from '@quizlead/shared/schemas/wheel.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly field: string | undefined;

  constructor(status: number, message: string, field?: string) {
    super(message);
    this.status = status;
    this.field = field;
  }
}

type Envelope<T> = { data?: T; error?: { message?: string; field?: string } };

async function request<T>(path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : String(error));
  }
  const payload = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (!response.ok || !payload || payload.data === undefined) {
    throw new ApiError(
      response.status,
      payload?.error?.message ?? `${response.status} ${response.statusText}`.trim(),
      payload?.error?.field,
    );
  }
  return payload.data;
}

const base = '/api/v1/public';
const segment = encodeURIComponent;

export const widgetApi = {
  poll: (id: string, demo: boolean) => request<TPublicPoll>(`${base}/polls/${segment(id)}${demo ? '?demo=1' : ''}`),
  vote: (id: string, vote: TPollVoteRequest) => request<TPollVoteResult>(`${base}/polls/${segment(id)}/votes`, vote),
  feedback: (id: string) => request<TPublicFeedback>(`${base}/feedbacks/${segment(id)}`),
  respond: (id: string, response: TFeedbackSubmission) =>
    request<{ message: string }>(`${base}/feedbacks/${segment(id)}/responses`, response),
  wheel: (id: string) => request<TPublicWheel>(`${base}/wheels/${segment(id)}`),
  spin: (id: string, spin: TSpinRequest) => request<TSpinResult>(`${base}/wheels/${segment(id)}/spins`, spin),
};

/** The id of one submission: made once, kept through retries (the server counts it once), renewed after success. */
export { newUuid as newSubmissionId } from '../player/playSession.ts';

/**
 * The server's email rule (zod's email pattern, as `widgetEmail` in shared/src/schemas/widgets.ts
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
