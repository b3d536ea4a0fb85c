import { describe, expect, it } from 'vitest';
import { counted, pluralNoun } from './plural.ts';

describe('counted', () => {
  it('puts the noun in the form English uses for the count', () => {
    expect(counted(1, 'code')).toBe('1 code');
    expect(counted(0, 'code')).toBe('0 codes');
    expect(counted(2, 'code')).toBe('2 codes');
    expect(counted(1, 'quiz', 'quizzes')).toBe('1 quiz');
    expect(counted(3, 'failed delivery', 'failed deliveries')).toBe('3 failed deliveries');
    expect(counted(1204, 'vote', 'votes', (count) => count.toLocaleString('en-US'))).toBe('1,204 votes');
    expect(pluralNoun(1, 'answer')).toBe('answer');
    expect(pluralNoun(-1, 'point')).toBe('point');
    expect(pluralNoun(1.5, 'point')).toBe('points');
  });
});
