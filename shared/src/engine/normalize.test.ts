import { describe, expect, it } from 'vitest';
import { normalizeQuiz } from './normalize.ts';
import { branchingExample, categoryGradedExample, gradedExample, personalityExample, weightedExample } from './test/examples.ts';
import { answer, category, personality, question, quiz } from './test/fixtures.ts';

describe('normalizeQuiz', () => {
  const everything = (type: Parameters<typeof quiz>[0]) =>
    quiz(type, {
      personalities: [personality('p1', 'P1'), personality('p2', 'P2')],
      categories: [category('c1', 'C1'), category('c2', 'C2')],
      questions: [
        question(
          'q1',
          'Q1',
          [
            answer('a', 'A', { correct: true, weight: '3', personalityId: 'p1' }),
            answer('b', 'B', { weight: '1', personalityId: 'gone' }),
            answer('c', 'C', { weight: '2', personalityId: 'p2' }),
          ],
          { kind: 'true_false', categoryId: 'c1' },
        ),
        question('q2', 'Q2', [answer('d', 'D', { correct: true }), answer('e', 'E', { correct: true })], {
          kind: 'multiple',
          categoryId: 'gone',
        }),
      ],
    });

  it('graded_quiz: no personalities or categories, no weights, True-False cut to two answers', () => {
    const normalized = normalizeQuiz(everything('graded_quiz'));
    expect(normalized.personalities).toEqual([]);
    expect(normalized.categories).toEqual([]);
    expect(normalized.questions[0]).toEqual({
      ...everything('graded_quiz').questions[0],
      categoryId: null,
      answers: [answer('a', 'A', { correct: true }), answer('b', 'B')],
    });
    expect(normalized.questions[1]?.kind).toBe('multiple');
  });

  it('personality types: no marks or weights, answers keep only existing personalities, single answer only', () => {
    const normalized = normalizeQuiz(everything('personality_quiz'));
    expect(normalized.personalities).toHaveLength(2);
    expect(normalized.categories).toEqual([]);
    expect(normalized.questions[0]?.kind).toBe('single');
    expect(normalized.questions[0]?.answers).toEqual([
      answer('a', 'A', { personalityId: 'p1' }),
      answer('b', 'B'),
      answer('c', 'C', { personalityId: 'p2' }),
    ]);
    expect(normalized.questions[1]?.answers.every((item) => !item.correct)).toBe(true);
  });

  it('weighted: weights stay, marks and answer personalities go', () => {
    const normalized = normalizeQuiz(everything('weighted_graded_quiz'));
    expect(normalized.personalities).toHaveLength(2);
    expect(normalized.questions[0]?.answers.map((item) => [item.correct, item.weight, item.personalityId])).toEqual([
      [false, '3', null],
      [false, '1', null],
      [false, '2', null],
    ]);
  });

  it('category types: categories stay and questions keep only an existing one', () => {
    const normalized = normalizeQuiz(everything('category_graded_quiz_with_personality'));
    expect(normalized.categories).toHaveLength(2);
    expect(normalized.questions.map((item) => item.categoryId)).toEqual(['c1', null]);
    expect(normalized.questions.map((item) => item.kind)).toEqual(['single', 'single']);
  });

  it('drops branches to or from missing questions and answers; branching off drops them all', () => {
    const normalized = normalizeQuiz(branchingExample);
    expect(normalized.branching.branches).toEqual(branchingExample.branching.branches.filter((branch) => branch.to !== 'q9'));
    const dangling = {
      ...branchingExample,
      branching: {
        enabled: true,
        branches: [
          { questionId: 'q1', answerId: 'q2a', to: 'q2' },
          { questionId: 'q7', answerId: 'any', to: 'q2' },
          { questionId: 'q1', answerId: 'q1a', to: 'landing' },
        ],
      },
    };
    expect(normalizeQuiz(dangling).branching.branches).toEqual([{ questionId: 'q1', answerId: 'q1a', to: 'landing' }]);
    expect(
      normalizeQuiz({ ...branchingExample, branching: { ...branchingExample.branching, enabled: false } }).branching,
    ).toEqual({
      enabled: false,
      branches: [],
    });
  });

  it('leaves the docs examples as they are and does not touch its input', () => {
    for (const example of [gradedExample, personalityExample, weightedExample, categoryGradedExample]) {
      const before = structuredClone(example);
      expect(normalizeQuiz(example)).toEqual(example);
      expect(example).toEqual(before);
    }
  });
});
