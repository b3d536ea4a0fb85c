/** Every worked example of docs/quiz-types.md, number for number. */
import { describe, expect, it } from 'vitest';
import { ZQuizSettings } from '../schemas/quiz.ts';
import { computeResult } from './computeResult.ts';
import { resultSummary } from './summary.ts';
import {
  categoryGradedExample,
  categoryPersonalityExample,
  feedbackExample,
  gradedExample,
  gradedRangeExample,
  multiplePersonalityExample,
  personalityExample,
  pollExample,
  weightedExample,
} from './test/examples.ts';
import type { TEngineQuiz } from './model.ts';

const withSettings = (quiz: TEngineQuiz, settings: Partial<typeof quiz.settings>): TEngineQuiz => ({
  ...quiz,
  settings: { ...ZQuizSettings.parse({}), ...quiz.settings, ...settings },
});
const personalityById = (quiz: TEngineQuiz, id: string) => quiz.personalities.find((personality) => personality.id === id);
const categoryById = (quiz: TEngineQuiz, id: string) => quiz.categories.find((category) => category.id === id);

describe('graded_quiz example', () => {
  const play = { q1: ['q1b'], q2: ['q2t'], q3: ['q3a', 'q3c', 'q3b'] };

  it('play A, negative marking on: 1 + 1 + (1 − 1) = 2 of 4', () => {
    const result = computeResult(gradedExample, play);
    expect(result).toEqual({ kind: 'graded', score: 2, maxScore: 4, percentage: 50, scoreType: 'marks' });
    expect(resultSummary(result)).toBe('2 / 4');
  });

  it('play A, negative marking off, shown as a percentage: 3 of 4 = 75%', () => {
    const result = computeResult(withSettings(gradedExample, { negativeMarking: false, scoreType: 'percentage' }), play);
    expect(result).toEqual({ kind: 'graded', score: 3, maxScore: 4, percentage: 75, scoreType: 'percentage' });
    expect(resultSummary(result)).toBe('75%');
  });

  it('play B, everything wrong with negative marking: −4 floored to 0', () => {
    const result = computeResult(gradedExample, { q1: ['q1a'], q2: ['q2f'], q3: ['q3c', 'q3d'] });
    expect(result).toEqual({ kind: 'graded', score: 0, maxScore: 4, percentage: 0, scoreType: 'marks' });
    expect(resultSummary(result)).toBe('0 / 4');
  });
});

describe('personality_quiz example', () => {
  it('play A: Homebody picked twice wins', () => {
    const result = computeResult(personalityExample, { q1: ['q1b'], q2: ['q2b'], q3: ['q3c'] });
    expect(result).toEqual({
      kind: 'personality',
      personality: personalityById(personalityExample, 'homebody'),
      counts: { explorer: 0, homebody: 2, foodie: 1 },
    });
    expect(resultSummary(result)).toBe('Homebody');
  });

  it('play B: a three-way tie goes to Explorer, listed first', () => {
    const result = computeResult(personalityExample, { q1: ['q1c'], q2: ['q2a'], q3: ['q3b'] });
    expect(result).toEqual({
      kind: 'personality',
      personality: personalityById(personalityExample, 'explorer'),
      counts: { explorer: 1, homebody: 1, foodie: 1 },
    });
  });

  it('play C: no answers at all still gives the first personality', () => {
    expect(computeResult(personalityExample, {})).toEqual({
      kind: 'personality',
      personality: personalityById(personalityExample, 'explorer'),
      counts: { explorer: 0, homebody: 0, foodie: 0 },
    });
  });
});

describe('graded_quiz_with_personality example', () => {
  const play = { q1: ['q1a'], q2: ['q2b'], q3: ['q3a'] };

  it('2 of 3 = 67% falls in Intermediate (41–70)', () => {
    const result = computeResult(gradedRangeExample, play);
    expect(result).toEqual({
      kind: 'range',
      score: 2,
      maxScore: 3,
      percentage: 67,
      personality: personalityById(gradedRangeExample, 'intermediate'),
    });
    expect(resultSummary(result)).toBe('67% (Intermediate)');
  });

  it('with negative marking: 1 − 1 + 1 = 1 of 3 = 33%, Beginner (0–40)', () => {
    const result = computeResult(withSettings(gradedRangeExample, { negativeMarking: true }), play);
    expect(result).toEqual({
      kind: 'range',
      score: 1,
      maxScore: 3,
      percentage: 33,
      personality: personalityById(gradedRangeExample, 'beginner'),
    });
  });
});

