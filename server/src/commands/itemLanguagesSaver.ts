import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { translationProblem, type ItemText } from '@quizlead/shared/i18n/itemTexts.ts';
import type { TItemLanguages } from '@quizlead/shared/schemas/itemLanguages.ts';
import type { Db } from '../db/client.ts';
import { quizzes } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { ValidationError } from '../errors.ts';
import { sanitizeRichText } from '../lib/sanitizeHtml.ts';
import type { CommitHooks } from './commitHooks.ts';

/** A tenant table of items with languages (quizzes, polls, web responses, wheels). */
type ItemTable = PgTable & { id: PgColumn; accountId: PgColumn; i18n: PgColumn; updatedAt: PgColumn };

/**
 * Stores an item's languages and translations: each translation checked against the text it translates
 * (its key must be one of the item's texts, its length within the source's limit), rich text sanitised
 * with the same allow-list as the source, blank translations dropped, translations of removed languages
 * dropped. One statement: a refused save stores nothing. A quiz's players see the change once it commits.
 */
export async function itemLanguagesSaver(
  deps: { db: Db } & Pick<CommitHooks, 'changed'>,
  input: {
    table: ItemTable;
    accountId: string;
    itemId: string;
    texts: readonly ItemText[];
    languages: TItemLanguages;
  },
): Promise<TItemLanguages> {
  const { languages, texts } = input;
  const problem = translationProblem(texts, languages);
  if (problem) throw ValidationError(problem.message, `translations.${problem.language}.${problem.key}`);
  const rich = new Set(texts.filter((text) => text.rich).map((text) => text.key));
  const translations: TItemLanguages['translations'] = {};
  for (const language of languages.languages) {
    const entries = Object.entries(languages.translations[language] ?? {})
      .map(([key, text]) => [key, rich.has(key) ? sanitizeRichText(text.trim()) : text.trim()] as const)
      .filter(([, text]) => text !== '');
    if (entries.length) translations[language] = Object.fromEntries(entries);
  }
  const stored: TItemLanguages = { ...languages, translations };
  await deps.db
    .update(input.table)
    .set({ i18n: stored, updatedAt: new Date() } as never)
    .where(scoped(input.table, input.accountId, eq(input.table.id, input.itemId)));
  // Players are served published quizzes from memory; polls, web responses and wheels are read each time.
  if (input.table === quizzes) deps.changed({ quizId: input.itemId });
  return stored;
}
