/** A/B test arithmetic: stable, share-respecting assignment and a two-proportion test checked against known values. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZExperimentInput, experimentMessages, parseVariantTag, variantTag } from '../schemas/experiments.ts';
import { assignVariant, compareRates, experimentVerdict, normalCdf } from './experiments.ts';

const experiment = '6f1c1c2e-9d1a-4a57-9a43-0a3c58b1e001';

describe('assignVariant', () => {
  it('gives a visitor the same variant every time, whatever else was assigned before', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.string({ minLength: 16, maxLength: 40 }), (id, visitor) => {
        expect(assignVariant(id, visitor, [50, 50])).toBe(assignVariant(id, visitor, [50, 50]));
      }),
      { numRuns: 300 },
    );
  });

  it('splits visitors by the shares, within 2 points over 20,000 visitors', () => {
    for (const shares of [
      [50, 50],
      [90, 10],
      [25, 25, 25, 25],
      [70, 20, 10],
    ]) {
      const counts = shares.map(() => 0);
      for (let visitor = 0; visitor < 20_000; visitor++) counts[assignVariant(experiment, `visitor-${visitor}`, shares)]! += 1;
      counts.forEach((count, index) => expect(Math.abs((count / 20_000) * 100 - shares[index]!)).toBeLessThan(2));
    }
  });

  it('splits ids that differ only in their last characters (FNV-1a alone put 24 such ids in one variant in 48 of 200 tests)', () => {
    for (let test = 0; test < 200; test++) {
      const id = `00000000-0000-4000-8000-${String(test).padStart(12, '0')}`;
      const seen = new Set(
        Array.from({ length: 24 }, (_, visitor) => assignVariant(id, `visitor-${String(visitor).padStart(12, '0')}`, [50, 50])),
      );
      expect(seen.size, id).toBe(2);
    }
  });

  it('shuffles visitors afresh for a new test', () => {
    const other = '6f1c1c2e-9d1a-4a57-9a43-0a3c58b1e002';
    let same = 0;
    for (let visitor = 0; visitor < 2_000; visitor++) {
      if (assignVariant(experiment, `v${visitor}`, [50, 50]) === assignVariant(other, `v${visitor}`, [50, 50])) same++;
    }
    expect(same / 2_000).toBeGreaterThan(0.4);
    expect(same / 2_000).toBeLessThan(0.6);
  });

  it('always answers an index of the shares', () => {
    fc.assert(
      fc.property(
        fc.uuid(),
        fc.string(),
        fc.array(fc.integer({ min: 1, max: 99 }), { minLength: 1, maxLength: 4 }),
        (id, visitor, shares) => {
          const index = assignVariant(id, visitor, shares);
          expect(index).toBeGreaterThanOrEqual(0);
          expect(index).toBeLessThan(shares.length);
        },
      ),
    );
  });
});

describe('compareRates', () => {
  it('matches the normal distribution at known points', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 6);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 5);
    expect(normalCdf(-2.575829)).toBeCloseTo(0.005, 5);
  });

  it('gives the pooled z-test’s confidence: 200/1000 against 250/1000 is z ≈ 2.68, about 99.3%', () => {
    const { difference, confidence } = compareRates({ trials: 1000, successes: 200 }, { trials: 1000, successes: 250 });
    expect(difference).toBeCloseTo(0.05, 10);
    expect(confidence).toBeCloseTo(0.9926, 3);
  });

  it('is not sure of a small sample or an equal rate, and is symmetric', () => {
    expect(compareRates({ trials: 10, successes: 2 }, { trials: 10, successes: 3 }).confidence).toBeLessThan(0.5);
    expect(compareRates({ trials: 500, successes: 100 }, { trials: 500, successes: 100 }).confidence).toBeCloseTo(0, 6);
    expect(compareRates({ trials: 0, successes: 0 }, { trials: 10, successes: 3 })).toEqual({ difference: 0, confidence: 0 });
    expect(compareRates({ trials: 100, successes: 0 }, { trials: 100, successes: 0 }).confidence).toBe(0);
    const there = compareRates({ trials: 400, successes: 80 }, { trials: 300, successes: 90 });
    const back = compareRates({ trials: 300, successes: 90 }, { trials: 400, successes: 80 });
    expect(there.confidence).toBeCloseTo(back.confidence, 12);
    expect(there.difference).toBeCloseTo(-back.difference, 12);
  });
});

describe('ZExperimentInput', () => {
  const variant = (name: string, share: number, value: unknown) => ({ name, share, value });

  it('takes two to four variants whose shares add up to 100', () => {
    expect(
      ZExperimentInput.safeParse({ subject: 'leadGate', variants: [variant('A', 50, 'before'), variant('B', 50, 'after')] })
        .success,
    ).toBe(true);
    const five = ZExperimentInput.safeParse({
      subject: 'intro',
      variants: ['A', 'B', 'C', 'D', 'E'].map((name) => variant(name, 20, name)),
    });
    expect(five.error?.issues[0]).toMatchObject({ message: experimentMessages.variantsCount, path: ['variants'] });
    const shares = ZExperimentInput.safeParse({
      subject: 'leadGate',
      variants: [variant('A', 50, 'before'), variant('B', 40, 'after')],
    });
    expect(shares.error?.issues[0]).toMatchObject({ message: experimentMessages.sharesTotal });
  });

  it('names the field of a bad value', () => {
    const bad = ZExperimentInput.safeParse({ subject: 'odds', variants: [variant('A', 50, [1, 2]), variant('B', 50, [1, -2])] });
    expect(bad.error?.issues[0]?.path).toEqual(['variants', 1, 'value', 1]);
  });

  it('tags a variant for the cart and reads the tag back, refusing anything else', () => {
    expect(parseVariantTag(variantTag(experiment, 'b'))).toEqual({ experimentId: experiment, key: 'b' });
    expect(parseVariantTag('b')).toBeNull();
    expect(parseVariantTag(`${experiment}:e`)).toBeNull();
    expect(parseVariantTag(null)).toBeNull();
  });
});

describe('experimentVerdict', () => {
  const counts = (key: string, visitors: number, leads: number) => ({ key, visitors, completions: visitors, leads, orders: 0 });
  const options = { minVisitors: 100, minConfidence: 0.95 };

  it('calls a challenger that beats the original surely, the best of several', () => {
    const verdict = experimentVerdict([counts('a', 1000, 200), counts('b', 1000, 250), counts('c', 1000, 290)], 'leads', options);
    expect(verdict.leader).toBe('c');
    expect(verdict.comparisons[0]).toBeNull();
    expect(verdict.comparisons[1]!.leads.confidence).toBeGreaterThan(0.95);
  });

  it('calls the original only when it beats every challenger surely', () => {
    expect(experimentVerdict([counts('a', 1000, 300), counts('b', 1000, 200)], 'leads', options).leader).toBe('a');
    expect(
      experimentVerdict([counts('a', 1000, 300), counts('b', 1000, 200), counts('c', 1000, 295)], 'leads', options).leader,
    ).toBeNull();
  });

  it('waits for enough visitors in every variant, whatever the rates', () => {
    expect(experimentVerdict([counts('a', 99, 0), counts('b', 5000, 4000)], 'leads', options).leader).toBeNull();
  });

  it('decides on the metric it is given', () => {
    const figures = [
      { key: 'a', visitors: 1000, completions: 900, leads: 200, orders: 10 },
      { key: 'b', visitors: 1000, completions: 600, leads: 200, orders: 60 },
    ];
    expect(experimentVerdict(figures, 'orders', options).leader).toBe('b');
    expect(experimentVerdict(figures, 'completions', options).leader).toBe('a');
    expect(experimentVerdict(figures, 'leads', options).leader).toBeNull();
  });
});
