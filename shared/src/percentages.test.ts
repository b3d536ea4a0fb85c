import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wholePercentages } from './percentages.ts';

describe('wholePercentages', () => {
  it('gives whole numbers that add up to 100 (largest remainder), and 0 each before any vote', () => {
    expect(wholePercentages([0, 0])).toEqual([0, 0]);
    expect(wholePercentages([1, 1, 1])).toEqual([34, 33, 33]);
    expect(wholePercentages([2, 1])).toEqual([67, 33]);
    expect(wholePercentages([1, 0, 0, 0])).toEqual([100, 0, 0, 0]);
    // Rounding each share on its own makes 38 + 38 + 25 = 101.
    expect(wholePercentages([3, 3, 2])).toEqual([38, 37, 25]);
    // 33.3…, 33.3…, 16.6…, 16.6…: the two largest remainders (the smaller shares) take the two points left.
    expect(wholePercentages([2, 2, 1, 1])).toEqual([33, 33, 17, 17]);
  });

  it('for any counts: sums to 100, each share is its exact share rounded down or up, more votes never show less', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 1_000_000 }), { minLength: 1, maxLength: 8 }), (counts) => {
        const shares = wholePercentages(counts);
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
