import { describe, expect, it } from 'vitest';
import { firstQuestionId, nextQuestionId, playedPath } from './branching.ts';
import { computeResult } from './computeResult.ts';
import { branchingExample } from './test/examples.ts';

const withoutBranching = { ...branchingExample, branching: { ...branchingExample.branching, enabled: false } };

describe('nextQuestionId (the docs example)', () => {
  it('takes the first branch whose answer was picked', () => {
    expect(nextQuestionId(branchingExample, 'q1', ['q1a'])).toBe('q3');
  });

  it("falls back to the question's 'any' branch", () => {
    expect(nextQuestionId(branchingExample, 'q1', ['q1b'])).toBe('q2');
  });

  it("ends the quiz on a branch to 'landing'", () => {
    expect(nextQuestionId(branchingExample, 'q2', ['q2b'])).toBeNull();
  });

  it('goes on in order when no branch matches', () => {
    expect(nextQuestionId(branchingExample, 'q2', ['q2a'])).toBe('q3');
  });

  it('skips a branch to a question that does not exist', () => {
    expect(nextQuestionId(branchingExample, 'q3', ['q3a'])).toBe('q4');
  });

  it('follows a branch back to an earlier question', () => {
    expect(nextQuestionId(branchingExample, 'q4', ['q4b'])).toBe('q1');
  });

  it('without branching, goes in order and ends after the last question', () => {
    expect(nextQuestionId(withoutBranching, 'q1', ['q1a'])).toBe('q2');
    expect(nextQuestionId(withoutBranching, 'q4', ['q4a'])).toBeNull();
  });

  it('with several picks, the first matching branch in the list wins', () => {
    const quiz = {
      questions: [
        { id: 'q1', kind: 'multiple' as const, answers: [{ id: 'a' }, { id: 'b' }], picksNeeded: 2 },
        { id: 'q2', kind: 'single' as const, answers: [{ id: 'c' }] },
        { id: 'q3', kind: 'single' as const, answers: [{ id: 'd' }] },
      ],
      branching: {
        enabled: true,
        branches: [
          { questionId: 'q1', answerId: 'b', to: 'q3' },
          { questionId: 'q1', answerId: 'a', to: 'q2' },
        ],
      },
    };
    expect(nextQuestionId(quiz, 'q1', ['a', 'b'])).toBe('q3');
  });

  it('starts at the first question, or nowhere in an empty quiz', () => {
    expect(firstQuestionId(branchingExample)).toBe('q1');
    expect(firstQuestionId({ ...branchingExample, questions: [] })).toBeNull();
  });
});

describe('playedPath (the docs example)', () => {
  it('stops before coming back to a visited question', () => {
    expect(playedPath(branchingExample, { q1: ['q1a'], q3: ['q3b'], q4: ['q4a'] })).toEqual(['q1', 'q3', 'q4']);
  });

  it('stops at a landing branch and ignores answers past it', () => {
    expect(playedPath(branchingExample, { q1: ['q1b'], q2: ['q2b'], q3: ['q3a'] })).toEqual(['q1', 'q2']);
  });

  it('stops before a question without a recorded answer', () => {
    expect(playedPath(branchingExample, { q1: ['q1b'], q3: ['q3a'] })).toEqual(['q1']);
    expect(playedPath(branchingExample, { q1: ['unknown'] })).toEqual([]);
  });

  it('without branching visits every answered question in order', () => {
    const answers = { q1: ['q1a'], q2: ['q2a'], q3: ['q3a'], q4: ['q4a'] };
    expect(playedPath(withoutBranching, answers)).toEqual(['q1', 'q2', 'q3', 'q4']);
  });

  it('scores only the path: q2 was never shown, so 3 of 3', () => {
    expect(computeResult(branchingExample, { q1: ['q1a'], q3: ['q3a'], q4: ['q4a'] })).toEqual({
      kind: 'graded',
      score: 3,
      maxScore: 3,
      percentage: 100,
      scoreType: 'marks',
    });
  });

  it('reads only own keys of the answers', () => {
    expect(playedPath({ ...withoutBranching, questions: [] }, {})).toEqual([]);
    const quiz = { ...withoutBranching, questions: [{ ...withoutBranching.questions[0]!, id: 'constructor' }] };
    expect(playedPath(quiz, {})).toEqual([]);
  });
});
