import { publicI18nOf, type ItemKind, type ItemShapes } from '@quizlead/shared/i18n/itemTexts.ts';
import { itemLanguagesOf } from '@quizlead/shared/schemas/itemLanguages.ts';
import type { TPublicI18n } from '@quizlead/shared/schemas/visitorLanguage.ts';

/**
 * A public item with its `i18n` (issue 34, contract 2): the item's languages and the translations of the
 * texts it shows, from what is stored (items from before languages: English, no translations).
 */
export function withPublicI18n<K extends ItemKind, T extends ItemShapes[K]>(
  kind: K,
  stored: unknown,
  item: T,
): T & { i18n: TPublicI18n } {
  return { ...item, i18n: publicI18nOf(kind, item, itemLanguagesOf(stored)) };
}
