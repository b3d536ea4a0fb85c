import {
  fixedPropertyKeys,
  optionSentValue,
  quizAnswerType,
  leadFieldPropertyKeys,
  propertyKeyPattern,
  questionPropertyKeys,
  type TLeadAnswer,
} from '@quizlead/shared/schemas/answerProperties.ts';
import { visibleText } from '@quizlead/shared/engine/text.ts';
import type { TQuestion } from '@quizlead/shared/schemas/quiz.ts';

/**
 * A submission's answers as events carry them (issue 33), built in JS from what the submission already
 * loaded (the cached playable quiz, the poll, feedback form or wheel row): no query on the visitor's path.
 * Keys are the ones the item has now, i.e. at submission time; the event keeps them.
 */

/** A quiz's questions with their keys and plain titles, computed once per loaded question list (the published-quiz cache keeps it). */
const keyedQuestions = new WeakMap<readonly TQuestion[], { question: TQuestion; key: string; text: string }[]>();

function keyed(questions: readonly TQuestion[]) {
  let found = keyedQuestions.get(questions);
  if (!found) {
    // quizSaver refuses bad keys; one stored some other way (a copied template) is sent under its default
    // rather than failing the visitor's play on the event's schema.
    const keys = questionPropertyKeys(
      questions.map((question) => (propertyKeyPattern.test(question.propertyKey) ? question : { ...question, propertyKey: '' })),
    );
    found = questions.map((question, index) => ({ question, key: keys[index]!, text: visibleText(question.title) }));
    keyedQuestions.set(questions, found);
  }
  return found;
}

/**
 * A play's picks (question id → answer ids) against the quiz's questions, in the quiz's order: each answered
 * question once, as the option's text or the owner's value (an array for a multiple-answer question), with
 * the picked options' ids and tags. Picks naming no option of the quiz are left out. A custom lead form's
 * fields follow, as text, under the slug of their names.
 */
export function quizAnswers(
  questions: readonly TQuestion[],
  picks: Record<string, readonly string[]> | null | undefined,
  fields: Record<string, string> = {},
): TLeadAnswer[] {
  const answers: TLeadAnswer[] = [];
  const all = keyed(questions);
  for (const { question, key, text } of all) {
    const ids = picks?.[question.id] ?? [];
    const options = question.answers.filter((option) => ids.includes(option.id));
    if (options.length === 0) continue;
    const values = options.map(optionSentValue);
    const type = quizAnswerType(question.kind);
    answers.push({
      key,
      question: text,
      type,
      value: type === 'choices' ? values : values[0]!,
      optionIds: options.map((option) => option.id),
      tags: [...new Set(options.flatMap((option) => option.tags))],
      segment: question.segment,
    });
  }
  return [
    ...answers,
    ...leadFieldAnswers(
      fields,
      all.map(({ key }) => key),
    ),
  ];
}

/** A custom lead form's fields (name → value, as the visitor typed them), non-empty ones, as text answers. */
export function leadFieldAnswers(fields: Record<string, string>, taken: readonly string[] = []): TLeadAnswer[] {
  const filled = Object.entries(fields).filter(([, value]) => value.trim() !== '');
  const keys = leadFieldPropertyKeys(
    filled.map(([name]) => name),
    taken,
  );
  return filled.map(([name, value]) => ({
    key: keys.get(name)!,
    question: name,
    type: 'text',
    value,
    optionIds: [],
    tags: [],
    segment: false,
  }));
}

/** A poll vote: its one question under the slug of its text, the option's text as the answer. */
export function pollAnswers(question: string, option: { index: number; text: string }): TLeadAnswer[] {
  return [
    {
      key: fixedPropertyKeys.poll(question),
      question: visibleText(question),
      type: 'choice',
      value: option.text,
      optionIds: [String(option.index)],
      tags: [],
      segment: false,
    },
  ];
}

/**
 * A web response: its `rating`, a number when it is one (stars, a score). Web responses store no comment, so
 * there is no answer for one.
 */
export function feedbackAnswers(title: string, rating: string | number): TLeadAnswer[] {
  const numeric = typeof rating === 'number' ? rating : /^-?\d+(\.\d+)?$/.test(rating) ? Number(rating) : undefined;
  return [
    {
      key: fixedPropertyKeys.rating,
      question: visibleText(title),
      type: numeric === undefined ? 'choice' : 'number',
      value: numeric ?? String(rating),
      optionIds: [],
      tags: [],
      segment: false,
    },
  ];
}

/** A wheel spin: the prize landed on under `prize`. */
export function wheelAnswers(title: string, prize: { index: number; text: string }): TLeadAnswer[] {
  return [
    {
      key: fixedPropertyKeys.prize,
      question: visibleText(title),
      type: 'choice',
      value: prize.text,
      optionIds: [String(prize.index)],
      tags: [],
      segment: false,
    },
  ];
}
