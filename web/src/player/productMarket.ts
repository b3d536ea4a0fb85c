import { isVisitorLanguage } from '@quizlead/shared/i18n/languages.ts';
import { currentLanguage } from '@quizlead/shared/i18n/translate.ts';

/**
 * The shopper's market and language for the play steps whose outcome shows products (issue 34): the
 * storefront's country from the player URL's `?country=` (the theme extension passes Liquid's
 * `localization.country.iso_code`) and the language shown, as
 * `?country=CA&language=fr` (shared ZProductMarketQuery). A value the server would refuse is left out,
 * so a stray parameter never costs the visitor the result.
 */
export function productMarketSearch(search: string, shownLanguage: string): string {
  const params = new URLSearchParams();
  const country = new URLSearchParams(search).get('country')?.trim().toUpperCase();
  if (country && /^[A-Z]{2}$/.test(country)) params.set('country', country);
  if (isVisitorLanguage(shownLanguage)) params.set('language', shownLanguage);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The market of this page's play steps. */
export const pageProductMarket = () => productMarketSearch(location.search, currentLanguage());
