/** Properties that hold for every quiz the generators can make, not just the hand-written examples. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAnswered, picksNeeded, togglePick } from './advance.ts';
import { firstQuestionId, nextQuestionId, playedPath } from './branching.ts';
import { computeResult } from './computeResult.ts';
import { normalizeQuiz } from './normalize.ts';
import { personalityForPercentage, resultKindOf, type TQuizResult } from './results.ts';
import { resultSummary } from './summary.ts';
import { quizAndAnswersArb, quizArb, rangeQuizAndAnswersArb, rangeQuizArb } from './test/arbitraries.ts';
import { quizTabs, validateForPublish, validateQuestion, validateTab } from './validation.ts';

const runs = { numRuns: 400 };

/** Every score/maximum/percentage triple a result holds. */
function scoreTriples(result: TQuizResult): { score: number; maxScore: number; percentage: number }[] {
  if (result.kind === 'graded' || result.kind === 'range') return [result];
  if (result.kind === 'category_graded') return result.categories;
  return [];
}

describe('computeResult properties', () => {
  it('never throws and returns the kind of the quiz type', () => {
    fc.assert(
      fc.property(quizAndAnswersArb, ({ quiz, answers }) => {
        expect(computeResult(quiz, answers).kind).toBe(resultKindOf[quiz.quizType]);
      }),
      runs,
    );
  });

  it('keeps every score within [0, maxScore] and every percentage a whole number within [0, 100]', () => {
    fc.assert(
      fc.property(quizAndAnswersArb, ({ quiz, answers }) => {
        for (const { score, maxScore, percentage } of scoreTriples(computeResult(quiz, answers))) {
          expect(score).toBeGreaterThanOrEqual(0);
          expect(score).toBeLessThanOrEqual(maxScore);
          expect(Number.isInteger(percentage)).toBe(true);
          expect(percentage).toBeGreaterThanOrEqual(0);
          expect(percentage).toBeLessThanOrEqual(100);
        }
      }),
      runs,
    );
  });

  it('is deterministic and leaves its input untouched', () => {
    fc.assert(
      fc.property(quizAndAnswersArb, ({ quiz, answers }) => {
        const before = structuredClone({ quiz, answers });
        const result = computeResult(quiz, answers);
        expect(computeResult(structuredClone(quiz), structuredClone(answers))).toEqual(result);
        expect({ quiz, answers }).toEqual(before);
      }),
      runs,
    );
  });

  it('gives counts and shares that add up', () => {
    fc.assert(
      fc.property(quizAndAnswersArb, ({ quiz, answers }) => {
        const result = computeResult(quiz, answers);
        if (result.kind === 'multiple_personality') {
          const counts = result.personalities.map((entry) => entry.count);
          expect(counts).toEqual([...counts].sort((a, b) => b - a));
          for (const entry of result.personalities) {
            expect(entry.count).toBeGreaterThan(0);
            expect(entry.share).toBeGreaterThan(0);
            expect(entry.share).toBeLessThanOrEqual(100);
          }
          if (result.personalities.length > 0)
            expect(result.personalities.reduce((sum, entry) => sum + entry.share, 0)).toBe(100);
          expect(result.landingUrl).toBe(result.personalities[0]?.personality.landingUrl ?? '');
        }
        if (result.kind === 'personality') {
          if (quiz.personalities.length === 0) expect(result.personality).toBeNull();
          else expect(quiz.personalities).toContain(result.personality);
          for (const count of Object.values(result.counts)) expect(count).toBeGreaterThanOrEqual(0);
        }
        expect(typeof resultSummary(result)).toBe('string');
      }),
      runs,
    );
  });
});

describe('branching properties', () => {
  it('playedPath ends, never repeats a question and visits only answered questions of the quiz', () => {
    fc.assert(
      fc.property(quizAndAnswersArb, ({ quiz, answers }) => {
        const path = playedPath(quiz, answers);
        expect(new Set(path).size).toBe(path.length);
        expect(path.length).toBeLessThanOrEqual(quiz.questions.length);
        if (path.length > 0) expect(path[0]).toBe(firstQuestionId(quiz));
        for (const [index, id] of path.entries()) {
          const question = quiz.questions.find((item) => item.id === id);
          expect(question).toBeDefined();
          const picks = answers[id] ?? [];
          if (index + 1 < path.length) expect(nextQuestionId(quiz, id, picks)).toBe(path[index + 1]);
        }
      }),
      runs,
    );
  });

  it('nextQuestionId answers a question of the quiz or null', () => {
    fc.assert(
      fc.property(quizAndAnswersArb, ({ quiz, answers }) => {
        const ids = new Set(quiz.questions.map((question) => question.id));
        for (const question of quiz.questions) {
          const next = nextQuestionId(quiz, question.id, answers[question.id] ?? []);
          expect(next === null || ids.has(next)).toBe(true);
        }
      }),
      runs,
    );
  });
});