describe('weighted_graded_quiz example', () => {
  it('play A: 5 + 8 − 5 = 8 of 21 = 38%, Medium', () => {
    const result = computeResult(weightedExample, { q1: ['q1b'], q2: ['q2c'], q3: ['q3a'] });
    expect(result).toEqual({
      kind: 'range',
      score: 8,
      maxScore: 21,
      percentage: 38,
      personality: personalityById(weightedExample, 'medium'),
    });
    expect(resultSummary(result)).toBe('38% (Medium)');
  });

  it('play B: 0 − 2 − 5 = −7 floored to 0, Low', () => {
    const result = computeResult(weightedExample, { q1: ['q1a'], q2: ['q2a'], q3: ['q3a'] });
    expect(result).toEqual({
      kind: 'range',
      score: 0,
      maxScore: 21,
      percentage: 0,
      personality: personalityById(weightedExample, 'low'),
    });
  });

  it('play C: 10 + 8 + 1.5 = 19.5 of 21 = 93%, High', () => {
    const result = computeResult(weightedExample, { q1: ['q1c'], q2: ['q2c'], q3: ['q3b'] });
    expect(result).toEqual({
      kind: 'range',
      score: 19.5,
      maxScore: 21,
      percentage: 93,
      personality: personalityById(weightedExample, 'high'),
    });
  });
});

describe('multiple_personality_quiz example', () => {
  it('Social 2, Logical 1, Creative 1 of 4 picks; Calm never picked is left out', () => {
    const result = computeResult(multiplePersonalityExample, { q1: ['q1c'], q2: ['q2b'], q3: ['q3c'], q4: ['q4a'] });
    expect(result).toEqual({
      kind: 'multiple_personality',
      personalities: [
        { personality: personalityById(multiplePersonalityExample, 'social'), count: 2, share: 50 },
        { personality: personalityById(multiplePersonalityExample, 'logical'), count: 1, share: 25 },
        { personality: personalityById(multiplePersonalityExample, 'creative'), count: 1, share: 25 },
      ],
      landingUrl: 'https://example.com/social',
    });
    expect(resultSummary(result)).toBe('Social 50%, Logical 25%, Creative 25%');
  });
});

describe('category_quiz_multiple_personality example', () => {
  it('Work ties and goes to Planner, Home is Improviser, unanswered Travel is left out', () => {
    const quiz = categoryPersonalityExample;
    const result = computeResult(quiz, { q1: ['q1b'], q2: ['q2a'], q3: ['q3b'] });
    expect(result).toEqual({
      kind: 'category_personality',
      categories: [
        {
          category: categoryById(quiz, 'work'),
          personality: personalityById(quiz, 'planner'),
          counts: { planner: 1, improviser: 1 },
        },
        {
          category: categoryById(quiz, 'home'),
          personality: personalityById(quiz, 'improviser'),
          counts: { planner: 0, improviser: 1 },
        },
      ],
    });
    expect(resultSummary(result)).toBe('Work: Planner; Home: Improviser');
  });
});

describe('category_graded_quiz_with_personality example', () => {
  it('Maths −2 floored to 0 of 2 (Needs work), Science 1 of 3 = 33% (Good), History left out', () => {
    const quiz = categoryGradedExample;
    const result = computeResult(quiz, { q1: ['q1b'], q2: ['q2b'], q3: ['q3a'], q4: ['q4a'], q5: ['q5b'] });
    expect(result).toEqual({
      kind: 'category_graded',
      categories: [
        {
          category: categoryById(quiz, 'maths'),
          score: 0,
          maxScore: 2,
          percentage: 0,
          personality: personalityById(quiz, 'needs-work'),
        },
        {
          category: categoryById(quiz, 'science'),
          score: 1,
          maxScore: 3,
          percentage: 33,
          personality: personalityById(quiz, 'good'),
        },
      ],
    });
    expect(resultSummary(result)).toBe('Maths: 0% (Needs work); Science: 33% (Good)');
  });
});

describe('poll and feedback examples', () => {
  it('poll: every option of the played questions, picked ones counted', () => {
    const result = computeResult(pollExample, { q1: ['fri'], q2: ['office'] });
    expect(result).toEqual({ kind: 'poll', counts: { mon: 0, fri: 1, sat: 0, online: 0, office: 1 } });
    expect(resultSummary(result)).toBe('2 answers');
  });

  it('feedback: the same shape', () => {
    const result = computeResult(feedbackExample, { q1: ['happy'] });
    expect(result).toEqual({ kind: 'feedback', counts: { happy: 1, neutral: 0, unhappy: 0 } });
    expect(resultSummary(result)).toBe('1 answer');
  });
});
