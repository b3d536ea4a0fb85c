import { normalizeRecommendations } from '@quizlead/shared/engine/products.ts';
import { quizDefaults, quizLimits, starterPersonalityCount, typeTraits } from '@quizlead/shared/quizzes.ts';
import type { QuestionKind, QuizType } from '@quizlead/shared/quizzes.ts';
import type {
  TAnswer,
  TCategory,
  TPersonality,
  TQuestion,
  TQuiz,
  TQuizData,
  TQuizDetail,
  TQuizInput,
} from '@quizlead/shared/schemas/quiz.ts';
import { questionId, shortId } from './ids.ts';

/**
 * The part of a quiz the wizard's tabs edit and `saveQuiz` stores. Questions and branches
 * have their own calls, so they are read from the last server copy instead.
 */
export type QuizDraft = Omit<TQuizData, 'branching'>;

export function toDraft(detail: TQuizDetail): QuizDraft {
  const traits = typeTraits(detail.quizType);
  return {
    title: detail.title,
    quizType: detail.quizType,
    settings: detail.settings,
    // A quiz stored without personalities (an API client's) starts with what a new quiz gets.
    personalities: traits.personalities
      ? padTo(
          detail.personalities,
          detail.personalities.length === 0 ? starterPersonalityCount(detail.quizType) : quizLimits.personalitiesMin,
          (id, index) => ({ ...blankPersonality(index), id }),
        )
      : [],
    categories: traits.categories ? padTo(detail.categories, quizLimits.categoriesMin, (id) => ({ ...blankCategory(), id })) : [],
    productRecommendations: detail.productRecommendations,
    outcomePrizes: detail.outcomePrizes,
  };
}

/**
 * Personality and category editors start with the two rows every such quiz needs. The rows get ids
 * derived from their position, so padding the same saved quiz twice gives equal drafts (not dirty).
 */
function padTo<T extends { id: string }>(items: T[], count: number, make: (id: string, index: number) => T): T[] {
  const padded = [...items];
  const taken = new Set(items.map((item) => item.id));
  while (padded.length < count) {
    let id = `new-${padded.length + 1}`;
    while (taken.has(id)) id += 'x';
    taken.add(id);
    padded.push(make(id, padded.length));
  }
  return padded;
}

/**
 * What a save sends. Products chosen for a personality removed meanwhile, or rules of a deleted question,
 * are left out, as the server would drop them (it refuses them only when an API client sends them).
 */
export function toInput(draft: QuizDraft, saved: Pick<TQuizDetail, 'branching' | 'questions'>): TQuizInput {
  const { productRecommendations } = draft;
  return {
    ...draft,
    branching: saved.branching,
    ...(productRecommendations
      ? { productRecommendations: normalizeRecommendations(productRecommendations, { ...draft, questions: saved.questions }) }
      : {}),
  };
}

/** The whole quiz as the engine and the preview see it: the draft plus the saved questions. */
export function toQuiz(draft: QuizDraft, saved: TQuizDetail): TQuiz {
  return {
    ...draft,
    branching: saved.branching,
    id: saved.id,
    status: saved.status,
    slug: saved.slug,
    questions: saved.questions,
  };
}

/** A new personality; the range types get the next default score range. */
export function blankPersonality(index: number): TPersonality {
  const range = quizDefaults.scoreRanges[index] ?? { min: 0, max: 100 };
  return {
    id: shortId(),
    title: '',
    description: '',
    image: null,
    landingUrl: '',
    emailFormCode: '',
    minScore: range.min,
    maxScore: range.max,
  };
}

export const blankCategory = (): TCategory => ({ id: shortId(), title: '', description: '' });

export const blankAnswer = (text = ''): TAnswer => ({
  id: shortId(),
  text,
  image: null,
  correct: false,
  weight: '',
  personalityId: null,
  value: '',
  tags: [],
});

export function blankQuestion(quizType: QuizType): TQuestion {
  const kind = typeTraits(quizType).questionKinds[0] ?? 'single';
  return {
    id: questionId(),
    kind,
    title: '',
    image: null,
    categoryId: null,
    propertyKey: '',
    segment: false,
    answers: answersFor(kind, []),
  };
}

/** True-False fixes the answers to TRUE and FALSE; other kinds keep theirs (at least two). */
export function answersFor(kind: QuestionKind, answers: TAnswer[]): TAnswer[] {
  if (kind === 'true_false') {
    return ['TRUE', 'FALSE'].map((text, index) => ({ ...(answers[index] ?? blankAnswer()), text }));
  }
  const padded = [...answers];
  while (padded.length < quizLimits.answersMin) padded.push(blankAnswer());
  return padded;
}

/** Deep equality for JSON-like values (key order ignored), to know whether the draft changed. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
