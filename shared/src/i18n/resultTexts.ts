import type { TCategory, TPersonality } from '../schemas/quiz.ts';
import type { TQuizResult } from '../engine/results.ts';
import type { TItemLanguages } from '../schemas/itemLanguages.ts';
import { translatedText } from './itemTexts.ts';
import type { VisitorLanguage } from './languages.ts';

/**
 * A play's result in the language its visitor was shown: the result carries whole personalities and
 * categories (engine/results.ts), so their titles and descriptions are the owner's translations under
 * the keys the builder's Languages place uses (`outcome.{id}.title`, `category.{id}.description`, …),
 * each falling back to the default language. Computing and storing the result never depends on it.
 */
export function localizeResult(result: TQuizResult, languages: TItemLanguages, language: VisitorLanguage): TQuizResult {
  if (language === languages.default || !languages.translations[language]) return result;
  const text = (key: string, fallback: string) => translatedText(languages, language, key, fallback);
  const personality = <T extends TPersonality | null>(entry: T): T =>
    entry && {
      ...entry,
      title: text(`outcome.${entry.id}.title`, entry.title),
      description: text(`outcome.${entry.id}.description`, entry.description),
    };
  const category = (entry: TCategory): TCategory => ({
    ...entry,
    title: text(`category.${entry.id}.title`, entry.title),
    description: text(`category.${entry.id}.description`, entry.description),
  });
  switch (result.kind) {
    case 'personality':
    case 'range':
      return { ...result, personality: personality(result.personality) };
    case 'multiple_personality':
      return {
        ...result,
        personalities: result.personalities.map((entry) => ({ ...entry, personality: personality(entry.personality) })),
      };
    case 'category_personality':
    case 'category_graded':
      return {
        ...result,
        categories: result.categories.map((entry) => ({
          ...entry,
          category: category(entry.category),
          personality: personality(entry.personality),
        })),
      } as TQuizResult;
    default:
      return result;
  }
}
