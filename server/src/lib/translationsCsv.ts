import type { ItemText } from '@quizlead/shared/i18n/itemTexts.ts';
import { translationsCsvMessages as m } from '@quizlead/shared/i18n/translationsCsvMessages.ts';
import { isVisitorLanguage, visitorLanguages, type VisitorLanguage } from '@quizlead/shared/i18n/languages.ts';
import { visibleLength } from '@quizlead/shared/engine/text.ts';
import { itemLanguageMessages } from '@quizlead/shared/i18n/itemLanguageMessages.ts';
import type { TItemLanguages } from '@quizlead/shared/schemas/itemLanguages.ts';
import { ValidationError } from '../errors.ts';
import { CsvError, parseCsvText } from './csvParse.ts';
import { csvLine, formulaStarts, utf8Bom } from './exports/csv.ts';
import { findUnsafeText } from './unsafeText.ts';

/**
 * An item's texts as a CSV file for translators (issue 34): a row per text, `key`, `default` (the text in
 * the item's default language), then a column per added language; and such a file read back into the
 * item's languages, refused whole (a 400 naming the row and column) at its first fault.
 */

export function translationsCsv(texts: readonly ItemText[], languages: TItemLanguages): string {
  const header = ['key', 'default', ...languages.languages];
  const rows = texts.map((text) => [
    text.key,
    text.text,
    ...languages.languages.map((language) => languages.translations[language]?.[text.key] ?? ''),
  ]);
  return utf8Bom + [header, ...rows].map(csvLine).join('');
}

/** The export's guard against formulas (a leading ' before =, +, -, @…) taken off again. */
const unguarded = (cell: string) =>
  cell.startsWith("'") && (formulaStarts as readonly string[]).includes(cell.charAt(1)) ? cell.slice(1) : cell;

const codeOf = (header: string): VisitorLanguage | undefined =>
  visitorLanguages.find((code) => code.toLowerCase() === header.trim().toLowerCase());

/**
 * The item's languages after importing `file`: its language columns added to the item's languages, and
 * each of their cells the translation of its row's text (an empty cell: none). Rows are counted from 1,
 * the header included, as a spreadsheet numbers them.
 */
export function importTranslationsCsv(
  file: string,
  texts: readonly ItemText[],
  current: TItemLanguages,
): { languages: TItemLanguages; imported: number; columns: number } {
  let rows: string[][];
  try {
    rows = parseCsvText(file);
  } catch (error) {
    if (error instanceof CsvError) throw ValidationError(m.at(error.row, error.column) + error.reason);
    throw error;
  }
  const unsafe = findUnsafeText(rows);
  if (unsafe) throw ValidationError(m.at(Number(unsafe.path[0]) + 1, Number(unsafe.path[1]) + 1) + m.unreadable);
  const [header, ...body] = rows;
  if (!header) throw ValidationError(m.empty);
  if (
    header[0]
      ?.trim()
      .replace(/^\uFEFF/, '')
      .toLowerCase() !== 'key' ||
    header[1]?.trim().toLowerCase() !== 'default'
  ) {
    throw ValidationError(m.at(1) + m.header);
  }
  const columns: VisitorLanguage[] = [];
  for (const [index, cell] of header.slice(2).entries()) {
    const at = m.at(1, index + 3);
    const code = codeOf(cell);
    if (!code || !isVisitorLanguage(code)) throw ValidationError(at + m.notALanguage(cell.trim()));
    if (code === current.default) throw ValidationError(at + m.defaultColumn(code));
    if (columns.includes(code)) throw ValidationError(at + m.duplicateLanguage(code));
    columns.push(code);
  }
  const specs = new Map(texts.map((text) => [text.key, text]));
  const seen = new Set<string>();
  const translations: TItemLanguages['translations'] = structuredClone(current.translations);
  let imported = 0;
  for (const [index, row] of body.entries()) {
    const rowNumber = index + 2;
    if (row.length !== header.length) throw ValidationError(m.at(rowNumber) + m.cells(header.length, row.length));
    const key = row[0]!.trim();
    const spec = specs.get(key);
    if (!spec) throw ValidationError(m.at(rowNumber, 1) + itemLanguageMessages.unknownKey(key));
    if (seen.has(key)) throw ValidationError(m.at(rowNumber, 1) + m.duplicateKey(key));
    seen.add(key);
    for (const [column, language] of columns.entries()) {
      const text = unguarded(row[column + 2]!).trim();
      const entries = (translations[language] ??= {});
      if (!text) {
        delete entries[key];
        continue;
      }
      const length = spec.rich ? visibleLength(text) : text.length;
      if (length > spec.max) throw ValidationError(m.at(rowNumber, column + 3) + itemLanguageMessages.tooLong(spec.max));
      entries[key] = text;
      imported++;
    }
  }
  const languages = [...current.languages, ...columns.filter((code) => !current.languages.includes(code))];
  return { languages: { ...current, languages, translations }, imported, columns: columns.length };
}
