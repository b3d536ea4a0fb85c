/**
 * The quiz engine: advance rules, branching, scoring for every quiz type, result summaries, builder
 * validation and normalisation. Pure functions, no I/O; the player, the builder and the server all call
 * these, and nothing else implements them (docs/decisions/013-one-quiz-engine-recomputed-on-the-server.md; rules in docs/quiz-types.md).
 */
export { effectivePicks, isAnswered, picksNeeded, publicQuestion, togglePick } from './advance.ts';
export type { TAdvanceQuestion, TPublicQuestion } from './advance.ts';
export { firstQuestionId, nextQuestionId, playedPath } from './branching.ts';
export { computeResult, playedQuestions } from './computeResult.ts';
export { answerMark, isNumericWeight, percentOf, questionMaxMarks, questionMaxWeight, weightValue } from './marks.ts';
export type { TBranchingQuiz, TEngineQuiz, TPlayAnswers } from './model.ts';
export { normalizeQuiz } from './normalize.ts';
export { leadingPersonality, personalityForPercentage, resultKindOf, scoreRangeGaps, withDefaultRanges } from './results.ts';
export type {
  TCategoryGradedResult,
  TCategoryPersonalityResult,
  TGradedResult,
  TMultiplePersonalityResult,
  TPersonalityResult,
  TQuizResult,
  TRangeResult,
  TScoreGap,
  TTallyResult,
} from './results.ts';
export { resultSummary } from './summary.ts';
export { visibleLength, visibleText } from './text.ts';
export { quizTabs, validateForPublish, validateQuestion, validateTab } from './validation.ts';
export type { TQuizTab } from './validation.ts';
