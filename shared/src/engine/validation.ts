/**
 * The quiz builder's checks (spec: builder-widgets-shell.md §5, "Quiz builder"): each function returns
 * the first failing message, or null. The builder shows it, and the server runs the same checks before it
 * publishes, so a quiz cannot be published through the API that the builder would refuse.
 */
import { quizMessages, typeTraits, type QuizType } from '../quizzes.ts';
import type { TQuestion } from '../schemas/quiz.ts';
import { isNumericWeight } from './marks.ts';
import type { TEngineQuiz } from './model.ts';
import { normalizeQuiz } from './normalize.ts';
import { scoreRangeGaps } from './results.ts';
import { visibleLength } from './text.ts';

/** The builder's five tabs, in order. */
export const quizTabs = ['settings', 'design', 'lead', 'outcome', 'advanced'] as const;
export type TQuizTab = (typeof quizTabs)[number];

const blank = (text: string) => text.trim() === '';

export function validateQuestion(question: TQuestion, quizType: QuizType): string | null {
  const traits = typeTraits(quizType);
  if (visibleLength(question.title) === 0) return quizMessages.questionEmpty;
  if (question.answers.some((answer) => blank(answer.text))) return quizMessages.answerEmpty;
  if (traits.graded) {
    const correct = question.answers.filter((answer) => answer.correct).length;
    if (correct === 0) return quizMessages.correctAnswerRequired;
    // Only graded_quiz offers multiple-answer questions, so only there does "single" need saying.
    if (quizType === 'graded_quiz' && question.kind !== 'multiple' && correct > 1) return quizMessages.onlyOneCorrect;
  }
  if (traits.weighted && question.answers.some((answer) => !isNumericWeight(answer.weight))) return quizMessages.weightInvalid;
  if (traits.answerPersonality && question.answers.some((answer) => answer.personalityId === null)) {
    return quizMessages.answerPersonalityMissing;
  }
  if (traits.categories && question.categoryId === null) return quizMessages.questionCategoryMissing;
  return null;
}

export function validateTab(quiz: TEngineQuiz, tab: TQuizTab): string | null {
  switch (tab) {
    case 'settings':
      return validateSettings(quiz);
    case 'lead':
      return validateLead(quiz);
    case 'outcome':
      return validateOutcome(quiz);
    // Design and Advanced hold only fields whose format the zod schema already checks.
    case 'design':
    case 'advanced':
      return null;
  }
}

function validateSettings(quiz: TEngineQuiz): string | null {
  if (blank(quiz.title)) return quizMessages.titleEmpty;
  if (typeTraits(quiz.quizType).personalities && visibleLength(quiz.settings.welcomeMessage) === 0) {
    return quizMessages.welcomeRequired;
  }
  return null;
}

/** A custom email form needs its code: the quiz's own, or each personality's for the personality types. */
function validateLead(quiz: TEngineQuiz): string | null {
  if (quiz.settings.emailFormType !== 'custom') return null;
  if (typeTraits(quiz.quizType).personalities) {
    return quiz.personalities.some((personality) => blank(personality.emailFormCode))
      ? quizMessages.personalityFormCodeRequired
      : null;
  }
  return blank(quiz.settings.emailFormCode) ? quizMessages.emailFormCodeRequired : null;
}

function validateOutcome(quiz: TEngineQuiz): string | null {
  const traits = typeTraits(quiz.quizType);
  if (quiz.settings.landingType === 'custom') {
    if (traits.personalities) {
      if (quiz.personalities.some((personality) => blank(personality.landingUrl)))
        return quizMessages.personalityLandingUrlRequired;
    } else if (blank(quiz.settings.landingUrl)) {
      return quizMessages.landingUrlRequired;
    }
  }
  if (traits.personalities) {
    const { personalities } = quiz;
    if (personalities.length === 0) return quizMessages.personalitiesRequired;
    if (personalities.some((personality) => blank(personality.title))) return quizMessages.personalityTitleRequired;
    if (personalities.some((personality) => visibleLength(personality.description) === 0)) {
      return quizMessages.personalityDescriptionRequired;
    }
    if (personalities.length < 2) return quizMessages.personalitiesMin;
    if (traits.scoreRanges) {
      const gaps = scoreRangeGaps(personalities);
      if (gaps.length > 0) return quizMessages.scoreRangeGaps(gaps);
    }
  }
  if (traits.categories) {
    const { categories } = quiz;
    if (categories.length === 0) return quizMessages.categoryRequired;
    if (categories.some((category) => blank(category.title))) return quizMessages.categoryTitleRequired;
    if (categories.some((category) => blank(category.description))) return quizMessages.categoryDescriptionRequired;
    if (categories.length < 2) return quizMessages.categoriesMin;
  }
  return null;
}

/**
 * Finish/Publish: title, at least one question, every tab, every question. It checks the quiz as it will
 * be saved (`normalizeQuiz`), so an answer pointing at a deleted personality or a question in a deleted
 * category is caught here rather than silently counting for nothing in every play.
 */
export function validateForPublish(quiz: TEngineQuiz): string | null {
  const normalized = normalizeQuiz(quiz);
  if (blank(normalized.title)) return quizMessages.titleEmpty;
  if (normalized.questions.length === 0) return quizMessages.noQuestions;
  for (const tab of quizTabs) {
    const message = validateTab(normalized, tab);
    if (message) return message;
  }
  for (const question of normalized.questions) {
    const message = validateQuestion(question, normalized.quizType);
    if (message) return message;
  }
  return null;
}
