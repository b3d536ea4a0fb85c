/**
 * The languages visitors can be served in, and how a visitor's language is chosen. Pure and
 * dependency-free: the player, the widgets, the server (emails, app-proxy pages) and the builder
 * share it. Reference: marketing-stack-and-languages.md §D.
 */

/** Every language the product's own words exist in; `en` is the source every catalogue is checked against. */
export const visitorLanguages = [
  'en',
  'es',
  'fr',
  'de',
  'it',
  'pt-BR',
  'pt-PT',
  'nl',
  'sv',
  'da',
  'nb',
  'fi',
  'pl',
  'cs',
  'tr',
  'ru',
  'uk',
  'el',
  'ja',
  'ko',
  'zh-CN',
  'zh-TW',
  'ar',
  'he',
  'hi',
  'id',
  'th',
  'vi',
] as const;

export type VisitorLanguage = (typeof visitorLanguages)[number];

export const sourceLanguage: VisitorLanguage = 'en';

/** Each language's own name for itself (what a language picker shows). */
export const languageEndonyms: Record<VisitorLanguage, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
  'pt-BR': 'Português (Brasil)',
  'pt-PT': 'Português (Portugal)',
  nl: 'Nederlands',
  sv: 'Svenska',
  da: 'Dansk',
  nb: 'Norsk bokmål',
  fi: 'Suomi',
  pl: 'Polski',
  cs: 'Čeština',
  tr: 'Türkçe',
  ru: 'Русский',
  uk: 'Українська',
  el: 'Ελληνικά',
  ja: '日本語',
  ko: '한국어',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  ar: 'العربية',
  he: 'עברית',
  hi: 'हिन्दी',
  id: 'Bahasa Indonesia',
  th: 'ไทย',
  vi: 'Tiếng Việt',
};

const rightToLeft = new Set<VisitorLanguage>(['ar', 'he']);

/** The writing direction of a served language (direction belongs to the script: §D5). */
export function directionOf(language: VisitorLanguage): 'rtl' | 'ltr' {
  return rightToLeft.has(language) ? 'rtl' : 'ltr';
}

export function isVisitorLanguage(value: unknown): value is VisitorLanguage {
  return typeof value === 'string' && (visitorLanguages as readonly string[]).includes(value);
}

/** Regions written in Traditional Chinese when a tag names no script. */
const traditionalChineseRegions = new Set(['TW', 'HK', 'MO']);

/**
 * The served language a BCP 47 tag asks for, or undefined: case and `_` forgiven (`pt_br`, `ZH-tw`),
 * the exact tag first, then the language's variant (`pt` and `pt-AO` → `pt-PT` unless Brazil,
 * `zh-Hant`/`zh-HK` → `zh-TW`, other `zh` → `zh-CN`, `no`/`nn` → `nb`, `iw` → `he`), then the base
 * language (`de-AT` → `de`, `es-MX` → `es`).
 */
export function matchLanguage(tag: string | null | undefined): VisitorLanguage | undefined {
  if (!tag) return undefined;
  const parts = tag.trim().replace(/_/g, '-').split('-').filter(Boolean);
  const base = parts[0]?.toLowerCase();
  if (!base || !/^[a-z]{2,3}$/.test(base)) return undefined;
  const subtags = parts.slice(1).map((part) => part.toUpperCase());
  if (base === 'pt') return subtags.includes('BR') ? 'pt-BR' : subtags.length === 0 ? 'pt-BR' : 'pt-PT';
  if (base === 'zh') {
    const traditional = subtags.includes('HANT') || subtags.some((part) => traditionalChineseRegions.has(part));
    return traditional && !subtags.includes('HANS') ? 'zh-TW' : 'zh-CN';
  }
  if (base === 'no' || base === 'nn') return 'nb';
  if (base === 'iw') return 'he';
  if (base === 'in') return 'id';
  return isVisitorLanguage(base) ? base : undefined;
}

/** The languages an `Accept-Language` header asks for, best first (q=0 dropped). */
export function acceptedLanguageTags(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** Where a visitor's language may come from, in the order they win (issue 34, "Which language"). */
export interface LanguageSources {
  /** The owner's fixed language for the item, when set. */
  fixed?: string | null;
  /** `?lang=xx` on the public URL, or `data-lang` on the embed. */
  requested?: string | null;
  /** The storefront's locale (Liquid's `request.locale.iso_code`, or the app proxy's locale prefix). */
  storefront?: string | null;
  /** The browser's languages (`navigator.languages`, or the tags of `Accept-Language`), best first. */
  browser?: readonly string[];
  /** The item's default language. */
  itemDefault?: string | null;
}

/** The language to serve: the first source that names a served language, else English. */
export function resolveLanguage(sources: LanguageSources): VisitorLanguage {
  const single = [sources.fixed, sources.requested, sources.storefront];
  for (const tag of single) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  for (const tag of sources.browser ?? []) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return matchLanguage(sources.itemDefault) ?? sourceLanguage;
}
