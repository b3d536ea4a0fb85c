/**
 * Small builders that keep the template data readable: every answer and question gets all of its
 * fields (the stored shape), with only what matters for its quiz type written out in the template.
 */
import type { TAnswer, TQuestion } from '@quizlead/shared/schemas/quiz.ts';

const blankAnswer = { image: null, correct: false, weight: '', personalityId: null, value: '', tags: [] as string[] };

/** A graded answer marked right. */
export const right = (id: string, text: string): TAnswer => ({ ...blankAnswer, id, text, correct: true });

/** A graded answer marked wrong (or any answer of a type that does not mark answers). */
export const wrong = (id: string, text: string): TAnswer => ({ ...blankAnswer, id, text });

/** A weighted answer; weights are numbers written as text, as owners type them. */
export const weighted = (id: string, text: string, weight: number): TAnswer => ({
  ...blankAnswer,
  id,
  text,
  weight: String(weight),
});

/** An answer that counts for a personality. */
export const pointsTo = (id: string, text: string, personalityId: string): TAnswer => ({
  ...blankAnswer,
  id,
  text,
  personalityId,
});

/** The True and False answers of a True-False question. */
export const trueFalse = (trueIsRight: boolean): TAnswer[] => [
  { ...blankAnswer, id: 'a1', text: 'True', correct: trueIsRight },
  { ...blankAnswer, id: 'a2', text: 'False', correct: !trueIsRight },
];

export const question = (
  id: string,
  title: string,
  answers: TAnswer[],
  extra: Partial<Pick<TQuestion, 'kind' | 'categoryId' | 'image'>> = {},
): TQuestion => ({
  id,
  kind: 'single',
  title,
  image: null,
  categoryId: null,
  propertyKey: '',
  segment: false,
  answers,
  ...extra,
});
