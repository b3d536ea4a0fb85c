/**
 * The result of one play (docs/quiz-types.md has the rules and a worked example per type). The player
 * and the builder preview show it; the server recomputes it from the recorded answers and stores its own.
 */
import { wholePercentages } from '../percentages.ts';
import type { TCategory, TQuestion } from '../schemas/quiz.ts';
import { playedPath } from './branching.ts';
import { firstById, type TEngineQuiz, type TPlayAnswers } from './model.ts';
import type { TCategoryGradedResult, TCategoryPersonalityResult, TMultiplePersonalityResult, TQuizResult } from './results.ts';
import { personalityForPercentage } from './results.ts';
import { countPersonalities, countsRecord, mostPicked } from './scoring/personalities.ts';
import { tallyAnswers } from './scoring/tally.ts';
import { markTotals, weightTotals } from './scoring/totals.ts';

/** The questions the play went through, in the order visited; only these count. */
export function playedQuestions(quiz: TEngineQuiz, answers: TPlayAnswers): TQuestion[] {
  const questionsById = firstById(quiz.questions);
  return playedPath(quiz, answers).flatMap((id) => questionsById.get(id) ?? []);
}

export function computeResult(quiz: TEngineQuiz, answers: TPlayAnswers): TQuizResult {
  const played = playedQuestions(quiz, answers);
  const { negativeMarking } = quiz.settings;
  switch (quiz.quizType) {
    case 'graded_quiz':
      return { kind: 'graded', ...markTotals(played, answers, negativeMarking), scoreType: quiz.settings.scoreType };
    case 'personality_quiz': {
      const counts = countPersonalities(quiz.personalities, played, answers);
      return { kind: 'personality', personality: mostPicked(quiz.personalities, counts), counts: countsRecord(counts) };
    }
    case 'graded_quiz_with_personality':
    case 'weighted_graded_quiz': {
      const totals =
        quiz.quizType === 'weighted_graded_quiz' ? weightTotals(played, answers) : markTotals(played, answers, negativeMarking);
      return { kind: 'range', ...totals, personality: personalityForPercentage(quiz.personalities, totals.percentage) };
    }
    case 'multiple_personality_quiz':
      return multiplePersonalities(quiz, played, answers);
    case 'category_quiz_multiple_personality':
      return categoryPersonalities(quiz, played, answers);
    case 'category_graded_quiz_with_personality':
      return categoryGrades(quiz, played, answers);
    case 'poll':
    case 'feedback':
      return { kind: quiz.quizType, counts: tallyAnswers(played, answers) };
  }
}

function multiplePersonalities(quiz: TEngineQuiz, played: TQuestion[], answers: TPlayAnswers): TMultiplePersonalityResult {
  const counts = countPersonalities(quiz.personalities, played, answers);
  const picked = [...firstById(quiz.personalities).values()]
    .map((personality) => ({ personality, count: counts.get(personality.id) ?? 0 }))
    .filter((entry) => entry.count > 0)
    // sort is stable, so equal counts keep list order.
    .sort((a, b) => b.count - a.count);
  // Shares that add up to 100, as a poll's do.
  const shares = wholePercentages(picked.map((entry) => entry.count));
  const personalities = picked.map((entry, index) => ({ ...entry, share: shares[index]! }));
  return { kind: 'multiple_personality', personalities, landingUrl: personalities[0]?.personality.landingUrl ?? '' };
}

/** Categories in list order with their played questions; a category nobody answered in is left out. */
function playedCategories(quiz: TEngineQuiz, played: TQuestion[]): { category: TCategory; questions: TQuestion[] }[] {
  return [...firstById(quiz.categories).values()]
    .map((category) => ({ category, questions: played.filter((question) => question.categoryId === category.id) }))
    .filter((entry) => entry.questions.length > 0);
}

function categoryPersonalities(quiz: TEngineQuiz, played: TQuestion[], answers: TPlayAnswers): TCategoryPersonalityResult {
  return {
    kind: 'category_personality',
    categories: playedCategories(quiz, played).map(({ category, questions }) => {
      const counts = countPersonalities(quiz.personalities, questions, answers);
      return { category, personality: mostPicked(quiz.personalities, counts), counts: countsRecord(counts) };
    }),
  };
}

function categoryGrades(quiz: TEngineQuiz, played: TQuestion[], answers: TPlayAnswers): TCategoryGradedResult {
  return {
    kind: 'category_graded',
    categories: playedCategories(quiz, played).map(({ category, questions }) => {
      const totals = markTotals(questions, answers, quiz.settings.negativeMarking);
      return { category, ...totals, personality: personalityForPercentage(quiz.personalities, totals.percentage) };
    }),
  };
}
