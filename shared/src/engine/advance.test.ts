import { describe, expect, it } from 'vitest';
import { effectivePicks, isAnswered, picksNeeded, publicQuestion, togglePick } from './advance.ts';
import { gradedExample } from './test/examples.ts';
import { answer, question } from './test/fixtures.ts';

const [single, trueFalse, multiple] = gradedExample.questions as [
  (typeof gradedExample.questions)[0],
  (typeof gradedExample.questions)[0],
  (typeof gradedExample.questions)[0],
];

describe('picksNeeded', () => {
  it('is 1 for single and True-False, the number of correct answers for multiple', () => {
    expect(picksNeeded(single)).toBe(1);
    expect(picksNeeded(trueFalse)).toBe(1);
    expect(picksNeeded(multiple)).toBe(2);
  });

  it('is at least 1 for a multiple-answer question without correct answers', () => {
    expect(picksNeeded(question('q', 'Q', [answer('a', 'A'), answer('b', 'B')], { kind: 'multiple' }))).toBe(1);
  });

  it("uses the public question's count, which the player gets instead of the marks", () => {
    expect(picksNeeded(publicQuestion(multiple))).toBe(2);
    expect(publicQuestion(multiple).answers[0]).toEqual({ id: 'q3a', text: '2', image: null });
  });
});

describe('togglePick', () => {
  it('replaces the pick on single and True-False questions', () => {
    expect(togglePick(single, [], 'q1a')).toEqual(['q1a']);
    expect(togglePick(single, ['q1a'], 'q1b')).toEqual(['q1b']);
    expect(togglePick(trueFalse, ['q2t'], 'q2t')).toEqual(['q2t']);
  });

  it('toggles on multiple-answer questions and never holds more than picksNeeded', () => {
    let picks = togglePick(multiple, [], 'q3a');
    expect(picks).toEqual(['q3a']);
    expect(isAnswered(multiple, picks)).toBe(false);
    picks = togglePick(multiple, picks, 'q3c');
    expect(picks).toEqual(['q3a', 'q3c']);
    expect(isAnswered(multiple, picks)).toBe(true);
    expect(togglePick(multiple, picks, 'q3d')).toEqual(['q3a', 'q3c']);
    picks = togglePick(multiple, picks, 'q3c');
    expect(picks).toEqual(['q3a']);
    expect(isAnswered(multiple, picks)).toBe(false);
  });

  it('ignores answers the question does not have', () => {
    expect(togglePick(single, ['q1a'], 'nope')).toEqual(['q1a']);
    expect(togglePick(multiple, [], 'q1a')).toEqual([]);
  });
});

describe('effectivePicks', () => {
  it('keeps known answers once each, in order, up to picksNeeded', () => {
    expect(effectivePicks(multiple, ['x', 'q3b', 'q3b', 'q3d', 'q3a'])).toEqual(['q3b', 'q3d']);
    expect(effectivePicks(single, ['q1c', 'q1b'])).toEqual(['q1c']);
  });
});
