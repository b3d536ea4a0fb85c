/** The translations file (CSV: key, default, one column per language): what an import refuses, naming where. */
export const translationsCsvMessages = {
  at: (row: number, column?: number) => (column ? `Row ${row}, column ${column}: ` : `Row ${row}: `),
  empty: 'The file is empty',
  header: "The first row must start with the columns 'key' and 'default', then one column per language code (es, fr, pt-BR…)",
  notALanguage: (code: string) => `'${code}' is not one of the offered language codes`,
  defaultColumn: (code: string) => `'${code}' is the default language: its texts are in the 'default' column`,
  duplicateLanguage: (code: string) => `The language '${code}' has two columns`,
  duplicateKey: (key: string) => `The text '${key}' has two rows`,
  cells: (expected: number, found: number) => `expected ${expected} columns, found ${found}`,
  unreadable: 'The file is not UTF-8 text',
  tooLarge: 'The file is too large (at most 2 MB)',
  contentType: "Send the file as 'text/csv'",
  imported: (languages: number, texts: number) =>
    `Imported ${texts} translated ${texts === 1 ? 'text' : 'texts'} in ${languages} ${languages === 1 ? 'language' : 'languages'}`,
} as const;
