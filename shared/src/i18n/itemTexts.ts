import type { EmbedKind } from '../embedKinds.ts';
import { feedbackLimits, pollLimits, wheelLimits } from '../engagement.ts';
import { visibleLength } from '../engine/text.ts';
import { quizLimits } from '../quizzes.ts';
import type { TItemLanguages } from '../schemas/itemLanguages.ts';
import { itemLanguageMessages } from './itemLanguageMessages.ts';
import type { TPublicI18n } from '../schemas/visitorLanguage.ts';
import type { VisitorLanguage } from './languages.ts';

/**
 * Every text an owner writes in a quiz, poll, web response or wheel, under a key that stays the same while
 * the item changes (ids, not positions, wherever the item has ids; poll and wheel options have none, so
 * theirs are their places), with the builder's name for it, its limit and whether it is rich text; and the
 * item shown in a language, each translated text over its default (issue 34, contract 2).
 */

export type ItemKind = EmbedKind;

export interface ItemTextSpec {
  key: string;
  /** The builder's name for it: 'Question 2 · Option 3'. */
  label: string;
  /** Its limit, as the source text's (visible characters for rich text). */
  max: number;
  /** HTML, sanitised by the server like the source. */
  rich: boolean;
}

export interface ItemText extends ItemTextSpec {
  /** The text in the item's default language. */
  text: string;
}

/** Gets each text and returns what replaces it. */
type Visit = (spec: ItemTextSpec, value: string) => string;

// ---- What each kind holds (the owner's item and the public one share these shapes) ----

type QuizSettingTexts = Partial<Record<(typeof quizSettingTexts)[number]['field'], unknown>>;

export interface QuizTextsShape {
  title: string;
  settings: QuizSettingTexts;
  questions: readonly { id: string; title: string; answers: readonly { id: string; text: string }[] }[];
  categories?: readonly { id: string; title: string; description: string }[];
  personalities?: readonly { id: string; title: string; description: string }[];
}
export interface PollTextsShape {
  description: string;
  options: readonly string[];
  /** The public poll's tally names the options again. */
  results?: { options: readonly { text: string }[] };
}
export interface FeedbackTextsShape {
  title: string;
  question: string;
}
export interface WheelTextsShape {
  description: string;
  options: readonly (string | { text: string })[];
  playButtonText?: string;
  smsConsentText?: string;
}

export interface ItemShapes {
  quiz: QuizTextsShape;
  poll: PollTextsShape;
  feedback: FeedbackTextsShape;
  wheel: WheelTextsShape;
}

export const itemTextLabels = {
  title: 'Title',
  question: (n: number) => `Question ${n}`,
  option: (question: number, n: number) => `Question ${question} · Option ${n}`,
  outcome: (n: number, part: 'Title' | 'Description') => `Outcome ${n} · ${part}`,
  category: (n: number, part: 'Title' | 'Description') => `Category ${n} · ${part}`,
  pollQuestion: 'Question',
  pollOption: (n: number) => `Option ${n}`,
  feedbackQuestion: 'Question',
  wheelDescription: 'Description',
  wheelOption: (n: number) => `Option ${n}`,
  playButtonText: 'Play button text',
  smsConsentText: 'SMS consent text',
} as const;

/** The quiz settings an owner writes, in the builder's tab order. */
const quizSettingTexts = [
  { field: 'welcomeMessage', label: 'Welcome message', max: quizLimits.richTextVisible, rich: true },
  { field: 'startButtonText', label: 'Start button text', max: quizLimits.startButtonText, rich: false },
  { field: 'footerMessage', label: 'Footer message', max: 200, rich: false },
  { field: 'emailMessage', label: 'Lead form title', max: quizLimits.emailMessage, rich: false },
  { field: 'nameFieldText', label: 'Lead form · Name field', max: quizLimits.nameFieldText, rich: false },
  { field: 'emailFieldText', label: 'Lead form · Email field', max: quizLimits.emailFieldText, rich: false },
  { field: 'continueButtonText', label: 'Lead form · Button', max: quizLimits.continueButtonText, rich: false },
  { field: 'privacyPolicyText', label: 'Lead form · Privacy policy text', max: quizLimits.privacyPolicyText, rich: false },
  { field: 'smsConsentText', label: 'Lead form · SMS consent text', max: quizLimits.smsConsentText, rich: false },
  { field: 'scoreMessage', label: 'Score message', max: quizLimits.richTextVisible, rich: true },
  { field: 'resultPageText', label: 'Result page text', max: quizLimits.richTextVisible, rich: true },
  { field: 'offerMessage', label: 'Offer message', max: quizLimits.offerMessage, rich: false },
  { field: 'offerButtonText', label: 'Offer button text', max: quizLimits.offerButtonText, rich: false },
  { field: 'retakeText', label: 'Retake button text', max: quizLimits.retakeText, rich: false },
  { field: 'socialSharingText', label: 'Social sharing text', max: 100, rich: false },
  { field: 'certificateText', label: 'Certificate text', max: 200, rich: false },
  { field: 'metaTitle', label: 'Page title (SEO)', max: quizLimits.metaTitle, rich: false },
  { field: 'metaDescription', label: 'Page description (SEO)', max: quizLimits.metaDescription, rich: false },
] as const;

