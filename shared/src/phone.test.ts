import { describe, expect, it } from 'vitest';
import { phoneE164 } from './phone.ts';
import { regionOfLocale } from './phoneRegion.ts';

describe('phoneE164', () => {
  it('keeps a valid international number in E.164', () => {
    expect(phoneE164('+44 7911 123456')).toBe('+447911123456');
    expect(phoneE164('+1 (415) 555-2671')).toBe('+14155552671');
  });

  it('reads a national number in the default region', () => {
    expect(phoneE164('07911 123456', 'GB')).toBe('+447911123456');
    expect(phoneE164('(415) 555-2671', 'US')).toBe('+14155552671');
    expect(phoneE164('0044 7911 123456', 'US')).toBe('+447911123456');
  });

  it('refuses what is not a number of any region', () => {
    expect(phoneE164('12345')).toBeNull();
    expect(phoneE164('07911 123456')).toBeNull(); // national, with no region to read it in
    expect(phoneE164('+44 12')).toBeNull();
    expect(phoneE164('not a phone')).toBeNull();
    expect(phoneE164('')).toBeNull();
    expect(phoneE164('+1 415 555 2671 '.repeat(3))).toBeNull();
  });
});

describe('regionOfLocale', () => {
  it('takes the region of a locale', () => {
    expect(regionOfLocale('en-GB')).toBe('GB');
    expect(regionOfLocale('zh-Hant-TW')).toBe('TW');
    expect(regionOfLocale('fr')).toBeUndefined();
    expect(regionOfLocale(undefined)).toBeUndefined();
  });
});
