/**
 * The tiny runtime of the built-in catalogues: `{name}` placeholders, plurals by Intl.PluralRules,
 * numbers and dates through Intl in the language shown, and English for any key a catalogue lacks.
 * Dependency-free and isomorphic: the browser bundles keep one current translator (`t`), the server
 * makes one per request or email (`translator`). Loading a catalogue is the caller's part (a dynamic
 * import: web/src/public/language.ts in the browser, server/src/lib/visitorLanguage.ts on the server).
 */
import en from './catalogue/en.ts';
import type { Catalogue, CatalogueKey, Message } from './catalogue/types.ts';
import { sourceLanguage, type VisitorLanguage } from './languages.ts';

export type MessageParams = Record<string, string | number>;
export type Translate = (key: CatalogueKey, params?: MessageParams) => string;

/** The words of a language, as its catalogue module exports them (undefined for English). */
export type Messages = Partial<Catalogue> | undefined;

/** A translator for `language`: its message, else English, with the parameters filled in. */
export function translator(language: VisitorLanguage, messages: Messages): Translate {
  const rules = new Intl.PluralRules(language);
  const numbers = new Intl.NumberFormat(language);
  return (key, params) => {
    const message: Message = messages?.[key] ?? en[key];
    let text: string;
    if (typeof message === 'string') text = message;
    else {
      const count = Number(params?.count ?? 0);
      const english = en[key] as Record<string, string>;
      text = message[rules.select(count)] ?? message.other ?? english.other!;
    }
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = params[name];
      if (value === undefined) return whole;
      return typeof value === 'number' ? numbers.format(value) : value;
    });
  };
}

let shownLanguage: VisitorLanguage = sourceLanguage;
let current: Translate = translator(sourceLanguage, undefined);

/** The browser's current translator: the language the page shows. */
export const t: Translate = (key, params) => current(key, params);

/** The language the page shows now. */
export const currentLanguage = (): VisitorLanguage => shownLanguage;

/** Makes `language` (with its loaded words) the one `t` speaks. */
export function setLanguage(language: VisitorLanguage, messages: Messages): void {
  shownLanguage = language;
  current = translator(language, messages);
}

/** A date in the language shown ('28. November 2026'). */
export function formatDate(
  value: Date | string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long' },
  language = shownLanguage,
) {
  return new Intl.DateTimeFormat(language, options).format(typeof value === 'string' ? new Date(value) : value);
}

/** A number in the language shown ('1.204' in German). */
export const formatNumber = (value: number, options?: Intl.NumberFormatOptions, language = shownLanguage) =>
  new Intl.NumberFormat(language, options).format(value);

/** English text → its key, for the server's English messages shown in the visitor's language. */
let englishKeys: Map<string, CatalogueKey> | undefined;

/**
 * A message the server answered in English (a validation error, "You have already voted…"), in the
 * language shown when it is one of the catalogue's; any other text as it came.
 */
export function localizeMessage(message: string): string {
  englishKeys ??= new Map(
    (Object.entries(en) as [CatalogueKey, Message][])
      .filter((entry): entry is [CatalogueKey, string] => typeof entry[1] === 'string')
      .map(([key, text]) => [text, key]),
  );
  const key = englishKeys.get(message);
  return key ? t(key) : message;
}

/**
 * An owner's text that has a built-in default (a button, a field's label): the built-in words in the
 * language shown when the owner left it blank or kept the English default, else the owner's own.
 */
export function ownerText(value: string | null | undefined, key: CatalogueKey): string {
  const text = value?.trim() ?? '';
  return text === '' || text === en[key] ? t(key) : text;
}
