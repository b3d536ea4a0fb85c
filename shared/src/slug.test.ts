import { describe, expect, it } from 'vitest';
import { slugify } from './slug.ts';

describe('slugify', () => {
  it('lower-cases, hyphenates spaces and drops other non-word characters', () => {
    expect(slugify('Which Coffee Roast Suits You?')).toBe('which-coffee-roast-suits-you');
    expect(slugify('  Café & Co.  2026 ')).toBe('caf-co-2026');
    expect(slugify('???')).toBe('');
  });
});
