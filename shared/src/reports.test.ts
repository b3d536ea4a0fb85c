import { describe, expect, it } from 'vitest';
import { averageMinorUnits, currencyDigits, fromMinorUnits, formatMoney, toMinorUnits } from './reports.ts';

describe('money in minor units', () => {
  it('turns Shopify’s decimal strings into minor units on the digits, with no floating error', () => {
    // 0.29 × 100 is 28.999999999999996 in floating point; 1.005 × 100 is 100.49999999999999.
    expect(toMinorUnits('0.29', 'USD')).toBe(29);
    expect(toMinorUnits('1.005', 'USD')).toBe(101);
    expect(toMinorUnits('19.9', 'EUR')).toBe(1990);
    expect(toMinorUnits('243.00', 'USD')).toBe(24300);
    expect(toMinorUnits('0.00', 'USD')).toBe(0);
    expect(toMinorUnits('1234567890123.45', 'USD')).toBe(123456789012345);
  });

  it('follows the currency’s minor unit: yen are whole, dinars have three digits', () => {
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
    expect(currencyDigits('EUR')).toBe(2);
    expect(toMinorUnits('1000', 'JPY')).toBe(1000);
    expect(toMinorUnits('1000.00', 'JPY')).toBe(1000);
    expect(toMinorUnits('999.50', 'JPY')).toBe(1000);
    expect(toMinorUnits('1.250', 'KWD')).toBe(1250);
  });

  it('refuses what is not a plain decimal, or too big to count exactly', () => {
    for (const bad of ['', '-1.00', '1e3', '1,00', 'abc', '12.', '.5']) expect(toMinorUnits(bad, 'USD')).toBeNull();
    expect(toMinorUnits('99999999999999999', 'USD')).toBeNull();
  });

  it('writes minor units in the currency', () => {
    expect(formatMoney(123450, 'USD')).toBe('$1,234.50');
    expect(formatMoney(1000, 'JPY')).toBe('¥1,000');
    expect(formatMoney(1250, 'KWD')).toBe('KWD\u00a01.250');
    expect(formatMoney(0, 'EUR')).toBe('€0.00');
  });
});

describe('averageMinorUnits', () => {
  it('divides whole minor units and rounds half up, in integers', () => {
    // 19.99 + 0.01 + 100.00 = 120.00 over 3 orders: exactly 40.00.
    expect(averageMinorUnits(1999 + 1 + 10000, 3)).toBe(4000);
    expect(averageMinorUnits(5, 2)).toBe(3);
    expect(averageMinorUnits(7, 3)).toBe(2);
    expect(averageMinorUnits(8, 3)).toBe(3);
    expect(averageMinorUnits(1001, 2)).toBe(501);
    expect(averageMinorUnits(-5, 2)).toBe(-2);
    expect(averageMinorUnits(-7, 2)).toBe(-3);
    expect(averageMinorUnits(100, 0)).toBe(0);
    // Past 2^53 the sum is a BigInt and stays exact.
    expect(averageMinorUnits(2n ** 60n + 1n, 2n)).toBe(Number(2n ** 59n + 1n));
  });
});

describe('fromMinorUnits', () => {
  it('writes minor units as the currency’s decimal amount, from the digits', () => {
    expect(fromMinorUnits(12000, 'USD')).toBe('120.00');
    expect(fromMinorUnits(1, 'EUR')).toBe('0.01');
    expect(fromMinorUnits(1999, 'EUR')).toBe('19.99');
    expect(fromMinorUnits(1500, 'JPY')).toBe('1500');
    expect(fromMinorUnits(1250, 'KWD')).toBe('1.250');
    expect(fromMinorUnits(-5, 'USD')).toBe('-0.05');
    expect(fromMinorUnits(123456789012345, 'USD')).toBe('1234567890123.45');
  });
});
