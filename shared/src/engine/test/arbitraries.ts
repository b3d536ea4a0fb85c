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
  });

const questionArb = (id: string): fc.Arbitrary<TQuestion> =>
  fc.integer({ min: 2, max: 4 }).chain((count) =>
    fc.record({
      id: fc.constant(id),
      kind: fc.constantFrom(...questionKinds),
      title: fc.constantFrom('<p>Question</p>', '<p><br></p>', 'Plain'),
      image: fc.constant(null),
      categoryId: fc.constantFrom(null, 'ghost', ...categoryIds),
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
