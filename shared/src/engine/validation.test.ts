import { describe, expect, it } from 'vitest';
import { quizDefaults, quizMessages, quizTypes } from '../quizzes.ts';
import type { TEngineQuiz } from './model.ts';
import * as examples from './test/examples.ts';
import { answer, category, personality, question } from './test/fixtures.ts';
import { validateForPublish, validateQuestion, validateTab } from './validation.ts';

/** The docs examples are complete quizzes once personality types have their welcome message. */
const publishable = (quiz: TEngineQuiz): TEngineQuiz => ({
  ...quiz,
  settings: { ...quiz.settings, welcomeMessage: '<p>Hi!</p>' },
});
const allExamples = Object.values(examples).map(publishable);

const twoAnswers = (fields: Parameters<typeof answer>[2] = {}) => [answer('a', 'A', fields), answer('b', 'B', fields)];

describe('validateQuestion', () => {
  it('accepts every question of the docs examples', () => {
    for (const quiz of allExamples) {
      for (const item of quiz.questions) expect(validateQuestion(item, quiz.quizType)).toBeNull();
    }
  });

  it('needs visible title text and non-empty answers, for every type', () => {
    for (const type of quizTypes) {
      expect(validateQuestion(question('q', '<br>&nbsp;', twoAnswers()), type)).toBe(quizMessages.questionEmpty);
      expect(validateQuestion(question('q', 'Q', [answer('a', 'A'), answer('b', '  ')]), type)).toBe(quizMessages.answerEmpty);
    }
  });

  it('needs a correct answer in the graded types', () => {
    for (const type of ['graded_quiz', 'graded_quiz_with_personality', 'category_graded_quiz_with_personality'] as const) {
      expect(validateQuestion(question('q', 'Q', twoAnswers(), { categoryId: 'c' }), type)).toBe(
        quizMessages.correctAnswerRequired,
      );
    }
  });

  it('allows one correct answer only on single and True-False questions of graded_quiz', () => {
    const bothCorrect = twoAnswers({ correct: true });
    expect(validateQuestion(question('q', 'Q', bothCorrect), 'graded_quiz')).toBe(quizMessages.onlyOneCorrect);
    expect(validateQuestion(question('q', 'Q', bothCorrect, { kind: 'true_false' }), 'graded_quiz')).toBe(
      quizMessages.onlyOneCorrect,
    );
    expect(validateQuestion(question('q', 'Q', bothCorrect, { kind: 'multiple' }), 'graded_quiz')).toBeNull();
    expect(validateQuestion(question('q', 'Q', bothCorrect), 'graded_quiz_with_personality')).toBeNull();
  });

  it('skips the correct-answer checks in the weighted and personality types', () => {
    expect(validateQuestion(question('q', 'Q', twoAnswers({ weight: '1' })), 'weighted_graded_quiz')).toBeNull();
    expect(validateQuestion(question('q', 'Q', twoAnswers({ personalityId: 'p' })), 'personality_quiz')).toBeNull();
  });

  it('needs numeric weights in the weighted type', () => {
    for (const weight of ['', 'ten', '1e3', '1,5']) {
      expect(
        validateQuestion(
          question('q', 'Q', [answer('a', 'A', { weight: '1' }), answer('b', 'B', { weight })]),
          'weighted_graded_quiz',
        ),
      ).toBe(quizMessages.weightInvalid);
    }
    expect(validateQuestion(question('q', 'Q', twoAnswers({ weight: ' -2.5 ' })), 'weighted_graded_quiz')).toBeNull();
  });

  it('needs a personality on every answer and a category where the type has them', () => {
    const oneMissing = [answer('a', 'A', { personalityId: 'p' }), answer('b', 'B')];
    for (const type of ['personality_quiz', 'multiple_personality_quiz', 'category_quiz_multiple_personality'] as const) {
      expect(validateQuestion(question('q', 'Q', oneMissing, { categoryId: 'c' }), type)).toBe(
        quizMessages.answerPersonalityMissing,
      );
    }
    expect(validateQuestion(question('q', 'Q', twoAnswers({ personalityId: 'p' })), 'category_quiz_multiple_personality')).toBe(
      quizMessages.questionCategoryMissing,
    );
    expect(validateQuestion(question('q', 'Q', twoAnswers({ correct: true })), 'category_graded_quiz_with_personality')).toBe(
      quizMessages.questionCategoryMissing,
    );
  });
});

