import { afterEach, describe, expect, it } from 'vitest';
import type { Catalogue } from './catalogue/types.ts';
import de from './catalogue/de.ts';
import en from './catalogue/en.ts';
import {
  currentLanguage,
  formatDate,
  formatNumber,
  localizeMessage,
  ownerText,
  setLanguage,
  t,
  translator,
} from './translate.ts';

afterEach(() => setLanguage('en', undefined));

describe('translator', () => {
  it('speaks English without a catalogue, and fills placeholders', () => {
    const english = translator('en', undefined);
    expect(english('player.back')).toBe('Back');
    expect(english('player.picked', { picked: 1, needed: 3 })).toBe('1 of 3 picked');
    expect(english('products.addedNamed', { product: 'Tea {x}' })).toBe('Added to cart: Tea {x}');
    // A placeholder without its value stays visible rather than becoming a blank.
    expect(english('prize.validUntil')).toBe('Valid until {date}');
  });

  it('speaks the language given, with numbers in its own format', () => {
    const german = translator('de', de);
    expect(german('player.back')).toBe('Zurück');
    expect(german('player.picked', { picked: 1200, needed: 3 })).toBe('1.200 von 3 ausgewählt');
    expect(german('poll.voteCount', { count: 1 })).toBe('1 Stimme');
    expect(german('poll.voteCount', { count: 0 })).toBe('0 Stimmen');
  });

  it("chooses the plural by the language's rules (Russian, Arabic, Polish)", () => {
    const russian = translator('ru', {
      'poll.voteCount': { one: '{count} голос', few: '{count} голоса', many: '{count} голосов', other: '{count} голоса' },
    });
    expect([1, 2, 5, 21, 22, 25, 1.5].map((count) => russian('poll.voteCount', { count }))).toEqual([
      '1 голос',
      '2 голоса',
      '5 голосов',
      '21 голос',
      '22 голоса',
      '25 голосов',
      '1,5 голоса',
    ]);
    // The digits Arabic is written with in this ICU (CLDR's default numbering system for `ar`).
    const arabicDigits = (count: number) => new Intl.NumberFormat('ar').format(count);
    const arabic = translator('ar', {
      'poll.voteCount': {
        zero: 'لا أصوات',
        one: 'صوت واحد',
        two: 'صوتان',
        few: '{count} أصوات',
        many: '{count} صوتًا',
        other: '{count} صوت',
      },
    });
    expect([0, 1, 2, 3, 11, 100].map((count) => arabic('poll.voteCount', { count }))).toEqual([
      'لا أصوات',
      'صوت واحد',
      'صوتان',
      `${arabicDigits(3)} أصوات`,
      `${arabicDigits(11)} صوتًا`,
      `${arabicDigits(100)} صوت`,
    ]);
    const polish = translator('pl', {
      'feedback.stars': { one: '{count} gwiazdka', few: '{count} gwiazdki', many: '{count} gwiazdek', other: '{count} gwiazdki' },
    });
    expect([1, 2, 5, 22].map((count) => polish('feedback.stars', { count }))).toEqual([
      '1 gwiazdka',
      '2 gwiazdki',
      '5 gwiazdek',
      '22 gwiazdki',
    ]);
  });

  it('falls back to English, key by key, for a message the catalogue lacks', () => {
    const partial: Partial<Catalogue> = { 'player.back': 'Zurück' };
    const german = translator('de', partial);
    expect(german('player.back')).toBe('Zurück');
    expect(german('player.next')).toBe(en['player.next']);
    expect(german('poll.voteCount', { count: 2 })).toBe('2 votes');
  });

  it('falls back to the other form when a plural lacks a category', () => {
    const odd = translator('ru', { 'poll.voteCount': { other: '{count} гол.' } as Catalogue['poll.voteCount'] });
    expect(odd('poll.voteCount', { count: 1 })).toBe('1 гол.');
  });
});

describe('the current language', () => {
  it('is what t speaks, with its dates and numbers', () => {
    expect(t('player.next')).toBe('Next');
    setLanguage('de', de);
    expect(currentLanguage()).toBe('de');
    expect(t('player.next')).toBe('Weiter');
    expect(formatNumber(1204.5)).toBe('1.204,5');
    expect(formatDate('2026-11-28T12:00:00Z')).toBe('28. November 2026');
  });

  it("shows the server's English messages in the visitor's language, any other text as it came", () => {
    setLanguage('de', de);
    expect(localizeMessage('You have already voted in this poll.')).toBe('Du hast bei dieser Umfrage bereits abgestimmt.');
    expect(localizeMessage('Some message of the owner')).toBe('Some message of the owner');
  });

  it("gives an owner's text, or the built-in words where it is blank or the English default", () => {
    setLanguage('de', de);
    expect(ownerText('', 'player.retake')).toBe('Quiz wiederholen');
    expect(ownerText('Retake This Quiz', 'player.retake')).toBe('Quiz wiederholen');
    expect(ownerText('Nochmal!', 'player.retake')).toBe('Nochmal!');
  });
});