describe('advance properties', () => {
  it('togglePick never holds more than picksNeeded distinct answers of the question', () => {
    fc.assert(
      fc.property(quizArb, fc.array(fc.constantFrom('a0', 'a1', 'a2', 'a3', 'ghost'), { maxLength: 12 }), (quiz, clicks) => {
        for (const question of quiz.questions) {
          let picks: string[] = [];
          for (const click of clicks) {
            picks = togglePick(question, picks, click);
            expect(picks.length).toBeLessThanOrEqual(picksNeeded(question));
            expect(new Set(picks).size).toBe(picks.length);
            expect(picks.every((pick) => question.answers.some((item) => item.id === pick))).toBe(true);
          }
          expect(isAnswered(question, picks)).toBe(picks.length === picksNeeded(question));
        }
      }),
      runs,
    );
  });
});

describe('normalizeQuiz and validation properties', () => {
  it('normalizeQuiz is idempotent', () => {
    fc.assert(
      fc.property(quizArb, (quiz) => {
        const once = normalizeQuiz(quiz);
        expect(normalizeQuiz(once)).toEqual(once);
      }),
      runs,
    );
  });

  it('a normalized quiz keeps no dangling references', () => {
    fc.assert(
      fc.property(quizArb, (quiz) => {
        const normalized = normalizeQuiz(quiz);
        const questionIds = new Set(normalized.questions.map((question) => question.id));
        const personalityIds = new Set(normalized.personalities.map((item) => item.id));
        const categoryIds = new Set(normalized.categories.map((item) => item.id));
        for (const question of normalized.questions) {
          if (question.kind === 'true_false') expect(question.answers).toHaveLength(2);
          if (question.categoryId !== null) expect(categoryIds.has(question.categoryId)).toBe(true);
          for (const item of question.answers)
            if (item.personalityId !== null) expect(personalityIds.has(item.personalityId)).toBe(true);
        }
        for (const branch of normalized.branching.branches) {
          expect(questionIds.has(branch.questionId)).toBe(true);
          expect(branch.to === 'landing' || questionIds.has(branch.to)).toBe(true);
        }
        if (!normalized.branching.enabled) expect(normalized.branching.branches).toEqual([]);
      }),
      runs,
    );
  });

  it('normalizing changes no path and no result unless it changes a question kind or cuts True-False answers', () => {
    fc.assert(
      fc.property(quizAndAnswersArb, ({ quiz, answers }) => {
        const normalized = normalizeQuiz(quiz);
        // What it removes is what the type never reads: unusable branches, dangling ids, other types' fields.
        const sameShape = normalized.questions.every(
          (question, index) =>
            question.kind === quiz.questions[index]?.kind && question.answers.length === quiz.questions[index]?.answers.length,
        );
        fc.pre(sameShape);
        expect(playedPath(normalized, answers)).toEqual(playedPath(quiz, answers));
        expect(computeResult(normalized, answers)).toEqual(computeResult(quiz, answers));
      }),
      runs,
    );
  });

  it('the checks never throw and answer a message or null', () => {
    fc.assert(
      fc.property(quizArb, (quiz) => {
        const answers = [validateForPublish(quiz), ...quizTabs.map((tab) => validateTab(quiz, tab))];
        for (const question of quiz.questions) answers.push(validateQuestion(question, quiz.quizType));
        for (const answer of answers) expect(answer === null || typeof answer === 'string').toBe(true);
      }),
      runs,
    );
  });
});

/** Whole percentages are all the engine gives (see the [0, 100] property above), so these are every reachable score. */
const everyPercentage = Array.from({ length: 101 }, (_, percentage) => percentage);

describe('score range properties', () => {
  it('every play of a publishable range quiz gets an outcome, for the quiz or for each category played', () => {
    const checked = new Set<number>();
    fc.assert(
      fc.property(rangeQuizAndAnswersArb, ({ quiz, answers }) => {
        fc.pre(validateForPublish(quiz) === null);
        const result = computeResult(quiz, answers);
        const outcomes = result.kind === 'range' ? [result] : result.kind === 'category_graded' ? result.categories : [];
        for (const outcome of outcomes) {
          expect(outcome.personality, `${outcome.percentage}%`).not.toBeNull();
          checked.add(outcome.percentage);
        }
      }),
      { numRuns: 1000 },
    );
    // Plays reached scores across the scale, not only 0% and 100%.
    expect(checked.size).toBeGreaterThan(20);
  });

  it('publishing refuses exactly the range sets that leave a whole percentage without a personality', () => {
    const seen = { publishable: 0, refused: 0 };
    fc.assert(
      fc.property(rangeQuizArb, (quiz) => {
        const uncovered = everyPercentage.filter(
          (percentage) => personalityForPercentage(quiz.personalities, percentage) === null,
        );
        const problem = validateForPublish(quiz);
        if (uncovered.length === 0) expect(problem).toBeNull();
        else {
          // The message names the first and the last score left without one.
          expect(problem).toContain(`${uncovered[0]}%`);
          expect(problem).toContain(`${uncovered.at(-1)}%`);
          expect(problem).toContain('no personality');
        }
        seen[problem === null ? 'publishable' : 'refused']++;
      }),
      runs,
    );
    // Both kinds were generated, so neither direction held by default.
    expect(seen.publishable).toBeGreaterThan(runs.numRuns / 10);
    expect(seen.refused).toBeGreaterThan(runs.numRuns / 10);
  });
});