describe('validateTab', () => {
  const graded = examples.gradedExample;
  const personalityQuiz = publishable(examples.personalityExample);
  const categoryQuiz = publishable(examples.categoryPersonalityExample);
  const withSettings = (quiz: TEngineQuiz, settings: Partial<TEngineQuiz['settings']>): TEngineQuiz => ({
    ...quiz,
    settings: { ...quiz.settings, ...settings },
  });

  it('settings: a title, and a welcome message for the personality types', () => {
    expect(validateTab({ ...graded, title: '  ' }, 'settings')).toBe(quizMessages.titleEmpty);
    expect(validateTab(graded, 'settings')).toBeNull();
    expect(validateTab(examples.personalityExample, 'settings')).toBe(quizMessages.welcomeRequired);
    expect(validateTab(examples.weightedExample, 'settings')).toBe(quizMessages.welcomeRequired);
    expect(validateTab(personalityQuiz, 'settings')).toBeNull();
  });

  it('lead: a custom email form needs its code, per personality for the personality types', () => {
    expect(validateTab(withSettings(graded, { emailFormType: 'custom' }), 'lead')).toBe(quizMessages.emailFormCodeRequired);
    expect(validateTab(withSettings(graded, { emailFormType: 'custom', emailFormCode: '<form></form>' }), 'lead')).toBeNull();
    const custom = withSettings(personalityQuiz, { emailFormType: 'custom', emailFormCode: '<form></form>' });
    expect(validateTab(custom, 'lead')).toBe(quizMessages.personalityFormCodeRequired);
    const allCoded = {
      ...custom,
      personalities: custom.personalities.map((item) => ({ ...item, emailFormCode: '<form></form>' })),
    };
    expect(validateTab(allCoded, 'lead')).toBeNull();
  });

  it('outcome: a custom landing page needs its url, per personality for the personality types', () => {
    expect(validateTab(withSettings(graded, { landingType: 'custom' }), 'outcome')).toBe(quizMessages.landingUrlRequired);
    expect(validateTab(withSettings(graded, { landingType: 'custom', landingUrl: 'https://example.com' }), 'outcome')).toBeNull();
    expect(validateTab(withSettings(personalityQuiz, { landingType: 'custom' }), 'outcome')).toBe(
      quizMessages.personalityLandingUrlRequired,
    );
    expect(validateTab(withSettings(examples.multiplePersonalityExample, { landingType: 'custom' }), 'outcome')).toBeNull();
  });

  it('outcome: personalities are required, each with title and description, at least two', () => {
    const [first] = personalityQuiz.personalities;
    expect(validateTab({ ...personalityQuiz, personalities: [] }, 'outcome')).toBe(quizMessages.personalitiesRequired);
    expect(validateTab({ ...personalityQuiz, personalities: [{ ...first!, title: ' ' }] }, 'outcome')).toBe(
      quizMessages.personalityTitleRequired,
    );
    expect(validateTab({ ...personalityQuiz, personalities: [{ ...first!, description: '<p></p>' }] }, 'outcome')).toBe(
      quizMessages.personalityDescriptionRequired,
    );
    expect(validateTab({ ...personalityQuiz, personalities: [first!] }, 'outcome')).toBe(quizMessages.personalitiesMin);
    expect(validateTab(personalityQuiz, 'outcome')).toBeNull();
    expect(validateTab(graded, 'outcome')).toBeNull();
  });

  it('outcome: categories likewise for the category types', () => {
    expect(validateTab({ ...categoryQuiz, categories: [] }, 'outcome')).toBe(quizMessages.categoryRequired);
    expect(validateTab({ ...categoryQuiz, categories: [category('c', ' ')] }, 'outcome')).toBe(
      quizMessages.categoryTitleRequired,
    );
    expect(validateTab({ ...categoryQuiz, categories: [category('c', 'C', '')] }, 'outcome')).toBe(
      quizMessages.categoryDescriptionRequired,
    );
    expect(validateTab({ ...categoryQuiz, categories: [category('c', 'C')] }, 'outcome')).toBe(quizMessages.categoriesMin);
    expect(validateTab(categoryQuiz, 'outcome')).toBeNull();
  });

  describe('outcome: score ranges of the range types', () => {
    const rangeQuiz = publishable(examples.gradedRangeExample);
    const withRanges = (quiz: TEngineQuiz, ranges: [number, number][]): TEngineQuiz => ({
      ...quiz,
      personalities: ranges.map(([minScore, maxScore], index) => personality(`p${index}`, `P${index}`, { minScore, maxScore })),
    });
    const fix = 'Change the score ranges so that every score from 0% to 100% has one.';

    it('names the scores a new quiz’s first two ranges leave without a personality', () => {
      expect(
        validateTab(
          withRanges(rangeQuiz, [
            [0, 20],
            [21, 40],
          ]),
          'outcome',
        ),
      ).toBe(`Scores from 41% to 100% have no personality. ${fix}`);
    });

    it('names every gap, a single score as a score, in order of score whatever the list order', () => {
      const ranges: [number, number][] = [
        [61, 99],
        [0, 20],
        [22, 59],
      ];
      expect(validateTab(withRanges(rangeQuiz, ranges), 'outcome')).toBe(
        `Scores of 21%, of 60% and of 100% have no personality. ${fix}`,
      );
      expect(
        validateTab(
          withRanges(rangeQuiz, [
            [1, 100],
            [5, 10],
          ]),
          'outcome',
        ),
      ).toBe(`A score of 0% has no personality. ${fix}`);
      expect(
        validateTab(
          withRanges(rangeQuiz, [
            [0, 9],
            [11, 49],
            [60, 100],
          ]),
          'outcome',
        ),
      ).toBe(`Scores of 10% and from 50% to 59% have no personality. ${fix}`);
    });

    it('a personality whose minimum is above its maximum holds no score', () => {
      expect(
        validateTab(
          withRanges(rangeQuiz, [
            [0, 50],
            [100, 51],
          ]),
          'outcome',
        ),
      ).toBe(`Scores from 51% to 100% have no personality. ${fix}`);
    });

    it('accepts ranges that cover 0–100 in any order, adjacent whole numbers or overlapping', () => {
      // Percentages are whole numbers (the engine rounds), so 20 and 21 leave nothing between them.
      expect(
        validateTab(
          withRanges(
            rangeQuiz,
            quizDefaults.scoreRanges.map(({ min, max }) => [min, max]),
          ),
          'outcome',
        ),
      ).toBeNull();
      expect(
        validateTab(
          withRanges(rangeQuiz, [
            [51, 100],
            [0, 50],
          ]),
          'outcome',
        ),
      ).toBeNull();
      expect(
        validateTab(
          withRanges(rangeQuiz, [
            [0, 70],
            [30, 100],
          ]),
          'outcome',
        ),
      ).toBeNull();
    });

    it('applies to the weighted and category-graded types, and to no other', () => {
      const gap: [number, number][] = [
        [0, 20],
        [21, 40],
      ];
      for (const example of [examples.weightedExample, examples.categoryGradedExample]) {
        expect(validateTab(withRanges(publishable(example), gap), 'outcome')).toMatch(
          /^Scores from 41% to 100% have no personality/,
        );
        expect(validateForPublish(withRanges(publishable(example), gap))).toMatch(/^Scores from 41% to 100%/);
      }
      expect(validateTab(withRanges(personalityQuiz, gap), 'outcome')).toBeNull();
    });

    it('comes after the personality checks it depends on', () => {
      expect(validateTab(withRanges(rangeQuiz, [[0, 20]]), 'outcome')).toBe(quizMessages.personalitiesMin);
    });
  });

  it('design and advanced have nothing beyond the schema', () => {
    expect(validateTab({ ...graded, title: '' }, 'design')).toBeNull();
    expect(validateTab({ ...graded, title: '' }, 'advanced')).toBeNull();
  });
});

