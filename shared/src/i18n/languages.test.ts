import { describe, expect, it } from 'vitest';
import { acceptedLanguageTags, directionOf, matchLanguage, resolveLanguage } from './languages.ts';

describe('matchLanguage', () => {
  it.each([
    ['de', 'de'],
    ['de-AT', 'de'],
    ['ES-mx', 'es'],
    ['pt_br', 'pt-BR'],
    ['pt', 'pt-BR'],
    ['pt-PT', 'pt-PT'],
    ['pt-AO', 'pt-PT'],
    ['zh', 'zh-CN'],
    ['zh-Hans-HK', 'zh-CN'],
    ['zh-Hant', 'zh-TW'],
    ['zh-HK', 'zh-TW'],
    ['no', 'nb'],
    ['nn-NO', 'nb'],
    ['iw', 'he'],
    ['ar-EG', 'ar'],
  ])('%s → %s', (tag, language) => {
    expect(matchLanguage(tag)).toBe(language);
  });

  it.each(['', 'xx', 'fa', '*', '12', 'english'])('%j is not served', (tag) => {
    expect(matchLanguage(tag)).toBeUndefined();
  });
});

describe('resolveLanguage', () => {
  const all = { fixed: 'ja', requested: 'de', storefront: 'fr', browser: ['es-ES', 'en'], itemDefault: 'it' };

  it('takes the sources in their order, skipping the ones that name no served language', () => {
    expect(resolveLanguage(all)).toBe('ja');
    expect(resolveLanguage({ ...all, fixed: null })).toBe('de');
    expect(resolveLanguage({ ...all, fixed: null, requested: 'xx' })).toBe('fr');
    expect(resolveLanguage({ ...all, fixed: null, requested: null, storefront: undefined })).toBe('es');
    expect(resolveLanguage({ browser: ['fa-IR', 'fr-FR'], itemDefault: 'it' })).toBe('fr');
    expect(resolveLanguage({ browser: ['fa-IR'], itemDefault: 'it' })).toBe('it');
    expect(resolveLanguage({})).toBe('en');
  });
});

describe('acceptedLanguageTags', () => {
  it('orders by quality, keeps the header order on ties and drops q=0 and *', () => {
    expect(acceptedLanguageTags('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual(['fr-CH', 'fr', 'en', 'de']);
    expect(acceptedLanguageTags('de;q=0.5, ja, xx;q=0')).toEqual(['ja', 'de']);
    expect(acceptedLanguageTags(undefined)).toEqual([]);
  });
});

it('Arabic and Hebrew read right to left', () => {
  expect(directionOf('ar')).toBe('rtl');
  expect(directionOf('he')).toBe('rtl');
  expect(directionOf('ja')).toBe('ltr');
});