function walkQuiz<T extends QuizTextsShape>(quiz: T, visit: Visit): T {
  const title = visit({ key: 'title', label: itemTextLabels.title, max: quizLimits.title, rich: false }, quiz.title);
  const settings: Record<string, unknown> = { ...quiz.settings };
  for (const setting of quizSettingTexts) {
    const value = settings[setting.field];
    if (typeof value === 'string') settings[setting.field] = visit({ key: `settings.${setting.field}`, ...setting }, value);
  }
  const parts = (prefix: 'outcome' | 'category', list: QuizTextsShape['categories']) =>
    list?.map((entry, index) => ({
      ...entry,
      title: visit(
        {
          key: `${prefix}.${entry.id}.title`,
          label: itemTextLabels[prefix](index + 1, 'Title'),
          max: quizLimits.personalityTitle,
          rich: false,
        },
        entry.title,
      ),
      description: visit(
        {
          key: `${prefix}.${entry.id}.description`,
          label: itemTextLabels[prefix](index + 1, 'Description'),
          max: quizLimits.personalityDescription,
          rich: prefix === 'outcome',
        },
        entry.description,
      ),
    }));
  const walked = {
    ...quiz,
    title,
    settings,
    questions: quiz.questions.map((question, index) => ({
      ...question,
      title: visit(
        {
          key: `question.${question.id}.text`,
          label: itemTextLabels.question(index + 1),
          max: quizLimits.questionTitle,
          rich: true,
        },
        question.title,
      ),
      answers: question.answers.map((answer, n) => ({
        ...answer,
        text: visit(
          {
            key: `question.${question.id}.option.${answer.id}`,
            label: itemTextLabels.option(index + 1, n + 1),
            max: quizLimits.answerText,
            rich: false,
          },
          answer.text,
        ),
      })),
    })),
  };
  if (quiz.personalities) Object.assign(walked, { personalities: parts('outcome', quiz.personalities) });
  if (quiz.categories) Object.assign(walked, { categories: parts('category', quiz.categories) });
  return walked;
}

function walkPoll<T extends PollTextsShape>(poll: T, visit: Visit): T {
  return {
    ...poll,
    description: visit(
      { key: 'description', label: itemTextLabels.pollQuestion, max: pollLimits.description, rich: false },
      poll.description,
    ),
    options: poll.options.map((option, index) =>
      visit({ key: `option.${index}`, label: itemTextLabels.pollOption(index + 1), max: pollLimits.option, rich: false }, option),
    ),
  };
}

function walkFeedback<T extends FeedbackTextsShape>(feedback: T, visit: Visit): T {
  return {
    ...feedback,
    title: visit({ key: 'title', label: itemTextLabels.title, max: feedbackLimits.title, rich: false }, feedback.title),
    question: visit(
      { key: 'question', label: itemTextLabels.feedbackQuestion, max: feedbackLimits.question, rich: false },
      feedback.question,
    ),
  };
}

function walkWheel<T extends WheelTextsShape>(wheel: T, visit: Visit): T {
  const walked = {
    ...wheel,
    description: visit(
      { key: 'description', label: itemTextLabels.wheelDescription, max: wheelLimits.description, rich: false },
      wheel.description,
    ),
    options: wheel.options.map((option, index) => {
      const spec = { key: `option.${index}`, label: itemTextLabels.wheelOption(index + 1), max: wheelLimits.option, rich: false };
      return typeof option === 'string' ? visit(spec, option) : { ...option, text: visit(spec, option.text) };
    }),
  };
  if (typeof wheel.playButtonText === 'string') {
    walked.playButtonText = visit(
      { key: 'playButtonText', label: itemTextLabels.playButtonText, max: wheelLimits.playButtonText, rich: false },
      wheel.playButtonText,
    );
  }
  if (typeof wheel.smsConsentText === 'string') {
    walked.smsConsentText = visit(
      { key: 'smsConsentText', label: itemTextLabels.smsConsentText, max: quizLimits.smsConsentText, rich: false },
      wheel.smsConsentText,
    );
  }
  return walked;
}

