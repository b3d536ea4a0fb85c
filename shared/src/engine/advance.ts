/**
 * Advance rules (spec: account-player-management.md §4, "Advancing"): how many picks a question takes
 * and how a click changes the picks. The player never receives the marks of answers, so these functions
 * accept its public question too: one that carries `picksNeeded` instead of `correct` flags.
 */
import type { QuestionKind } from '../quizzes.ts';
import type { TQuestion } from '../schemas/quiz.ts';

/** The part of a question the advance rules read: a full question, or the player's public one. */
export type TAdvanceQuestion = {
  kind: QuestionKind;
  answers: readonly { id: string; correct?: boolean }[];
  /** Sent to the player in place of the marks; when present it wins over counting `correct`. */
  picksNeeded?: number;
};

/** Single-answer and True-False take one pick; multiple-answer as many as it has correct answers (at least 1). */
export function picksNeeded(question: TAdvanceQuestion): number {
  if (question.kind !== 'multiple') return 1;
  const needed = question.picksNeeded ?? question.answers.filter((answer) => answer.correct === true).length;
  return Math.max(1, Math.floor(needed));
}

/**
 * The picks that count: answers of this question only, each once, in the order picked, and no more than
 * the question takes. Scoring, branching and `isAnswered` all read picks through this, so a tampered or
 * stale list (unknown ids, repeats, extra picks) can never score more than a real player could.
 */
export function effectivePicks(question: TAdvanceQuestion, picks: readonly string[]): string[] {
  const known = new Set(question.answers.map((answer) => answer.id));
  const result: string[] = [];
  const limit = picksNeeded(question);
  for (const pick of picks) {
    if (result.length >= limit) break;
    if (typeof pick === 'string' && known.has(pick) && !result.includes(pick)) result.push(pick);
  }
  return result;
}

/**
 * The picks after a click on `answerId`. Single and True-False: the click replaces the pick. Multiple:
 * the click toggles the answer, and a click past the allowed count is ignored (the player advances as
 * soon as the count is reached, so a larger selection never exists). Unknown answers change nothing.
 */
export function togglePick(question: TAdvanceQuestion, picks: readonly string[], answerId: string): string[] {
  const current = effectivePicks(question, picks);
  if (!question.answers.some((answer) => answer.id === answerId)) return current;
  if (question.kind !== 'multiple') return [answerId];
  if (current.includes(answerId)) return current.filter((pick) => pick !== answerId);
  return current.length < picksNeeded(question) ? [...current, answerId] : current;
}

/** True once the question has all the picks it takes: the moment the player moves on. */
export function isAnswered(question: TAdvanceQuestion, picks: readonly string[]): boolean {
  return effectivePicks(question, picks).length >= picksNeeded(question);
}

/** What a visitor's player may see of a question: no marks, weights or personalities, only the pick count. */
export type TPublicQuestion = {
  id: string;
  kind: QuestionKind;
  title: string;
  image: string | null;
  answers: { id: string; text: string; image: string | null }[];
  picksNeeded: number;
};

export function publicQuestion(question: TQuestion): TPublicQuestion {
  return {
    id: question.id,
    kind: question.kind,
    title: question.title,
    image: question.image,
    answers: question.answers.map((answer) => ({ id: answer.id, text: answer.text, image: answer.image })),
    picksNeeded: picksNeeded(question),
  };
}
