import fc from 'fast-check';
import { billingPeriods } from '@quizlead/shared/billing.ts';

/** Any plan price, period, discount code, credit and tax rate a checkout can meet (property tests). */
export const arbitraryPriceInputs = fc.record({
  monthlyPriceCents: fc.integer({ min: 0, max: 1_000_000 }),
  period: fc.constantFrom(...billingPeriods),
  discount: fc.option(
    fc.oneof(
      fc.record({
        kind: fc.constant('percent' as const),
        percent: fc.integer({ min: 1, max: 100 }),
        amountCents: fc.constant(null),
      }),
      fc.record({
        kind: fc.constant('amount' as const),
        percent: fc.constant(null),
        amountCents: fc.integer({ min: 1, max: 20_000_000 }),
      }),
    ),
  ),
  creditCents: fc.integer({ min: 0, max: 20_000_000 }),
  taxRateBasisPoints: fc.integer({ min: 0, max: 10_000 }),
});
