import { describe, expect, it } from 'vitest';
import { computeResult } from '../engine/index.ts';
import type { TQuizResult } from '../engine/results.ts';
import { personalityExample } from '../engine/test/examples.ts';
import type { TItemLanguages } from '../schemas/itemLanguages.ts';
import { localizeResult } from './resultTexts.ts';

const languages: TItemLanguages = {
  default: 'en',
  fixed: null,
  languages: ['es', 'de'],
  translations: { es: { 'outcome.explorer.title': 'Exploradora', 'outcome.explorer.description': '' } },
};

describe('localizeResult', () => {
  const result = computeResult(personalityExample, { q1: ['q1a'], q2: ['q2a'] }) as Extract<TQuizResult, { kind: 'personality' }>;

  it('gives the outcome its translation, and the default text where a translation is blank or missing', () => {
    expect(result.personality?.id).toBe('explorer');
    const shown = localizeResult(result, languages, 'es') as typeof result;
    expect(shown.personality?.title).toBe('Exploradora');
    expect(shown.personality?.description).toBe(result.personality?.description);
    expect(shown.counts).toEqual(result.counts);
  });

  it('leaves the result as stored in the default language and in a language without translations', () => {
    expect(localizeResult(result, languages, 'en')).toBe(result);
    expect(localizeResult(result, languages, 'de')).toBe(result);
    expect(result.personality?.title).toBe('Explorer');
  });
});
