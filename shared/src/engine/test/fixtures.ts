/** Small builders for engine tests: only what a test cares about is written, the rest takes schema defaults. */
import type { QuizType } from '../../quizzes.ts';
import {
  ZQuizSettings,
  type TAnswer,
  type TBranch,
  type TCategory,
  type TPersonality,
  type TQuestion,
  type TQuizSettings,
} from '../../schemas/quiz.ts';
import type { TEngineQuiz } from '../model.ts';

export function answer(id: string, text: string, fields: Partial<TAnswer> = {}): TAnswer {
  return { id, text, image: null, correct: false, weight: '', personalityId: null, value: '', tags: [], ...fields };
}

export function question(id: string, title: string, answers: TAnswer[], fields: Partial<TQuestion> = {}): TQuestion {
  return {
    id,
    kind: 'single',
    title: `<p>${title}</p>`,
    image: null,
    categoryId: null,
    propertyKey: '',
    segment: false,
    answers,
    ...fields,
  };
}

export function personality(id: string, title: string, fields: Partial<TPersonality> = {}): TPersonality {
  return {
    id,
    title,
    description: `<p>You are ${title}.</p>`,
    image: null,
    landingUrl: '',
    emailFormCode: '',
    minScore: 0,
    maxScore: 100,
    ...fields,
  };
}

export function category(id: string, title: string, description = `About ${title}`): TCategory {
  return { id, title, description };
}

export function quiz(
  quizType: QuizType,
  parts: {
    questions: TQuestion[];
    title?: string;
    settings?: Partial<TQuizSettings>;
    personalities?: TPersonality[];
    categories?: TCategory[];
    branches?: TBranch[];
  },
): TEngineQuiz {
  return {
    title: parts.title ?? 'Example quiz',
    quizType,
    settings: { ...ZQuizSettings.parse({}), ...parts.settings },
    personalities: parts.personalities ?? [],
    categories: parts.categories ?? [],
    branching: { enabled: parts.branches !== undefined, branches: parts.branches ?? [] },
    questions: parts.questions,
  };
}
