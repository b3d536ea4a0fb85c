/** Edge cases of scoring beyond the docs examples: tampered answers, missing data, empty quizzes. */
import { describe, expect, it } from 'vitest';
import { computeResult, playedQuestions } from './computeResult.ts';
import { questionMaxMarks, questionMaxWeight, weightValue } from './marks.ts';
import { personalityForPercentage, withDefaultRanges } from './results.ts';
import { resultSummary } from './summary.ts';
import { gradedExample, multiplePersonalityExample, personalityExample, weightedExample } from './test/examples.ts';
import { answer, personality, question, quiz } from './test/fixtures.ts';

describe('computeResult on tampered or partial answers', () => {
  it('ignores unknown answer ids, repeats and unknown question ids', () => {
    const result = computeResult(gradedExample, {
      q1: ['nope', 'q1b'],
      q2: ['q2t', 'q2t'],
      q3: ['q3a', 'q3a', 'q3b'],
      ghost: ['q1b'],
    });
    expect(result).toMatchObject({ score: 4, maxScore: 4, percentage: 100 });
  });

  it('counts a partly answered multiple-answer question with its full maximum', () => {
    expect(computeResult(gradedExample, { q1: ['q1b'], q2: ['q2t'], q3: ['q3a'] })).toMatchObject({ score: 3, maxScore: 4 });
  });

  it('gives 0 of 0 when nothing was answered', () => {
    expect(computeResult(gradedExample, {})).toEqual({
      kind: 'graded',
      score: 0,
      maxScore: 0,
      percentage: 0,
      scoreType: 'marks',
    });
    expect(playedQuestions(gradedExample, {})).toEqual([]);
  });

  it('gives no personality when the quiz has none, and no entries when nothing was picked', () => {
    expect(computeResult({ ...personalityExample, personalities: [] }, { q1: ['q1a'] })).toEqual({
      kind: 'personality',
      personality: null,
      counts: {},
    });
    expect(computeResult(multiplePersonalityExample, {})).toEqual({
      kind: 'multiple_personality',
      personalities: [],
      landingUrl: '',
    });
    expect(resultSummary(computeResult(multiplePersonalityExample, {}))).toBe('No result');
  });

  it('gives multiple-personality shares that add up to 100 (largest remainder), each its exact share rounded down or up', () => {
    // Three personalities picked once each: rounding each share alone shows 33 + 33 + 33 = 99.
    const three = quiz('multiple_personality_quiz', {
      personalities: [personality('p1', 'P1'), personality('p2', 'P2'), personality('p3', 'P3')],
      questions: ['q1', 'q2', 'q3'].map((id, index) =>
        question(id, id, [answer(`${id}a`, 'A', { personalityId: `p${index + 1}` })]),
      ),
    });
    const result = computeResult(three, { q1: ['q1a'], q2: ['q2a'], q3: ['q3a'] });
    expect(result.kind === 'multiple_personality' && result.personalities.map((entry) => entry.share)).toEqual([34, 33, 33]);
  });

  it('does not count answers pointing at a personality that is not listed', () => {
    const quizWithGhost = quiz('personality_quiz', {
      personalities: [personality('p1', 'P1'), personality('p2', 'P2')],
      questions: [question('q1', 'Q', [answer('a', 'A', { personalityId: 'ghost' }), answer('b', 'B', { personalityId: 'p2' })])],
    });
    expect(computeResult(quizWithGhost, { q1: ['a'] })).toMatchObject({ personality: { id: 'p1' }, counts: { p1: 0, p2: 0 } });
  });

  it('stores personality and option ids such as "__proto__" as plain keys', () => {
    const odd = quiz('poll', { questions: [question('q1', 'Q', [answer('__proto__', 'A'), answer('b', 'B')])] });
    const result = computeResult(odd, { q1: ['__proto__'] });
    expect(Object.keys(result.kind === 'poll' ? result.counts : {})).toEqual(['__proto__', 'b']);
  });

  it('gives no range personality when no range holds the percentage', () => {
    const gap = { ...weightedExample, personalities: weightedExample.personalities.slice(0, 1) };
    expect(computeResult(gap, { q1: ['q1c'], q2: ['q2c'], q3: ['q3c'] })).toMatchObject({ percentage: 100, personality: null });
    expect(resultSummary(computeResult(gap, { q1: ['q1c'], q2: ['q2c'], q3: ['q3c'] }))).toBe('100%');
  });
});

describe('marks and weights', () => {
  it('a question without a correct answer is worth nothing', () => {
    expect(questionMaxMarks(question('q', 'Q', [answer('a', 'A'), answer('b', 'B')]))).toBe(0);
  });

  it('reads plain decimals only, and a question is worth its best positive weight', () => {
    expect([' 2.5 ', '-3', '.5', '7.', '', 'x', '1e3', '0x10', 'Infinity'].map(weightValue)).toEqual([
      2.5, -3, 0.5, 7, 0, 0, 0, 0, 0,
    ]);
    expect(questionMaxWeight(question('q', 'Q', [answer('a', 'A', { weight: '-1' }), answer('b', 'B', { weight: '-4' })]))).toBe(
      0,
    );
  });

  it('hides binary noise in decimal sums', () => {
    const decimals = quiz('weighted_graded_quiz', {
      questions: [
        question('q1', 'Q1', [answer('a', 'A', { weight: '0.1' }), answer('b', 'B', { weight: '1' })]),
        question('q2', 'Q2', [answer('c', 'C', { weight: '0.2' }), answer('d', 'D', { weight: '1' })]),
      ],
    });
    expect(computeResult(decimals, { q1: ['a'], q2: ['c'] })).toMatchObject({ score: 0.3, maxScore: 2, percentage: 15 });
  });
});

describe('ranges', () => {
  it('withDefaultRanges gives the first five personalities 0–20 … 81–100', () => {
    const six = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => personality(id, id, { minScore: 5, maxScore: 6 }));
    expect(withDefaultRanges(six).map((item) => [item.minScore, item.maxScore])).toEqual([
      [0, 20],
      [21, 40],
      [41, 60],
      [61, 80],
      [81, 100],
      [5, 6],
    ]);
  });

  it('the first range holding the percentage wins', () => {
    const overlapping = [
      personality('a', 'A', { minScore: 0, maxScore: 60 }),
      personality('b', 'B', { minScore: 50, maxScore: 100 }),
    ];
    expect(personalityForPercentage(overlapping, 55)?.id).toBe('a');
    expect(personalityForPercentage(overlapping, 61)?.id).toBe('b');
  });
});

describe('resultSummary', () => {
  it('says "No result" where there is nothing to name', () => {
    expect(resultSummary({ kind: 'personality', personality: null, counts: {} })).toBe('No result');
    expect(resultSummary({ kind: 'category_personality', categories: [] })).toBe('No result');
    expect(resultSummary({ kind: 'category_graded', categories: [] })).toBe('No result');
    expect(resultSummary({ kind: 'poll', counts: {} })).toBe('0 answers');
  });
});
