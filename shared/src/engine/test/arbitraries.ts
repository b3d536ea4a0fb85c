/**
 * fast-check generators for the property tests: quizzes of every type that a careless import, a type
 * switch or a hostile request could produce — random marks, weights (numeric or not), personalities and
 * categories (some dangling), branches (cycles, self-loops, unknown ids), and partial, tampered answers.
 */
import fc from 'fast-check';
import { questionKinds, quizTypes } from '../../quizzes.ts';
import { ZQuizSettings, type TAnswer, type TBranch, type TQuestion } from '../../schemas/quiz.ts';
import type { TEngineQuiz, TPlayAnswers } from '../model.ts';
import { category, personality } from './fixtures.ts';

const personalityIds = ['p0', 'p1', 'p2', 'p3'];
const categoryIds = ['c0', 'c1', 'c2'];
/** Answer ids repeat across questions on purpose: they are local to a question. */
const answerIds = ['a0', 'a1', 'a2', 'a3'];

const weightArb = fc.oneof(
  fc.integer({ min: -20, max: 20 }).map(String),
  fc.double({ min: -50, max: 50, noNaN: true }).map((value) => value.toFixed(2)),
  fc.constantFrom('', 'ten', '1e3', ' 4 ', '.5', '-', '1,5'),
);

const answerArb = (id: string): fc.Arbitrary<TAnswer> =>
  fc.record({
    id: fc.constant(id),
    text: fc.constantFrom('Yes', 'No', '', 'Maybe'),
    image: fc.constant(null),
    correct: fc.boolean(),
    weight: weightArb,
    personalityId: fc.constantFrom(null, 'ghost', ...personalityIds),
    value: fc.constant(''),
    tags: fc.constant([]),
  });

const questionArb = (id: string): fc.Arbitrary<TQuestion> =>
  fc.integer({ min: 2, max: 4 }).chain((count) =>
    fc.record({
      id: fc.constant(id),
      kind: fc.constantFrom(...questionKinds),
      title: fc.constantFrom('<p>Question</p>', '<p><br></p>', 'Plain'),
      image: fc.constant(null),
      categoryId: fc.constantFrom(null, 'ghost', ...categoryIds),
      propertyKey: fc.constant(''),
      segment: fc.constant(false),
      answers: fc.tuple(...answerIds.slice(0, count).map(answerArb)),
    }),
  );

export const quizArb: fc.Arbitrary<TEngineQuiz> = fc.integer({ min: 1, max: 8 }).chain((questionCount) => {
  const questionIds = Array.from({ length: questionCount }, (_, index) => `q${index}`);
  const branchArb: fc.Arbitrary<TBranch> = fc.record({
    questionId: fc.constantFrom(...questionIds, 'ghost'),
    answerId: fc.constantFrom('any', 'ghost', ...answerIds),
    to: fc.constantFrom('landing', 'ghost', ...questionIds),
  });
  return fc.record({
    title: fc.constantFrom('Quiz', ' '),
    quizType: fc.constantFrom(...quizTypes),
    settings: fc
      .record({
        scoreType: fc.constantFrom('marks' as const, 'percentage' as const),
        negativeMarking: fc.boolean(),
        welcomeMessage: fc.constantFrom('', '<p>Hi</p>'),
        emailFormType: fc.constantFrom('standard' as const, 'custom' as const),
        landingType: fc.constantFrom('standard' as const, 'custom' as const),
      })
      .map((settings) => ({ ...ZQuizSettings.parse({}), ...settings })),
    personalities: fc
      .subarray(personalityIds)
      .chain((ids) =>
        fc.tuple(
          ...ids.map((id) =>
            fc
              .tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }))
              .map(([minScore, maxScore]) => personality(id, id.toUpperCase(), { minScore, maxScore })),
          ),
        ),
      ),
    categories: fc.subarray(categoryIds).map((ids) => ids.map((id) => category(id, id.toUpperCase()))),
    branching: fc.record({ enabled: fc.boolean(), branches: fc.array(branchArb, { maxLength: 12 }) }),
    questions: fc.tuple(...questionIds.map(questionArb)),
  });
});

/**
 * A play: most questions answered, mostly with their own answer ids but also with unknown ids, repeats and
 * more picks than allowed; some questions skipped; keys that are no question at all.
 */
export const answersArb = (quiz: TEngineQuiz): fc.Arbitrary<TPlayAnswers> => {
  const perQuestion = quiz.questions.map((question) => {
    const pick = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...question.answers.map((item) => item.id)) },
      { weight: 1, arbitrary: fc.constantFrom('ghost', 'any', 'a3') },
    );
    const picks = fc.array(pick, { minLength: 1, maxLength: 5 });
    return fc.option(picks, { freq: 5 }).map((value) => [question.id, value] as const);
  });
  const extra = fc.option(fc.constantFrom('ghost', 'constructor', '__proto__'), { freq: 2 });
  return fc
    .tuple(extra, ...perQuestion)
    .map(([extraKey, ...entries]) =>
      Object.fromEntries([
        ...entries.flatMap(([id, picks]) => (picks === null ? [] : [[id, picks] as const])),
        ...(extraKey === null ? [] : [[extraKey, ['a0']] as const]),
      ]),
    );
};

