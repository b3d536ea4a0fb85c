import { describe, expect, it } from 'vitest';
import { expectedCostPer100Spins, prizeCost, prizeMessages, samePrize, sliceChances, ZPrizeSettings } from './prizes.ts';

const percent = (value: number) => ({ valueType: 'percentage' as const, value });
const amount = (value: number) => ({ valueType: 'fixed_amount' as const, value });

describe('the margin guard', () => {
  it('gives each slice its weight’s share, as the server draws', () => {
    expect(sliceChances([1, 1, 2])).toEqual([0.25, 0.25, 0.5]);
    expect(sliceChances([0, 0])).toEqual([0, 0]);
  });

  it('costs 100 spins as each code slice’s chance times what a code takes off', () => {
    // 10% of spins win $5, 30% win 20% of a $50 order, the rest nothing (or the merchant's own static code).
    const slices = [
      { weight: 1, prize: amount(5) },
      { weight: 3, prize: percent(20) },
      { weight: 6, prize: null },
    ];
    expect(expectedCostPer100Spins(slices, 50)).toBe(350);
    expect(prizeCost(percent(20), 50)).toBe(10);
    // Percentage slices need the average order value; fixed amounts do not.
    expect(expectedCostPer100Spins(slices, null)).toBeNull();
    expect(expectedCostPer100Spins([slices[0]!, slices[2]!], null)).toBe(71.43);
    expect(expectedCostPer100Spins([{ weight: 1, prize: null }], null)).toBe(0);
  });
});

describe('ZPrizeSettings', () => {
  const base = { kind: 'unique', valueType: 'percentage', value: 10 };

  it('fills the defaults: no expiry, once per customer, combining with nothing', () => {
    expect(ZPrizeSettings.parse(base)).toEqual({
      ...base,
      expiresInDays: null,
      appliesOncePerCustomer: true,
      combinesWith: { orderDiscounts: false, productDiscounts: false, shippingDiscounts: false },
    });
  });

  it('refuses values outside their type’s range, more than two decimals and expiries outside 1–365', () => {
    const issue = (input: Record<string, unknown>) => ZPrizeSettings.safeParse({ ...base, ...input }).error?.issues[0];
    expect(issue({ value: 0.5 })).toMatchObject({ message: prizeMessages.percentageRange, path: ['value'] });
    expect(issue({ value: 100.5 })).toMatchObject({ message: prizeMessages.percentageRange });
    expect(issue({ valueType: 'fixed_amount', value: 0 })).toMatchObject({ message: prizeMessages.amountRange });
    expect(issue({ valueType: 'fixed_amount', value: 4.999 })).toMatchObject({ message: prizeMessages.decimals });
    expect(issue({ value: Number.NaN })).toMatchObject({ message: prizeMessages.valueInvalid, path: ['value'] });
    expect(issue({ expiresInDays: 0 })).toMatchObject({ message: prizeMessages.expiryRange, path: ['expiresInDays'] });
    expect(issue({ expiresInDays: 1.5 })).toMatchObject({ message: prizeMessages.expiryRange });
    expect(issue({ appliesOncePerCustomer: false })?.path).toEqual(['appliesOncePerCustomer']);
    expect(issue({ valueType: 'fixed_amount', value: 12.5, expiresInDays: 365 })).toBeUndefined();
  });

  it('tells a changed prize from the same one', () => {
    const prize = ZPrizeSettings.parse(base);
    expect(samePrize(prize, ZPrizeSettings.parse({ ...base }))).toBe(true);
    expect(samePrize(prize, ZPrizeSettings.parse({ ...base, value: 11 }))).toBe(false);
    expect(samePrize(prize, ZPrizeSettings.parse({ ...base, combinesWith: { shippingDiscounts: true } }))).toBe(false);
  });
});
