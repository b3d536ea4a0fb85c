import { describe, expect, it } from 'vitest';
import { feelingValues, formatSubmissionDate, isFeelingValue, pickWeightedIndex } from './engagement.ts';

describe('pickWeightedIndex', () => {
  it('maps [0, 1) onto the options in proportion to their weights, the last one included', () => {
    const weights = [1, 1, 2, 4];
    expect(pickWeightedIndex(weights, 0)).toBe(0);
    expect(pickWeightedIndex(weights, 0.124)).toBe(0);
    expect(pickWeightedIndex(weights, 0.125)).toBe(1);
    expect(pickWeightedIndex(weights, 0.25)).toBe(2);
    expect(pickWeightedIndex(weights, 0.5)).toBe(3);
    expect(pickWeightedIndex(weights, 1 - Number.EPSILON)).toBe(3);
  });

  it('skips options without weight and survives rounding', () => {
    expect(pickWeightedIndex([0, 3, 0], 0)).toBe(1);
    expect(pickWeightedIndex([0.1, 0.2, 0.3, 0], 0.9999999999999999)).toBe(2);
    expect(() => pickWeightedIndex([0, 0], 0.5)).toThrow();
    expect(() => pickWeightedIndex([], 0.5)).toThrow();
  });
});

describe('formatSubmissionDate', () => {
  it('writes “Nov 3, 2026 14:05” in UTC', () => {
    expect(formatSubmissionDate(new Date('2026-11-03T14:05:59.999Z'))).toBe('Nov 3, 2026 14:05');
    expect(formatSubmissionDate('2026-01-09T04:07:00+02:00')).toBe('Jan 9, 2026 02:07');
  });
});

describe('feeling values', () => {
  it('are the spec’s, checked exactly', () => {
    expect(feelingValues.star).toEqual(['1*', '2*', '3*', '4*', '5*']);
    expect(feelingValues.thumb).toEqual(['Thumbs Up', 'Thumbs Down']);
    expect(feelingValues.scale).toEqual(['1', '2', '3', '4', '5']);
    expect(isFeelingValue('emotion', 'Delighted')).toBe(true);
    expect(isFeelingValue('emotion', 'delighted')).toBe(false);
    expect(isFeelingValue('scale', '1*')).toBe(false);
  });
});