export const quizAndAnswersArb = quizArb.chain((quiz) => answersArb(quiz).map((answers) => ({ quiz, answers })));

const rangeTypes = ['graded_quiz_with_personality', 'weighted_graded_quiz', 'category_graded_quiz_with_personality'] as const;

/**
 * Score ranges as owners leave them: a partition of 0–100 (cut at 2 to 5 places) whose ends are then nudged,
 * so some sets cover every score, some leave gaps or overlap, and some are listed out of order.
 */
const rangesArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 4 })
  .chain((cuts) => {
    const starts = [0, ...[...cuts].sort((a, b) => a - b)];
    const nudge = fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: -3, max: 3 }) });
    return fc.tuple(
      ...starts.map((start, index) =>
        fc.tuple(nudge, nudge).map(([low, high]) => {
          const end = index + 1 < starts.length ? starts[index + 1]! - 1 : 100;
          const clamp = (value: number) => Math.min(100, Math.max(0, value));
          return { minScore: clamp(start + low), maxScore: clamp(end + high) };
        }),
      ),
    );
  })
  .chain((ranges) => fc.shuffledSubarray(ranges, { minLength: ranges.length, maxLength: ranges.length }));

/**
 * Range-type quizzes complete in every other respect (titles, welcome, correct answers, numeric weights,
 * categories), with random ranges, negative marking and branches: the checks then hinge on the ranges.
 */
export const rangeQuizArb: fc.Arbitrary<TEngineQuiz> = fc
  .record({
    quizType: fc.constantFrom(...rangeTypes),
    questionCount: fc.integer({ min: 1, max: 6 }),
    ranges: rangesArb,
    negativeMarking: fc.boolean(),
  })
  .chain(({ quizType, questionCount, ranges, negativeMarking }) => {
    const questionIds = Array.from({ length: questionCount }, (_, index) => `q${index}`);
    const categories = quizType === 'category_graded_quiz_with_personality' ? categoryIds.slice(0, 2) : [];
    const rangeAnswerArb = (id: string): fc.Arbitrary<TAnswer> =>
      fc.record({
        id: fc.constant(id),
        text: fc.constant(id.toUpperCase()),
        image: fc.constant(null),
        correct: fc.boolean(),
        weight: fc.oneof(fc.integer({ min: -5, max: 20 }).map(String), fc.constantFrom('2.5', '.5', '-1.25', '7.75')),
        personalityId: fc.constant(null),
        value: fc.constant(''),
        tags: fc.constant([]),
      });
    const rangeQuestionArb = (id: string): fc.Arbitrary<TQuestion> =>
      fc.integer({ min: 2, max: 4 }).chain((count) =>
        fc.record({
          id: fc.constant(id),
          kind: fc.constant('single' as const),
          title: fc.constant(`<p>${id}</p>`),
          image: fc.constant(null),
          categoryId: categories.length > 0 ? fc.constantFrom(...categories) : fc.constant(null),
          propertyKey: fc.constant(''),
          segment: fc.constant(false),
          // The first answer is right, so every graded question has one; the others may be too.
          answers: fc
            .tuple(...answerIds.slice(0, count).map(rangeAnswerArb))
            .map((answers) => answers.map((item, index) => (index === 0 ? { ...item, correct: true } : item))),
        }),
      );
    const branchArb: fc.Arbitrary<TBranch> = fc.record({
      questionId: fc.constantFrom(...questionIds),
      answerId: fc.constantFrom('any', ...answerIds),
      to: fc.constantFrom('landing', ...questionIds),
    });
    return fc.record({
      title: fc.constant('Quiz'),
      quizType: fc.constant(quizType),
      settings: fc.constant({ ...ZQuizSettings.parse({}), welcomeMessage: '<p>Hi</p>', negativeMarking }),
      personalities: fc.constant(ranges.map((range, index) => personality(`p${index}`, `P${index}`, range))),
      categories: fc.constant(categories.map((id) => category(id, id.toUpperCase()))),
      branching: fc.record({ enabled: fc.boolean(), branches: fc.array(branchArb, { maxLength: 6 }) }),
      questions: fc.tuple(...questionIds.map(rangeQuestionArb)),
    });
  });

export const rangeQuizAndAnswersArb = rangeQuizArb.chain((quiz) => answersArb(quiz).map((answers) => ({ quiz, answers })));
