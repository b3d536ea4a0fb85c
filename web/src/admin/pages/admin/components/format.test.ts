import { describe, expect, it } from 'vitest';
import { centsToInput, inputToCents, inputToCount } from './format.ts';

describe('amounts typed in dollars', () => {
  it('reads whole and decimal dollars as cents', () => {
    expect(inputToCents('19')).toBe(1900);
    expect(inputToCents(' 19.9 ')).toBe(1990);
    expect(inputToCents('$19.99')).toBe(1999);
    expect(inputToCents('0')).toBe(0);
    expect(inputToCents('4,5')).toBe(450);
  });

  it('refuses anything else', () => {
    for (const text of ['', 'abc', '19.999', '-5', '1e3', '19.']) expect(inputToCents(text)).toBeNull();
  });

  it('writes cents back without needless decimals', () => {
    expect(centsToInput(2000)).toBe('20');
    expect(centsToInput(1999)).toBe('19.99');
    expect(centsToInput(1990)).toBe('19.90');
  });
});

describe('counts typed in a box', () => {
  it('is null when empty, NaN when not a whole number', () => {
    expect(inputToCount('  ')).toBeNull();
    expect(inputToCount('12')).toBe(12);
    expect(inputToCount('1.5')).toBeNaN();
    expect(inputToCount('-1')).toBeNaN();
  });
});
