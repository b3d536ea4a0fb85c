/**
 * What one question is worth: marks for the graded types, weights for the weighted type
 * (spec: builder-widgets-shell.md §5: "correct is 1, unchecked 0, or -1 if negativeMarking is on";
 * "weights are free text"). Every function reads picks through `effectivePicks`.
 */
import type { TAnswer, TQuestion } from '../schemas/quiz.ts';
import { effectivePicks, picksNeeded } from './advance.ts';

export function answerMark(answer: TAnswer, negativeMarking: boolean): number {
  if (answer.correct) return 1;
  return negativeMarking ? -1 : 0;
}

function pickedAnswers(question: TQuestion, picks: readonly string[]): TAnswer[] {
  return effectivePicks(question, picks).flatMap((id) => question.answers.find((answer) => answer.id === id) ?? []);
}

/** Sum of the marks of the picked answers; may be negative (the caller floors the total). */
export function questionMarks(question: TQuestion, picks: readonly string[], negativeMarking: boolean): number {
  return pickedAnswers(question, picks).reduce((sum, answer) => sum + answerMark(answer, negativeMarking), 0);
}

/**
 * The most marks a player can get on the question: every pick on a correct answer. That is the number of
 * correct answers for a multiple-answer question and 1 for the others, and 0 for a (mis-built) question
 * with no correct answer, which nobody can score on.
 */
export function questionMaxMarks(question: TQuestion): number {
  const correct = question.answers.filter((answer) => answer.correct).length;
  return Math.min(picksNeeded(question), correct);
}

/** Owners type weights as text; only a plain decimal counts ("10", "-2", "2.5"). No exponents, so sums stay finite. */
const plainDecimal = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

export function isNumericWeight(weight: string): boolean {
  return plainDecimal.test(weight.trim());
}

/** The weight as a number; anything that is not a plain decimal counts 0. */
export function weightValue(weight: string): number {
  return isNumericWeight(weight) ? Number(weight.trim()) : 0;
}

export function questionWeight(question: TQuestion, picks: readonly string[]): number {
  return pickedAnswers(question, picks).reduce((sum, answer) => sum + weightValue(answer.weight), 0);
}

/**
 * The best weight a player can collect on the question: its highest weight, or 0 if every weight is
 * negative (skipping is not possible, but the range must not start below 0). A question taking several
 * picks (only in data the builder would not make) gets the sum of its best positive weights, so the
 * score can never pass the maximum.
 */
export function questionMaxWeight(question: TQuestion): number {
  const positives = question.answers
    .map((answer) => weightValue(answer.weight))
    .filter((weight) => weight > 0)
    .sort((a, b) => b - a);
  return positives.slice(0, picksNeeded(question)).reduce((sum, weight) => sum + weight, 0);
}

/** Whole percent of score over maximum; 0 when nothing could be scored. */
export function percentOf(score: number, maxScore: number): number {
  if (!(maxScore > 0)) return 0;
  // Multiply first: for whole marks the division is then exact and x.5 rounds up as written in the docs.
  const percent = Math.round((score * 100) / maxScore);
  return Number.isFinite(percent) ? percent : 0;
}

/** Decimal weights add up with binary noise (0.1 + 0.2); six places hide it without changing any real score. */
export function tidy(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
