import { describe, expect, it } from 'vitest';
import { prizeTexts } from './texts.ts';

describe('a unique-code prize’s pool', () => {
  it('counts its codes in words that fit the count', () => {
    expect(prizeTexts.pool.ready(1, 0)).toBe('1 code ready, 0 given');
    expect(prizeTexts.pool.ready(0, 5)).toBe('0 codes ready, 5 given');
    expect(prizeTexts.pool.ready(25, 1)).toBe('25 codes ready, 1 given');
  });
});
