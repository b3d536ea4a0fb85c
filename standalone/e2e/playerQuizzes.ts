/**
 * Quizzes for the player's browser tests, made through the owner API as the builder makes them, and
 * helpers that play them in the page as a visitor does (by the texts on screen).
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { FrameLocator, Page } from 'playwright-core';
import { computeResult, resultSummary, type TQuizResult } from '@quizlead/shared/engine/index.ts';
import { quizDefaults } from '@quizlead/shared/quizzes.ts';
import type { TBranch, TCategory, TPersonality, TQuestion, TQuizDetail, TQuizSettings } from '@quizlead/shared/schemas/quiz.ts';
import type { TestClient, TestServer } from '../../server/src/test/getTestServer.ts';

type AnswerSpec = Partial<TQuestion['answers'][number]> & { id: string; text: string };

export function question(title: string, answers: AnswerSpec[], extra: Partial<Omit<TQuestion, 'answers'>> = {}): TQuestion {
  return {
    id: randomUUID(),
    kind: 'single',
    title: `<p>${title}</p>`,
    image: null,
    categoryId: null,
    propertyKey: '',
    segment: false,
    ...extra,
    answers: answers.map((answer) => ({
      image: null,
      correct: false,
      weight: '',
      personalityId: null,
      value: '',
      tags: [],
      ...answer,
    })),
  };
}

export const personality = (id: string, title: string, extra: Partial<TPersonality> = {}): TPersonality => ({
  id,
  title,
  description: `<p>${title} description</p>`,
  image: null,
  landingUrl: '',
  emailFormCode: '',
  minScore: 0,
  maxScore: 100,
  ...extra,
});

export interface QuizSpec {
  quizType: TQuizDetail['quizType'];
  title: string;
  settings?: Partial<TQuizSettings>;
  personalities?: TPersonality[];
  categories?: TCategory[];
  questions: TQuestion[];
  /** Questions are referred to by index here; ids are made when the questions are. */
  branches?: (questions: TQuestion[]) => TBranch[];
  publish?: boolean;
}

async function ok(response: Promise<{ status: number; body: any }>, expected = 200) {
  const answer = await response;
  if (answer.status !== expected) throw new Error(`${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

/** Creates, fills and (by default) publishes a quiz; answers the owner's full quiz. */
export async function buildQuiz(client: TestClient, spec: QuizSpec): Promise<TQuizDetail> {
  const created: TQuizDetail = await ok(client.post('/api/v1/quizzes', { quizType: spec.quizType, title: spec.title }), 201);
  const id = created.id;
  await ok(
    client.put(`/api/v1/quizzes/${id}`, {
      title: spec.title,
      quizType: spec.quizType,
      settings: { ...created.settings, welcomeMessage: `<p>Welcome to ${spec.title}</p>`, ...spec.settings },
      personalities: spec.personalities ?? [],
      categories: spec.categories ?? [],
      branching: { enabled: false, branches: [] },
    }),
  );
  await ok(client.put(`/api/v1/quizzes/${id}/questions`, { questions: spec.questions }));
  if (spec.branches)
    await ok(client.put(`/api/v1/quizzes/${id}/branches`, { enabled: true, branches: spec.branches(spec.questions) }));
  if (spec.publish ?? true) await ok(client.put(`/api/v1/quizzes/${id}/status`, { status: 'published' }));
  return ok(client.get(`/api/v1/quizzes/${id}`));
}

/** What the engine makes of these picks on the owner's full quiz: the result the page must show. */
export function expected(quiz: TQuizDetail, picks: Record<string, string[]>): { result: TQuizResult; summary: string } {
  const result = computeResult(quiz, picks);
  return { result, summary: resultSummary(result) };
}

const plain = (html: string) => html.replace(/<[^>]*>/g, '').trim();

/** Answers the question on screen by clicking the answers' texts (checkboxes for multiple-answer questions). */
export async function answerQuestion(page: Page | FrameLocator, quiz: TQuizDetail, questionIndex: number, answerIds: string[]) {
  const current = quiz.questions[questionIndex]!;
  await expect.poll(() => page.getByRole('heading', { name: plain(current.title) }).isVisible()).toBe(true);
  for (const answerId of answerIds) {
    const text = current.answers.find((answer) => answer.id === answerId)!.text;
    const role = current.kind === 'multiple' ? 'checkbox' : 'button';
    await page.getByRole(role, { name: text, exact: true }).click();
  }
}

/** A play as the test makes it: question index → the answer ids clicked, in order. */
export type Steps = [number, string[]][];

export const startButton = (page: Page | FrameLocator, quiz: TQuizDetail) =>
  page.getByRole('button', { name: quiz.settings.startButtonText.trim() || quizDefaults.publicStartButtonText, exact: true });

/** Plays from the start page through the listed questions (by index), in order. */
export async function playThrough(page: Page | FrameLocator, quiz: TQuizDetail, steps: Steps) {
  await startButton(page, quiz).click();
  for (const [index, answerIds] of steps) await answerQuestion(page, quiz, index, answerIds);
}

export const picksOf = (quiz: TQuizDetail, steps: Steps) =>
  Object.fromEntries(steps.map(([index, answerIds]) => [quiz.questions[index]!.id, answerIds]));

/** Plays to the result (on a page or inside a frame) and checks the result shown is the engine's; answers its summary. */
export async function playToResult(surface: Page | FrameLocator, quiz: TQuizDetail, steps: Steps): Promise<string> {
  await expect.poll(() => startButton(surface, quiz).isVisible(), { timeout: 15_000 }).toBe(true);
  await playThrough(surface, quiz, steps);
  const { summary } = expected(quiz, picksOf(quiz, steps));
  await expect.poll(() => surface.getByTestId('result-summary').textContent()).toBe(summary);
  return summary;
}

/** The plays stored for a quiz, oldest first (owners cannot list plays through the API yet: read the table). */
export async function storedPlays(server: TestServer, quizId: string): Promise<Record<string, unknown>[]> {
  if (!/^[0-9a-f-]{36}$/.test(quizId)) throw new Error(`not a quiz id: ${quizId}`);
  const result = await server.services.database.db.execute(
    `select id, status, preview, answers, result_summary as "resultSummary", score, percentage, name, email, consent,
       consent_text as "consentText", lead_fields as "leadFields"
     from plays where quiz_id = '${quizId}' order by started_at`,
  );
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}
