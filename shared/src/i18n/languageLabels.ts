import { isVisitorLanguage, languageEndonyms } from './languages.ts';

/**
 * The few words about languages that screens other than the Languages place show (the builder's tab, the
 * reports' Language column and filter): apart from the place's own texts, which load with it.
 */

/** The builder's tab (and the engagement forms' section) holding an item's Languages place. */
export const languagesTabTitle = 'Languages';

/** The Language column of reports and submission tables: the language's own name, or a dash for rows from before languages. */
export const languageColumnTitle = 'Language';
export const languageCell = (code: string | null | undefined): string =>
  code && isVisitorLanguage(code) ? languageEndonyms[code] : '–';

/** The reports' and dashboard's filter by the language visitors were shown. */
export const languageFilterTexts = { label: 'Language', all: 'All languages' } as const;
