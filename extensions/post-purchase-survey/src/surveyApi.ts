/**
 * The extension's two calls to the app (the contract of issue 36: GET /extensions/post-purchase/survey and
 * POST /extensions/post-purchase/answers), each with the session token as a Bearer token. Neither call may hold
 * the page: each gives up after a timeout even when the network never answers.
 */
import { ANSWER_TIMEOUT_MS, APP_URL, SURVEY_TIMEOUT_MS } from './config.ts';
import type { SurveyHost } from './host.ts';

export type Surface = 'thank_you' | 'order_status';

export interface SurveyChoice {
  id: string;
  label: string;
}

export interface Survey {
  id: string;
  kind: 'poll' | 'feedback';
  question: string;
  layout: 'choice' | 'rating';
  choices: SurveyChoice[];
  otherChoiceId: string | null;
  ratingMax: 5 | 10;
  submitLabel: string;
  thanks: string;
}

export interface Answer {
  choiceId?: string;
  otherText?: string;
  rating?: number;
}

export class TimeoutError extends Error {
  constructor(ms: number) {
    super(`The app did not answer within ${ms} ms`);
  }
}

/**
 * Runs `work` with a signal that aborts after `ms`, and rejects then even if `work` ignores the signal (a token
 * or a response that never comes). A late rejection of `work` is handled by the race, so it is never unhandled.
 */
async function withTimeout<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new TimeoutError(ms));
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

async function callApp(host: SurveyHost, path: string, init: RequestInit, signal: AbortSignal): Promise<Response> {
  const token = await host.sessionToken.get();
  return fetch(`${APP_URL}${path}`, {
    ...init,
    signal,
    headers: { ...(init.headers as Record<string, string> | undefined), Authorization: `Bearer ${token}` },
  });
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** The survey in the app's answer, or null when there is none or the answer is not of the contract's shape. */
export function parseSurvey(body: unknown): Survey | null {
  if (typeof body !== 'object' || body === null) return null;
  const survey = (body as { survey?: unknown }).survey;
  if (typeof survey !== 'object' || survey === null) return null;
  const raw = survey as Record<string, unknown>;
  if (!isText(raw.id) || !isText(raw.question) || raw.question.trim() === '') return null;
  if (raw.kind !== 'poll' && raw.kind !== 'feedback') return null;
  const common: Pick<Survey, 'id' | 'kind' | 'question' | 'submitLabel' | 'thanks'> = {
    id: raw.id,
    kind: raw.kind,
    question: raw.question,
    submitLabel: isText(raw.submitLabel) ? raw.submitLabel : '',
    thanks: isText(raw.thanks) ? raw.thanks : '',
  };
  if (raw.layout === 'rating') {
    const ratingMax = raw.ratingMax === 10 ? 10 : 5;
    return { ...common, layout: 'rating', choices: [], otherChoiceId: null, ratingMax };
  }
  if (raw.layout !== 'choice' || !Array.isArray(raw.choices)) return null;
  const choices = raw.choices.filter(
    (choice): choice is SurveyChoice =>
      typeof choice === 'object' && choice !== null && isText(choice.id) && isText(choice.label),
  );
  if (choices.length === 0) return null;
  const otherChoiceId = isText(raw.otherChoiceId) && raw.otherChoiceId !== '' ? raw.otherChoiceId : null;
  return { ...common, layout: 'choice', choices, otherChoiceId, ratingMax: 5 };
}

/**
 * The survey to show for this order on this page, or null: nothing to show, the app slow (SURVEY_TIMEOUT_MS),
 * down, or answering anything but a 200 of the contract's shape. Never rejects.
 */
export async function fetchSurvey(
  host: SurveyHost,
  input: { orderId: string; surface: Surface; locale?: string },
): Promise<Survey | null> {
  const query = new URLSearchParams({ orderId: input.orderId, surface: input.surface });
  if (input.locale) query.set('locale', input.locale);
  try {
    return await withTimeout(SURVEY_TIMEOUT_MS, async (signal) => {
      const response = await callApp(host, `/extensions/post-purchase/survey?${query}`, { method: 'GET' }, signal);
      if (response.status !== 200) return null;
      return parseSurvey(await response.json());
    });
  } catch {
    return null;
  }
}

/**
 * Sends the buyer's answer. Resolves when the app stored it (201) or already had one for the order (200);
 * rejects on anything else, the network failing, or no answer within ANSWER_TIMEOUT_MS.
 */
export async function sendAnswer(
  host: SurveyHost,
  input: { orderId: string; surface: Surface; surveyId: string } & Answer,
): Promise<void> {
  await withTimeout(ANSWER_TIMEOUT_MS, async (signal) => {
    const response = await callApp(
      host,
      '/extensions/post-purchase/answers',
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(input) },
      signal,
    );
    if (response.status !== 200 && response.status !== 201) {
      throw new Error(`The app answered ${response.status}`);
    }
  });
}

/** The storage key that remembers, on this buyer's device, that this order's survey was answered. */
export const answeredKey = (orderId: string) => `answered:${orderId}`;