const walkers: { [K in ItemKind]: <T extends ItemShapes[K]>(item: T, visit: Visit) => T } = {
  quiz: walkQuiz,
  poll: walkPoll,
  feedback: walkFeedback,
  wheel: walkWheel,
};

/** The item with each text replaced by what `visit` returns. */
export function mapItemTexts<K extends ItemKind, T extends ItemShapes[K]>(kind: K, item: T, visit: Visit): T {
  return (walkers[kind] as <U extends ItemShapes[K]>(item: U, visit: Visit) => U)(item, visit);
}

/** Every text the owner wrote (empty ones have nothing to translate), in the builder's order. */
export function itemTexts<K extends ItemKind>(kind: K, item: ItemShapes[K]): ItemText[] {
  const texts = new Map<string, ItemText>();
  mapItemTexts(kind, item, (spec, value) => {
    if (value.trim() && !texts.has(spec.key)) texts.set(spec.key, { ...spec, text: value });
    return value;
  });
  return [...texts.values()];
}

/** A translation that says something (a blank one is no translation). */
const said = (text: string | undefined): text is string => typeof text === 'string' && text.trim() !== '';

/** One text in `language`, or `fallback` (its default) when it has no translation there. */
export function translatedText(
  i18n: Pick<TPublicI18n, 'default' | 'translations'> | null | undefined,
  language: VisitorLanguage,
  key: string,
  fallback: string,
): string {
  if (!i18n || language === i18n.default) return fallback;
  const text = i18n.translations[language]?.[key];
  return said(text) ? text : fallback;
}

/**
 * The item in `language`: each translated text over its default, and every text without a translation
 * left in the default language (never a blank). Without `i18n`, or in the default language, the item as it is.
 */
export function localizeItem<K extends ItemKind, T extends ItemShapes[K] & { i18n?: TPublicI18n | null }>(
  kind: K,
  item: T,
  language: VisitorLanguage,
): T {
  const i18n = item.i18n;
  const translations = i18n && language !== i18n.default ? i18n.translations[language] : undefined;
  if (!translations) return item;
  return mapItemTexts(kind, item, (spec, value) => (said(translations[spec.key]) ? translations[spec.key]! : value));
}

/** How many of the item's texts have a translation in `language`: '12 of 40 translated'. */
export function translationProgress(texts: readonly ItemTextSpec[], translations: Record<string, string> | undefined) {
  return { done: texts.filter((text) => said(translations?.[text.key])).length, total: texts.length };
}

export const translationProgressText = ({ done, total }: { done: number; total: number }) => `${done} of ${total} translated`;

/** What is wrong with a translation: a key the item does not have, or a text over its limit. */
export interface TranslationProblem {
  language: VisitorLanguage;
  key: string;
  message: string;
}

/** The first translation the item's texts refuse, or null (`texts` from `itemTexts`, limits as the source's). */
export function translationProblem(
  texts: readonly ItemTextSpec[],
  languages: Pick<TItemLanguages, 'translations'>,
): TranslationProblem | null {
  const specs = new Map(texts.map((text) => [text.key, text]));
  for (const [language, entries] of Object.entries(languages.translations) as [VisitorLanguage, Record<string, string>][]) {
    for (const [key, text] of Object.entries(entries)) {
      const spec = specs.get(key);
      if (!spec) return { language, key, message: itemLanguageMessages.unknownKey(key) };
      const length = spec.rich ? visibleLength(text) : text.trim().length;
      if (length > spec.max) return { language, key, message: itemLanguageMessages.tooLong(spec.max) };
    }
  }
  return null;
}

/**
 * The public `i18n` of an item (contract 2): its languages, and the translations of the added languages
 * only, of the texts the public item shows only (nothing the visitor would not receive anyway).
 */
export function publicI18nOf<K extends ItemKind>(kind: K, publicItem: ItemShapes[K], languages: TItemLanguages): TPublicI18n {
  const shown = new Set(itemTexts(kind, publicItem).map((text) => text.key));
  const translations: TPublicI18n['translations'] = {};
  for (const language of languages.languages) {
    const entries = Object.entries(languages.translations[language] ?? {}).filter(([key, text]) => shown.has(key) && said(text));
    if (entries.length) translations[language] = Object.fromEntries(entries);
  }
  return { default: languages.default, fixed: languages.fixed, languages: [...languages.languages], translations };
}
