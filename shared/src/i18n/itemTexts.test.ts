import { describe, expect, it } from 'vitest';
import { visitorLanguageMessage } from '../schemas/visitorLanguage.ts';
import { ZItemLanguages, itemLanguagesOf, noItemLanguages } from '../schemas/itemLanguages.ts';
import { itemLanguageMessages } from './itemLanguageMessages.ts';
import { itemTexts, localizeItem, publicI18nOf, translatedText, translationProblem, translationProgress } from './itemTexts.ts';

const questionId = '6f1c2f5e-4b7a-4c1e-9a57-0d3b8a1c2e01';
const quiz = {
  title: 'Which coffee are you?',
  settings: { welcomeMessage: '<p>Hello</p>', startButtonText: 'Start', footerMessage: '', theme: 'theme1' },
  questions: [
    {
      id: questionId,
      title: '<p>Morning?</p>',
      answers: [
        { id: 'a1', text: 'Early' },
        { id: 'a2', text: 'Late' },
      ],
    },
  ],
  categories: [],
  personalities: [{ id: 'p1', title: 'Espresso', description: '<p>Strong</p>' }],
};

describe('itemTexts', () => {
  it('lists every text the owner wrote under stable keys, with labels, limits and rich text marked', () => {
    const texts = itemTexts('quiz', quiz);
    expect(texts.map((text) => text.key)).toEqual([
      'title',
      'settings.welcomeMessage',
      'settings.startButtonText',
      `question.${questionId}.text`,
      `question.${questionId}.option.a1`,
      `question.${questionId}.option.a2`,
      'outcome.p1.title',
      'outcome.p1.description',
    ]);
    expect(texts.find((text) => text.key === `question.${questionId}.option.a2`)).toMatchObject({
      label: 'Question 1 · Option 2',
      text: 'Late',
      rich: false,
      max: 200,
    });
    expect(texts.find((text) => text.key === 'settings.welcomeMessage')?.rich).toBe(true);
  });

  it('keys stay with their text when questions and answers move', () => {
    const moved = { ...quiz, questions: [{ ...quiz.questions[0]!, answers: [...quiz.questions[0]!.answers].reverse() }] };
    const key = (item: typeof quiz, text: string) => itemTexts('quiz', item).find((entry) => entry.text === text)?.key;
    expect(key(moved, 'Late')).toBe(key(quiz, 'Late'));
  });

  it('covers polls, web responses and wheels (options by place, as they have no ids)', () => {
    expect(itemTexts('poll', { description: 'Best day?', options: ['Mon', 'Fri'] }).map((text) => text.key)).toEqual([
      'description',
      'option.0',
      'option.1',
    ]);
    expect(itemTexts('feedback', { title: 'Hi', question: 'Useful?' }).map((text) => text.label)).toEqual(['Title', 'Question']);
    const wheel = {
      description: 'Spin!',
      options: [{ text: '10% off' }, { text: 'Free ship' }],
      playButtonText: 'Go',
      smsConsentText: '',
    };
    expect(itemTexts('wheel', wheel).map((text) => text.key)).toEqual(['description', 'option.0', 'option.1', 'playButtonText']);
  });
});

