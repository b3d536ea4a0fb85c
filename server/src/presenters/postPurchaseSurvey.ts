import { feelingLabel } from '@quizlead/shared/i18n/feelingWords.ts';
import { localizeItem } from '@quizlead/shared/i18n/itemTexts.ts';
import { acceptedLanguageTags, resolveLanguage, type VisitorLanguage } from '@quizlead/shared/i18n/languages.ts';
import { feelingValues } from '@quizlead/shared/engagement.ts';
import type { TPostPurchaseSurvey } from '@quizlead/shared/schemas/postPurchase.ts';
import { itemLanguagesOf } from '@quizlead/shared/schemas/itemLanguages.ts';
import type { Translate } from '@quizlead/shared/i18n/translate.ts';
import { otherOptionIndex, ratedFeelings, type PostPurchaseItem } from '../policies/postPurchase.ts';
import { withPublicI18n } from './publicI18n.ts';

/**
 * The language to ask in: the item's fixed language, else the buyer's locale (the extension's `locale`
 * query), else Accept-Language, else the item's default.
 */
export function surveyLanguage(item: PostPurchaseItem, sources: { locale?: string; acceptLanguage?: string }): VisitorLanguage {
  const languages = itemLanguagesOf(item.kind === 'poll' ? item.poll.i18n : item.feedback.i18n);
  return resolveLanguage({
    fixed: languages.fixed,
    requested: sources.locale ?? null,
    browser: acceptedLanguageTags(sources.acceptLanguage),
    itemDefault: languages.default,
  });
}

/**
 * The survey as the extension shows it, its texts in `language` where the item has them translated (the
 * owner's words) and the app's own words (buttons, thanks, feelings) from the catalogue `t` speaks.
 * A poll is one choice per option (ids are the option's index; an option named "Other" takes free text);
 * a web response is a rating (stars, scale) or a choice of feelings (emotions, thumbs; ids are the values).
 */
export function presentPostPurchaseSurvey(item: PostPurchaseItem, language: VisitorLanguage, t: Translate): TPostPurchaseSurvey {
  if (item.kind === 'poll') {
    const { poll } = item;
    const shown = localizeItem(
      'poll',
      withPublicI18n('poll', poll.i18n, { description: poll.description, options: poll.options }),
      language,
    );
    const other = otherOptionIndex(poll.options);
    return {
      id: poll.id,
      kind: 'poll',
      question: shown.description,
      layout: 'choice',
      choices: shown.options.map((label, index) => ({ id: String(index), label })),
      ...(other >= 0 ? { otherChoiceId: String(other) } : {}),
      submitLabel: t('poll.vote'),
      thanks: t('poll.voted'),
    };
  }
  const { feedback } = item;
  const shown = localizeItem(
    'feedback',
    withPublicI18n('feedback', feedback.i18n, { title: feedback.title, question: feedback.question }),
    language,
  );
  const base = {
    id: feedback.id,
    kind: 'feedback' as const,
    question: shown.question || shown.title,
    submitLabel: t('feedback.send'),
    thanks: t('feedback.thanks'),
  };
  const values = feelingValues[feedback.feelingType] as readonly string[];
  if (ratedFeelings.has(feedback.feelingType)) return { ...base, layout: 'rating', ratingMax: values.length === 10 ? 10 : 5 };
  return {
    ...base,
    layout: 'choice',
    choices: values.map((value) => ({ id: value, label: feelingLabel(value, t) })),
  };
}
