import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraryPriceInputs } from '../test/billingArbitraries.ts';
import { addMonths, divideRoundingHalfUp, moneyValue, periodPriceCents, priceBreakdown, unusedCreditCents } from './pricing.ts';

describe('priceBreakdown', () => {
  it('totals price − discount − credit + tax to the cent, never negative, every line within its bounds', () => {
    fc.assert(
      fc.property(arbitraryPriceInputs, (inputs) => {
        const quote = priceBreakdown(inputs);
        for (const cents of Object.values(quote)) {
          expect(Number.isInteger(cents)).toBe(true);
          expect(cents).toBeGreaterThanOrEqual(0);
        }
        expect(quote.totalCents).toBe(quote.priceCents - quote.discountCents - quote.creditCents + quote.taxCents);
        expect(quote.discountCents + quote.creditCents).toBeLessThanOrEqual(quote.priceCents);
        const taxable = quote.priceCents - quote.discountCents - quote.creditCents;
        // The tax is the rate of what is charged, rounded half up: within half a cent of the exact value.
        expect(Math.abs(quote.taxCents - (taxable * inputs.taxRateBasisPoints) / 10_000)).toBeLessThanOrEqual(0.5);
      }),
      { numRuns: 2000 },
    );
  });

  it('charges 12 monthly prices less 12% for 12 months, rounded half up', () => {
    expect(periodPriceCents(1900, 'monthly')).toBe(1900);
    expect(periodPriceCents(1900, 'yearly')).toBe(20_064); // 19 × 12 × 0.88 = 200.64
    expect(periodPriceCents(999, 'yearly')).toBe(10_549); // 105.4944 → 105.49
    expect(periodPriceCents(1001, 'yearly')).toBe(10_571); // 105.7056 → 105.71
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (monthly) => {
        expect(Math.abs(periodPriceCents(monthly, 'yearly') - monthly * 12 * 0.88)).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });

  it('adds the spec’s 18% tax to a plan price, to 2 decimals', () => {
    expect(priceBreakdown({ monthlyPriceCents: 1900, period: 'monthly', taxRateBasisPoints: 1800 })).toEqual({
      priceCents: 1900,
      discountCents: 0,
      creditCents: 0,
      taxCents: 342,
      totalCents: 2242,
    });
    const discounted = priceBreakdown({
      monthlyPriceCents: 1900,
      period: 'yearly',
      discount: { kind: 'percent', percent: 25, amountCents: null },
      taxRateBasisPoints: 1800,
    });
    // 200.64 − 50.16 = 150.48; tax 27.0864 → 27.09; total 177.57
    expect(discounted).toEqual({ priceCents: 20_064, discountCents: 5016, creditCents: 0, taxCents: 2709, totalCents: 17_757 });
  });

  it('never discounts or credits more than the price', () => {
    const quote = priceBreakdown({
      monthlyPriceCents: 1000,
      period: 'monthly',
      discount: { kind: 'amount', percent: null, amountCents: 800 },
      creditCents: 900,
      taxRateBasisPoints: 1800,
    });
    expect(quote).toEqual({ priceCents: 1000, discountCents: 800, creditCents: 200, taxCents: 0, totalCents: 0 });
  });
});

describe('divideRoundingHalfUp', () => {
  it('rounds halves up and everything else to the nearest integer', () => {
    expect(divideRoundingHalfUp(5, 10)).toBe(1);
    expect(divideRoundingHalfUp(4, 10)).toBe(0);
    expect(divideRoundingHalfUp(15, 10)).toBe(2);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), fc.integer({ min: 1, max: 1_000_000 }), (n, d) => {
        expect(divideRoundingHalfUp(n, d)).toBe(Math.round(n / d));
      }),
    );
  });
});

describe('unusedCreditCents', () => {
  const start = new Date('2026-11-01T00:00:00Z');
  const end = new Date('2026-12-01T00:00:00Z');

  it('credits the share of the period still ahead, rounded down', () => {
    expect(unusedCreditCents(3000, start, end, start)).toBe(3000);
    expect(unusedCreditCents(3000, start, end, new Date('2026-11-16T00:00:00Z'))).toBe(1500);
    expect(unusedCreditCents(3000, start, end, end)).toBe(0);
    expect(unusedCreditCents(3000, start, end, new Date('2027-01-01T00:00:00Z'))).toBe(0);
  });

  it('never credits more than was paid or less than nothing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000_000 }), fc.integer({ min: -40, max: 40 }), (paid, day) => {
        const credit = unusedCreditCents(paid, start, end, new Date(start.getTime() + day * 86_400_000));
        expect(credit).toBeGreaterThanOrEqual(0);
        expect(credit).toBeLessThanOrEqual(paid);
      }),
    );
  });
});

describe('addMonths', () => {
  it('keeps the day of the month, or the month’s last day when it is shorter', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T10:00:00Z'), 1).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addMonths(new Date('2026-11-24T09:30:00Z'), 12).toISOString()).toBe('2027-11-24T09:30:00.000Z');
    expect(addMonths(new Date('2026-12-15T00:00:00Z'), 1).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });

  it('always ends 28–31 days per month later', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 12 }),
        (start, months) => {
          const days = (addMonths(start, months).getTime() - start.getTime()) / 86_400_000;
          expect(days).toBeGreaterThanOrEqual(28 * months - 3);
          expect(days).toBeLessThanOrEqual(31 * months);
        },
      ),
    );
  });
});

describe('moneyValue', () => {
  it('writes cents as PayPal’s two-decimal strings', () => {
    expect(moneyValue(0)).toBe('0.00');
    expect(moneyValue(5)).toBe('0.05');
    expect(moneyValue(17_757)).toBe('177.57');
  });
});
