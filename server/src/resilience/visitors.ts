import { randomUUID } from 'node:crypto';
import { newPlayKey } from '../test/quizFactory.ts';

/**
 * Anonymous visitors for the process tests: each call is one visitor's whole submission, from its own
 * address (X-Forwarded-For, with TRUST_PROXY=1) so per-address limits do not get in the way. Each
 * resolves with the id the server acknowledged (2xx), or undefined when the request failed (a killed
 * server acknowledges nothing).
 */

let visitorCount = 0;
const nextAddress = () => {
  visitorCount += 1;
  return `10.${(visitorCount >> 16) & 255}.${(visitorCount >> 8) & 255}.${visitorCount & 255}`;
};

async function post(url: string, body: unknown, headers: Record<string, string>) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const payload = (await response.json().catch(() => null)) as { data?: Record<string, unknown> } | null;
  return { status: response.status, data: payload?.data };
}

const acknowledged = async <T>(work: () => Promise<T | undefined>): Promise<T | undefined> => {
  try {
    return await work();
  } catch {
    return undefined;
  }
};

export interface PlayableQuiz {
  id: string;
  questions: { id: string; answers: { id: string }[] }[];
}

/** A whole play: start, a progress event per question, the answers, and a lead. The play id once the lead is in. */
export const playWithLead = (baseUrl: string, quiz: PlayableQuiz) =>
  acknowledged(async () => {
    const address = { 'x-forwarded-for': nextAddress() };
    const playId = randomUUID();
    const started = await post(`${baseUrl}/api/v1/public/quizzes/${quiz.id}/plays`, { playId, playKey: newPlayKey() }, address);
    if (started.status !== 201) return undefined;
    const auth = { ...address, authorization: `Bearer ${String(started.data!.playToken)}` };
    for (const question of quiz.questions) {
      await post(`${baseUrl}/api/v1/public/plays/${playId}/progress`, { questionId: question.id }, auth);
    }
    const answers = Object.fromEntries(quiz.questions.map((question) => [question.id, [question.answers[0]!.id]]));
    if ((await post(`${baseUrl}/api/v1/public/plays/${playId}/answers`, { answers }, auth)).status !== 200) return undefined;
    const lead = { name: 'Crash Visitor', email: `visitor-${playId}@example.com`, consent: false };
    return (await post(`${baseUrl}/api/v1/public/plays/${playId}/lead`, lead, auth)).status === 200 ? playId : undefined;
  });

/** A poll vote, a web response or a wheel spin: the submission id once acknowledged. */
export const submit = (baseUrl: string, path: string, body: Record<string, unknown>) =>
  acknowledged(async () => {
    const submissionId = randomUUID();
    const sent = await post(`${baseUrl}${path}`, { submissionId, ...body }, { 'x-forwarded-for': nextAddress() });
    return sent.status >= 200 && sent.status < 300 ? submissionId : undefined;
  });
