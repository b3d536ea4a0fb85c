import { isVisitorLanguage, languageEndonyms } from './languages.ts';

/** The builder's Languages place (issue 34, "The owner's words"): its words, for every kind. */
export const languagesScreenTexts = {
  tab: 'Languages',
  languagesTitle: 'Languages',
  languagesHelp:
    'Visitors see the item in their language when it is added here: the language they ask for, their storefront’s or their browser’s. A text left untranslated shows in the default language.',
  defaultLanguage: 'Default language',
  defaultHelp: 'The language the item’s texts are written in.',
  fixedLanguage: 'Always show in',
  fixedNone: 'Each visitor’s own language',
  fixedHelp: 'Set it to show every visitor one language, whatever their browser or storefront asks for.',
  addLanguage: 'Add a language',
  addButton: 'Add',
  added: 'Added languages',
  noneAdded: 'No languages added yet. Add one to translate this item’s texts.',
  translationsTitle: 'Translations',
  translateInto: 'Translate into',
  noTexts: 'This item has no texts to translate yet.',
  textsAsSaved: 'The texts as last saved: save the item to translate what you have just written.',
  defaultText: 'Default',
  save: 'Save languages',
  saved: 'Languages saved',
  exportCsv: 'Export CSV',
  importCsv: 'Import CSV',
  csvHelp: 'For translators: a row per text with its key and default, and a column per language. Import the file filled in.',
  importing: 'Importing…',
  loadFailed: 'The languages could not be loaded.',
  retry: 'Try again',
  notFound: 'Not found',
} as const;

/** The Language column of reports and submission tables: the language's own name, or a dash for rows from before languages. */
export const languageColumnTitle = 'Language';
export const languageCell = (code: string | null | undefined): string =>
  code && isVisitorLanguage(code) ? languageEndonyms[code] : '–';

/** The reports' and dashboard's filter by the language visitors were shown. */
export const languageFilterTexts = { label: 'Language', all: 'All languages' } as const;
