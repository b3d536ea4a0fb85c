/**
 * The visitor's language on the server (issue 34): the pages it writes (the player's and the widgets'
 * HTML, the short link page, the Shopify storefront pages) say it in `<html lang dir>` or speak it.
 * The catalogues are imported directly (only English is loaded up front); a language whose catalogue
 * is not written yet speaks English.
 */
import type { Catalogue } from '@quizlead/shared/i18n/catalogue/types.ts';
import {
  acceptedLanguageTags,
  directionOf,
  resolveLanguage,
  sourceLanguage,
  visitorLanguages,
  type VisitorLanguage,
} from '@quizlead/shared/i18n/languages.ts';
import { translator, type Translate } from '@quizlead/shared/i18n/translate.ts';
import type { AppContext } from '../context.ts';

const loaded = new Map<VisitorLanguage, Promise<Partial<Catalogue> | undefined>>();

/** A language's words, or undefined for English and for a language without its catalogue yet. */
export function catalogueOf(language: VisitorLanguage): Promise<Partial<Catalogue> | undefined> {
  if (language === sourceLanguage) return Promise.resolve(undefined);
  let messages = loaded.get(language);
  if (!messages) {
    messages = import(`../../../shared/src/i18n/catalogue/${language}.ts`).then(
      (module: { default: Partial<Catalogue> }) => module.default,
      () => undefined,
    );
    loaded.set(language, messages);
  }
  return messages;
}

/** The language a public page's request asks for: `?lang=`, the storefront's `?locale=`, then Accept-Language. */
export function requestLanguage(ctx: Pick<AppContext, 'query' | 'get'>): VisitorLanguage {
  const single = (value: unknown) => (typeof value === 'string' ? value : Array.isArray(value) ? String(value[0]) : null);
  return resolveLanguage({
    requested: single(ctx.query.lang),
    storefront: single(ctx.query.locale),
    browser: acceptedLanguageTags(ctx.get('Accept-Language')),
  });
}

/** The language shown and a translator speaking it (English when its catalogue is not written yet). */
export async function visitorTranslator(language: VisitorLanguage): Promise<{ language: VisitorLanguage; t: Translate }> {
  const messages = await catalogueOf(language);
  const shown = messages ? language : sourceLanguage;
  return { language: shown, t: translator(shown, messages) };
}

/** Every language whose catalogue is written, English first. */
export async function writtenLanguages(): Promise<VisitorLanguage[]> {
  const written = await Promise.all(visitorLanguages.map(async (language) => (await visitorTranslator(language)).language));
  return visitorLanguages.filter((language, index) => written[index] === language);
}

/** A built page's HTML with the language shown in its `<html lang dir>` (the page corrects it once it knows the item's). */
export const withPageLanguage = (html: string, language: VisitorLanguage) =>
  html.replace(/<html lang="[^"]*"/, `<html lang="${language}" dir="${directionOf(language)}"`);
