import { describe, expect, it } from 'vitest';
import { visitorLanguages, type VisitorLanguage } from '../languages.ts';
import en from './en.ts';
import type { Message } from './types.ts';

/**
 * Keys a language may leave as in English because that is the natural word there (a loanword, a
 * brand, an example address). Anything else identical to English is a string left untranslated.
 */
const sameAsEnglish: Partial<Record<VisitorLanguage, string[]>> = {
  de: ['player.untitled', 'feedback.heading', 'feedback.neutral'],
  es: ['feedback.neutral'],
  fr: ['player.untitled', 'player.question'],
  it: ['player.untitled', 'feedback.heading'],
  'pt-BR': ['player.untitled', 'feedback.heading'],
  'pt-PT': ['player.untitled', 'feedback.heading'],
  nl: ['player.untitled', 'feedback.heading'],
  sv: ['player.untitled', 'feedback.heading', 'feedback.neutral'],
  da: ['player.untitled', 'feedback.heading', 'feedback.neutral', 'feedback.send'],
  nb: ['player.untitled', 'feedback.send'],
  fi: [],
  pl: ['player.untitled'],
  cs: [],
  tr: [],
  el: ['player.shareEmail'],
  ar: ['widget.emailPlaceholder'],
  he: ['widget.emailPlaceholder'],
  hi: ['widget.emailPlaceholder'],
  id: ['player.shareEmail'],
  th: ['widget.emailPlaceholder'],
  vi: ['player.shareEmail', 'widget.emailPlaceholder'],
};

/** Each written catalogue (a language without its file yet is missing here). */
const catalogues = new Map<VisitorLanguage, Record<string, Message>>();
for (const language of visitorLanguages.filter((code) => code !== 'en')) {
  const loaded = (await import(/* @vite-ignore */ `./${language}.ts`).catch(() => null)) as {
    default: Record<string, Message>;
  } | null;
  if (loaded) catalogues.set(language, loaded.default);
}
const written = [...catalogues.keys()];

/** The `{name}` placeholders of a text, sorted (order may change between languages). */
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).sort();
const textsOf = (message: Message) => (typeof message === 'string' ? [message] : Object.values(message));

describe('the English catalogue', () => {
  it('gives each plural the categories English has, with a {count}', () => {
    const categories = new Intl.PluralRules('en').resolvedOptions().pluralCategories;
    for (const [key, message] of Object.entries(en)) {
      if (typeof message === 'string') continue;
      expect(Object.keys(message).sort(), key).toEqual([...categories].sort());
      for (const text of Object.values(message)) expect(placeholders(text), key).toContain('count');
    }
  });
});

it('every visitor language has its catalogue', () => {
  expect([...written, 'en'].sort()).toEqual([...visitorLanguages].sort());
});

describe.each(written)('the %s catalogue', (language) => {
  const catalogue = catalogues.get(language)!;

  it('has every key of English and no other', () => {
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
  });

  it("keeps each message's placeholders, and its plurals are the language's own categories", () => {
    const categories = [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort();
    for (const [key, english] of Object.entries(en) as [string, Message][]) {
      const message = catalogue[key];
      if (message === undefined) continue;
      const englishPlaceholders = placeholders(textsOf(english)[0]!);
      expect(typeof message, key).toBe(typeof english);
      if (typeof message !== 'string') expect(Object.keys(message).sort(), key).toEqual(categories);
      for (const text of textsOf(message)) {
        expect(text.trim(), key).not.toBe('');
        // A plural's form may spell its number out ("صوتان", "one vote"): only {count} may be left out there.
        const without = (names: string[]) => (typeof message === 'string' ? names : names.filter((name) => name !== 'count'));
        expect(without(placeholders(text)), `${key}: ${text}`).toEqual(without(englishPlaceholders));
      }
      if (typeof message !== 'string') expect(placeholders(message.other!), `${key}: other`).toContain('count');
    }
  });

  it('translates every message (no value left as in English but the allowed ones)', () => {
    const allowed = new Set(sameAsEnglish[language] ?? []);
    const untranslated = (Object.entries(en) as [string, Message][])
      .filter(([key, english]) => !allowed.has(key) && JSON.stringify(catalogue[key]) === JSON.stringify(english))
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
    for (const key of allowed) expect(Object.keys(en), `${key} in the allow-list is no key`).toContain(key);
  });
});
