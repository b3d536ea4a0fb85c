/** Score, maximum and percentage over a set of played questions: the graded and weighted arithmetic. */
import type { TQuestion } from '../../schemas/quiz.ts';
import { percentOf, questionMarks, questionMaxMarks, questionMaxWeight, questionWeight, tidy } from '../marks.ts';
import { recordedPicks, type TPlayAnswers } from '../model.ts';

export type TTotals = { score: number; maxScore: number; percentage: number };

function totals(score: number, maxScore: number): TTotals {
  // The total is floored, not each question: a wrong answer with negative marking costs what a right one earned.
  const floored = Math.max(0, score);
  return { score: tidy(floored), maxScore: tidy(maxScore), percentage: percentOf(floored, maxScore) };
}

export function markTotals(questions: readonly TQuestion[], answers: TPlayAnswers, negativeMarking: boolean): TTotals {
  let score = 0;
  let maxScore = 0;
  for (const question of questions) {
    score += questionMarks(question, recordedPicks(answers, question.id), negativeMarking);
    maxScore += questionMaxMarks(question);
  }
  return totals(score, maxScore);
}

export function weightTotals(questions: readonly TQuestion[], answers: TPlayAnswers): TTotals {
  let score = 0;
  let maxScore = 0;
  for (const question of questions) {
    score += questionWeight(question, recordedPicks(answers, question.id));
    maxScore += questionMaxWeight(question);
  }
  return totals(score, maxScore);
}
