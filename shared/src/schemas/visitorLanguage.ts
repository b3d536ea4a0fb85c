import { z } from 'zod';
import { visitorLanguages } from '../i18n/languages.ts';

/**
 * A served language in requests and answers (issue 34): what a submission says it was shown in, what a
 * report filters by, and the public items' `i18n` (contract 2). Small on purpose: every public and
 * report schema imports it; an item's languages as the owner edits them are in ./itemLanguages.ts.
 */

export const visitorLanguageMessage = 'Choose one of the offered languages';

export const ZVisitorLanguage = z.enum(visitorLanguages, { error: visitorLanguageMessage });

/** The contract's public `i18n` field: the item's languages and the translations of what it shows. */
export const ZPublicI18n = z.object({
  default: ZVisitorLanguage,
  fixed: ZVisitorLanguage.nullable(),
  languages: z.array(ZVisitorLanguage),
  translations: z.partialRecord(ZVisitorLanguage, z.record(z.string(), z.string())),
});
export type TPublicI18n = z.infer<typeof ZPublicI18n>;
