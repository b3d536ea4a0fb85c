import { z } from 'zod';
import { visitorLanguages, type VisitorLanguage } from '../i18n/languages.ts';
import { itemLanguageMessages } from '../i18n/itemLanguageMessages.ts';
import { ZVisitorLanguage } from './visitorLanguage.ts';

/**
 * The languages of one quiz, poll, web response or wheel (issue 34, "The owner's words"): the language its
 * texts are written in, an optional language every visitor gets whatever they ask for, the languages added,
 * and the owner's translations, `{ [language]: { [textKey]: text } }` (keys: shared/src/i18n/itemTexts.ts).
 * Items from before it read as English with no translations.
 */

/** A text's stable key: `title`, `question.{id}.text`, `question.{id}.option.{id}`, `settings.startButtonText`… */
export const ZTextKey = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[\w.-]+$/, itemLanguageMessages.keyInvalid);

/** The longest a translated text may be before its own limit (the item's text list) is checked. */
const translationMax = 10_000;

export const ZItemLanguages = z
  .object({
    default: ZVisitorLanguage.default('en'),
    fixed: ZVisitorLanguage.nullable().default(null),
    languages: z.array(ZVisitorLanguage).max(visitorLanguages.length).default([]),
    translations: z
      .partialRecord(
        ZVisitorLanguage,
        z.record(ZTextKey, z.string().max(translationMax, itemLanguageMessages.tooLong(translationMax))),
      )
      .default({}),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<VisitorLanguage>();
    for (const [index, language] of value.languages.entries()) {
      if (language === value.default) {
        ctx.addIssue({ code: 'custom', message: itemLanguageMessages.defaultAdded, path: ['languages', index] });
      } else if (seen.has(language)) {
        ctx.addIssue({ code: 'custom', message: itemLanguageMessages.duplicate, path: ['languages', index] });
      }
      seen.add(language);
    }
    if (value.fixed && value.fixed !== value.default && !seen.has(value.fixed)) {
      ctx.addIssue({ code: 'custom', message: itemLanguageMessages.fixedUnknown, path: ['fixed'] });
    }
    for (const language of Object.keys(value.translations) as VisitorLanguage[]) {
      if (!seen.has(language)) {
        ctx.addIssue({ code: 'custom', message: itemLanguageMessages.translationOfUnknown, path: ['translations', language] });
      }
    }
  });
export type TItemLanguages = z.infer<typeof ZItemLanguages>;
export type TItemLanguagesInput = z.input<typeof ZItemLanguages>;

/** What an item without languages reads as. */
export const noItemLanguages: TItemLanguages = { default: 'en', fixed: null, languages: [], translations: {} };

/** A stored value (or nothing, for items from before languages) as the item's languages. */
export function itemLanguagesOf(stored: unknown): TItemLanguages {
  const parsed = ZItemLanguages.safeParse(stored ?? {});
  return parsed.success ? parsed.data : noItemLanguages;
}

/** One text of an item as the builder's Languages place lists it (shared/src/i18n/itemTexts.ts). */
export const ZItemText = z.object({
  key: z.string(),
  label: z.string(),
  text: z.string(),
  max: z.number().int(),
  rich: z.boolean(),
});

/** An item's languages with the texts there are to translate, in the builder's order. */
export const ZItemLanguagesView = z.object({ languages: ZItemLanguages, texts: z.array(ZItemText) });
export type TItemLanguagesView = z.infer<typeof ZItemLanguagesView>;
export const ZItemLanguagesViewResponse = z.object({ data: ZItemLanguagesView });
export const ZTranslationsImportResponse = z.object({ data: ZItemLanguagesView.extend({ message: z.string() }) });
