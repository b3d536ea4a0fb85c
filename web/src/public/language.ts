/**
 * Which language a public page (the player, a widget page) shows, and its words loaded: the order of
 * issue 34 (`resolveLanguage`): the owner's fixed language for the item, `?lang=`, the storefront's
 * `?locale=`, the browser's languages, the item's default. English is in the bundle; any other
 * catalogue is its own chunk (one per language, fetched only when shown).
 */
import type { Catalogue } from '@quizlead/shared/i18n/catalogue/types.ts';
import { directionOf, resolveLanguage, sourceLanguage, type VisitorLanguage } from '@quizlead/shared/i18n/languages.ts';
import { currentLanguage, setLanguage } from '@quizlead/shared/i18n/translate.ts';

/** Each non-English catalogue as a lazy chunk (Vite splits every file of the glob into its own). */
const catalogues = import.meta.glob<{ default: Partial<Catalogue> }>([
  '../../../shared/src/i18n/catalogue/*.ts',
  '!../../../shared/src/i18n/catalogue/en.ts',
  '!../../../shared/src/i18n/catalogue/types.ts',
  '!../../../shared/src/i18n/catalogue/*.test.ts',
]);

const loaderOf = (language: VisitorLanguage) => catalogues[`../../../shared/src/i18n/catalogue/${language}.ts`];

/** The part of an item's `i18n` (contract 2) that decides its language; absent until the owner sets languages. */
export interface ItemLanguages {
  default: string;
  fixed: string | null;
}

/** The language to show for an item (or before it is known: without `item`), from the page's address and the browser. */
export function chooseLanguage(item: ItemLanguages | null | undefined, location: { search: string } = window.location) {
  const query = new URLSearchParams(location.search);
  return resolveLanguage({
    fixed: item?.fixed,
    requested: query.get('lang'),
    storefront: query.get('locale'),
    browser: typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
    itemDefault: item?.default,
  });
}

/**
 * Shows `language`: its words loaded (English for a language without a catalogue yet, or when the chunk
 * cannot be fetched), `t` speaking it, and the page's `<html lang dir>` saying so (contract 4).
 */
export async function showLanguage(language: VisitorLanguage): Promise<void> {
  let shown = language;
  let messages: Partial<Catalogue> | undefined;
  const load = language === sourceLanguage ? undefined : loaderOf(language);
  if (load) {
    try {
      messages = (await load()).default;
    } catch {
      shown = sourceLanguage;
    }
  } else shown = sourceLanguage;
  if (shown !== currentLanguage() || messages) setLanguage(shown, messages);
  const root = document.documentElement;
  root.lang = shown;
  root.dir = directionOf(shown);
}

/**
 * Shows an item in its language once it arrives: its `i18n` (contract 2; absent until its owner gives
 * it languages) may fix the language or give the default the browser's languages fall back to.
 */
export async function showItemLanguage(item: object): Promise<VisitorLanguage> {
  const i18n = (item as { i18n?: ItemLanguages | null }).i18n;
  const language = chooseLanguage(i18n);
  if (language !== currentLanguage()) await showLanguage(language);
  return currentLanguage();
}