describe('localizeItem', () => {
  const i18n = {
    default: 'en' as const,
    fixed: null,
    languages: ['es' as const, 'de' as const],
    translations: {
      es: { title: '¿Qué café eres?', [`question.${questionId}.option.a1`]: 'Temprano', 'settings.startButtonText': '  ' },
    },
  };

  it('overlays each translated text and leaves every missing or blank one in the default language', () => {
    const shown = localizeItem('quiz', { ...quiz, i18n }, 'es');
    expect(shown.title).toBe('¿Qué café eres?');
    expect(shown.questions[0]!.answers.map((answer) => answer.text)).toEqual(['Temprano', 'Late']);
    expect(shown.settings.startButtonText).toBe('Start');
    expect(shown.settings.welcomeMessage).toBe('<p>Hello</p>');
    expect(shown.settings.theme).toBe('theme1');
  });

  it('shows the item as it is in its default language, a language without translations, or without i18n', () => {
    const item = { ...quiz, i18n };
    expect(localizeItem('quiz', item, 'en')).toBe(item);
    expect(localizeItem('quiz', item, 'de')).toBe(item);
    expect(localizeItem('quiz', quiz, 'es')).toBe(quiz);
  });

  it('localises public wheel options given as strings and poll options', () => {
    const wheel = { description: 'Spin', options: ['A', 'B'], i18n: { ...i18n, translations: { de: { 'option.1': 'Bee' } } } };
    expect(localizeItem('wheel', wheel, 'de').options).toEqual(['A', 'Bee']);
    const poll = { description: 'Q', options: ['x', 'y'], i18n: { ...i18n, translations: { es: { description: 'P' } } } };
    expect(localizeItem('poll', poll, 'es')).toMatchObject({ description: 'P', options: ['x', 'y'] });
  });

  it('translatedText falls back to the default text', () => {
    expect(translatedText(i18n, 'es', 'title', 'x')).toBe('¿Qué café eres?');
    expect(translatedText(i18n, 'es', 'outcome.p1.title', 'Espresso')).toBe('Espresso');
    expect(translatedText(null, 'es', 'title', 'x')).toBe('x');
  });
});

describe('translations', () => {
  it('counts progress per language', () => {
    const texts = itemTexts('poll', { description: 'Q', options: ['a', 'b'] });
    expect(translationProgress(texts, { description: 'P', 'option.0': ' ' })).toEqual({ done: 1, total: 3 });
    expect(translationProgress(texts, undefined)).toEqual({ done: 0, total: 3 });
  });

  it('refuses unknown keys and texts over the source limit (visible length for rich text)', () => {
    const texts = itemTexts('quiz', quiz);
    expect(translationProblem(texts, { translations: { es: { nope: 'x' } } })).toEqual({
      language: 'es',
      key: 'nope',
      message: itemLanguageMessages.unknownKey('nope'),
    });
    expect(translationProblem(texts, { translations: { es: { 'settings.startButtonText': 'x'.repeat(16) } } })?.message).toBe(
      itemLanguageMessages.tooLong(15),
    );
    const rich = `<p><strong>${'x'.repeat(250)}</strong></p>`;
    expect(translationProblem(texts, { translations: { es: { [`question.${questionId}.text`]: rich } } })).toBeNull();
  });

  it('sends visitors only the added languages and the texts of the public item', () => {
    const languages = ZItemLanguages.parse({
      languages: ['es'],
      translations: { es: { title: 'T', 'outcome.p1.title': 'Secreto', [`question.${questionId}.text`]: '' } },
    });
    const { personalities: _outcomes, ...publicQuiz } = quiz;
    expect(publicI18nOf('quiz', publicQuiz, languages)).toEqual({
      default: 'en',
      fixed: null,
      languages: ['es'],
      translations: { es: { title: 'T' } },
    });
  });
});

describe('ZItemLanguages', () => {
  it('defaults to English with nothing added, also for items stored before languages', () => {
    expect(ZItemLanguages.parse({})).toEqual(noItemLanguages);
    expect(itemLanguagesOf(null)).toEqual(noItemLanguages);
    expect(itemLanguagesOf({ default: 'xx' })).toEqual(noItemLanguages);
  });

  it('refuses the default as an added language, duplicates, an unknown fixed language and translations of unadded ones', () => {
    const issue = (value: unknown) => ZItemLanguages.safeParse(value).error?.issues[0];
    expect(issue({ languages: ['en'] })).toMatchObject({ path: ['languages', 0], message: itemLanguageMessages.defaultAdded });
    expect(issue({ languages: ['es', 'es'] })).toMatchObject({ path: ['languages', 1], message: itemLanguageMessages.duplicate });
    expect(issue({ languages: ['es'], fixed: 'de' })).toMatchObject({ path: ['fixed'] });
    expect(issue({ translations: { fr: { title: 'x' } } })).toMatchObject({ path: ['translations', 'fr'] });
    expect(issue({ languages: ['xx'] })).toMatchObject({ message: visitorLanguageMessage });
    expect(ZItemLanguages.safeParse({ default: 'de', languages: ['en', 'ar'], fixed: 'ar' }).success).toBe(true);
  });
});