describe('validateForPublish', () => {
  it('accepts the docs examples', () => {
    for (const quiz of allExamples) expect(validateForPublish(quiz)).toBeNull();
  });

  it('checks title, then questions, then tabs, then each question', () => {
    const quiz = publishable(examples.personalityExample);
    expect(validateForPublish({ ...quiz, title: '', questions: [] })).toBe(quizMessages.titleEmpty);
    expect(validateForPublish({ ...quiz, questions: [] })).toBe(quizMessages.noQuestions);
    const brokenQuestion = question('q9', '', twoAnswers({ personalityId: 'explorer' }));
    expect(validateForPublish({ ...quiz, personalities: [], questions: [brokenQuestion] })).toBe(
      quizMessages.personalitiesRequired,
    );
    expect(validateForPublish({ ...quiz, questions: [...quiz.questions, brokenQuestion] })).toBe(quizMessages.questionEmpty);
  });

  it('catches answers pointing at a deleted personality', () => {
    const quiz = publishable(examples.personalityExample);
    const extra = personality('ghost', 'Ghost');
    const pointsAtGhost = question('q9', 'Q', [
      answer('a', 'A', { personalityId: 'ghost' }),
      answer('b', 'B', { personalityId: 'foodie' }),
    ]);
    expect(validateForPublish({ ...quiz, personalities: [...quiz.personalities, extra], questions: [pointsAtGhost] })).toBeNull();
    expect(validateForPublish({ ...quiz, questions: [pointsAtGhost] })).toBe(quizMessages.answerPersonalityMissing);
  });
});
