import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feelingValues, formatSubmissionDate, isFeelingValue, pickWeightedIndex, votePercentages } from './engagement.ts';

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

describe('votePercentages', () => {
  it('gives whole numbers that add up to 100 (largest remainder), and 0 each before any vote', () => {
    expect(votePercentages([0, 0])).toEqual([0, 0]);
    expect(votePercentages([1, 1, 1])).toEqual([34, 33, 33]);
    expect(votePercentages([2, 1])).toEqual([67, 33]);
    expect(votePercentages([1, 0, 0, 0])).toEqual([100, 0, 0, 0]);
    // Rounding each share on its own makes 38 + 38 + 25 = 101.
    expect(votePercentages([3, 3, 2])).toEqual([38, 37, 25]);
    // 33.3…, 33.3…, 16.6…, 16.6…: the two largest remainders (the smaller shares) take the two points left.
    expect(votePercentages([2, 2, 1, 1])).toEqual([33, 33, 17, 17]);
  });

  it('for any counts: sums to 100, each share is its exact share rounded down or up, more votes never show less', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 1_000_000 }), { minLength: 1, maxLength: 8 }), (counts) => {
        const shares = votePercentages(counts);
        const total = counts.reduce((sum, count) => sum + count, 0);
        expect(shares).toHaveLength(counts.length);
        for (const share of shares) expect(Number.isInteger(share)).toBe(true);
        if (total === 0) {
          // fast-check reads a returned false as a failure: assert, then return nothing.
          expect(shares.every((share) => share === 0)).toBe(true);
          return;
        }
        expect(shares.reduce((sum, share) => sum + share, 0)).toBe(100);
        counts.forEach((count, index) => {
          const exact = (count * 100) / total;
          expect(shares[index]).toBeGreaterThanOrEqual(Math.floor(exact));
          expect(shares[index]).toBeLessThanOrEqual(Math.ceil(exact));
          if (count === 0) expect(shares[index]).toBe(0);
          counts.forEach((other, otherIndex) => {
            if (count > other) expect(shares[index]).toBeGreaterThanOrEqual(shares[otherIndex]!);
          });
        });
      }),
    );
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
