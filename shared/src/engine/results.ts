/**
 * The result of one play, by quiz type. The server stores it, the player shows it and reports list it,
 * so it carries whole personality and category objects rather than ids the reader would have to look up.
 */
import { quizDefaults, type QuizType } from '../quizzes.ts';
import type { TCategory, TPersonality, TQuizSettings } from '../schemas/quiz.ts';

/** graded_quiz */
export type TGradedResult = {
  kind: 'graded';
  score: number;
  maxScore: number;
  percentage: number;
  scoreType: TQuizSettings['scoreType'];
};

/** personality_quiz. `counts` holds every listed personality (0 when never picked), in list order. */
export type TPersonalityResult = {
  kind: 'personality';
  personality: TPersonality | null;
  counts: Record<string, number>;
};

/** graded_quiz_with_personality and weighted_graded_quiz: the percentage picks the personality by range. */
export type TRangeResult = {
  kind: 'range';
  score: number;
  maxScore: number;
  percentage: number;
  personality: TPersonality | null;
};

/** multiple_personality_quiz */
export type TMultiplePersonalityResult = {
  kind: 'multiple_personality';
  personalities: { personality: TPersonality; count: number; share: number }[];
  landingUrl: string;
};

/** category_quiz_multiple_personality */
export type TCategoryPersonalityResult = {
  kind: 'category_personality';
  categories: { category: TCategory; personality: TPersonality | null; counts: Record<string, number> }[];
};

/** category_graded_quiz_with_personality */
export type TCategoryGradedResult = {
  kind: 'category_graded';
  categories: { category: TCategory; score: number; maxScore: number; percentage: number; personality: TPersonality | null }[];
};

/** poll and feedback (older quizzes): how often each option was picked. */
export type TTallyResult = {
  kind: 'poll' | 'feedback';
  counts: Record<string, number>;
};

export type TQuizResult =
  | TGradedResult
  | TPersonalityResult
  | TRangeResult
  | TMultiplePersonalityResult
  | TCategoryPersonalityResult
  | TCategoryGradedResult
  | TTallyResult;

/** The result kind each quiz type produces, for callers that switch on the type before there is a result. */
export const resultKindOf = {
  graded_quiz: 'graded',
  personality_quiz: 'personality',
  graded_quiz_with_personality: 'range',
  weighted_graded_quiz: 'range',
  multiple_personality_quiz: 'multiple_personality',
  category_quiz_multiple_personality: 'category_personality',
  category_graded_quiz_with_personality: 'category_graded',
  poll: 'poll',
  feedback: 'feedback',
} as const satisfies Record<QuizType, TQuizResult['kind']>;

/**
 * The personality that leads a result: the one shown, for multiple personalities the most picked, for
 * the category types the first category's. Custom landing pages, lead forms and product outcomes follow it.
 */
export function leadingPersonality(result: TQuizResult): TPersonality | null {
  switch (result.kind) {
    case 'personality':
    case 'range':
      return result.personality;
    case 'multiple_personality':
      return result.personalities[0]?.personality ?? null;
    case 'category_personality':
    case 'category_graded':
      return result.categories[0]?.personality ?? null;
    default:
      return null;
  }
}

/** The first personality (in list order) whose [minScore, maxScore] holds the percentage. */
export function personalityForPercentage(personalities: readonly TPersonality[], percentage: number): TPersonality | null {
  return personalities.find((personality) => personality.minScore <= percentage && percentage <= personality.maxScore) ?? null;
}

/** A run of whole percentages, both ends included. */
export type TScoreGap = { from: number; to: number };

/**
 * The scores no personality's range holds, as runs in score order. Percentages are whole numbers from 0 to
 * 100 (`percentOf` rounds), and every one of them is a score some play can reach once the quiz has enough
 * questions (questions change, and branching changes each play's maximum), so every one needs an outcome.
 * It asks `personalityForPercentage` itself, so the check cannot drift from how a result picks its personality.
 */
export function scoreRangeGaps(personalities: readonly TPersonality[]): TScoreGap[] {
  const gaps: TScoreGap[] = [];
  for (let percentage = 0; percentage <= 100; percentage++) {
    if (personalityForPercentage(personalities, percentage)) continue;
    const last = gaps.at(-1);
    if (last && last.to === percentage - 1) last.to = percentage;
    else gaps.push({ from: percentage, to: percentage });
  }
  return gaps;
}

/**
 * Personalities with the default score ranges (0–20, 21–40, 41–60, 61–80, 81–100) in list order; those
 * past the fifth keep their own. A new quiz gets its starter personalities through it (POST /quizzes).
 */
export function withDefaultRanges(personalities: readonly TPersonality[]): TPersonality[] {
  return personalities.map((personality, index) => {
    const range = quizDefaults.scoreRanges[index];
    return range ? { ...personality, minScore: range.min, maxScore: range.max } : { ...personality };
  });
}
