import { engagementPaths } from '@quizlead/shared/engagement.ts';
import type { ItemKind } from '@quizlead/shared/i18n/itemTexts.ts';
import type { TItemLanguages, TItemLanguagesView } from '@quizlead/shared/schemas/itemLanguages.ts';
import { api } from './client.ts';

/** The owner API of an item's languages (docs/api.md, "Languages"): every kind has the same four routes. */
const base = (kind: ItemKind, id: string) =>
  `/api/v1/${kind === 'quiz' ? 'quizzes' : engagementPaths[kind].collection}/${encodeURIComponent(id)}`;

export const getItemLanguages = (kind: ItemKind, id: string, signal?: AbortSignal) =>
  api.get<TItemLanguagesView>(`${base(kind, id)}/languages`, { signal });

export const saveItemLanguages = (kind: ItemKind, id: string, languages: TItemLanguages) =>
  api.put<TItemLanguagesView>(`${base(kind, id)}/languages`, languages);

export const translationsCsvPath = (kind: ItemKind, id: string) => `${base(kind, id)}/translations.csv`;

/** Sends a translations CSV as it is (the server refuses a bad file whole, naming its row and column). */
export const importTranslationsCsv = (kind: ItemKind, id: string, file: Blob) =>
  api.put<TItemLanguagesView & { message: string }>(`${base(kind, id)}/translations.csv`, undefined, {
    body: file,
    contentType: 'text/csv',
  });
