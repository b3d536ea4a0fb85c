import ar from '@quizlead/shared/i18n/catalogue/ar.ts';
import de from '@quizlead/shared/i18n/catalogue/de.ts';
import { currentLanguage, t } from '@quizlead/shared/i18n/translate.ts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ServerError } from '../widgets/Shell.tsx';
import { chooseLanguage, showItemLanguage, showLanguage } from './language.ts';

afterEach(async () => {
  cleanup();
  await showLanguage('en');
});

const at = (search: string) => ({ search });
const browserSpeaks = (languages: string[]) =>
  Object.defineProperty(navigator, 'languages', { value: languages, configurable: true });

describe('chooseLanguage: the order of issue 34', () => {
  it('takes the fixed language, then ?lang, then ?locale, then the browser, then the item default', () => {
    browserSpeaks(['fr-FR', 'en']);
    const item = { fixed: 'ja', default: 'it' };
    expect(chooseLanguage(item, at('?lang=de&locale=es'))).toBe('ja');
    expect(chooseLanguage({ ...item, fixed: null }, at('?lang=de&locale=es'))).toBe('de');
    expect(chooseLanguage({ ...item, fixed: null }, at('?locale=pt-br'))).toBe('pt-BR');
    expect(chooseLanguage({ ...item, fixed: null }, at(''))).toBe('fr');
    browserSpeaks(['fa-IR']);
    expect(chooseLanguage({ ...item, fixed: null }, at('?lang=xx'))).toBe('it');
    expect(chooseLanguage(null, at(''))).toBe('en');
  });
});

describe('showLanguage', () => {
  it("loads the language's catalogue and says it in <html lang dir>", async () => {
    await showLanguage('de');
    expect(currentLanguage()).toBe('de');
    expect(t('player.back')).toBe(de['player.back']);
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['de', 'ltr']);
    render(<ServerError message="x" />);
    expect(screen.getByText(de['common.serverError'])).toBeTruthy();
  });

  it('reads Arabic right to left', async () => {
    await showLanguage('ar');
    expect(t('poll.voteCount', { count: 2 })).toBe((ar['poll.voteCount'] as { two: string }).two.replace('{count}', '2'));
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['ar', 'rtl']);
  });
});

describe('showItemLanguage', () => {
  it("switches to the item's fixed language once it arrives, and keeps the page's when the item has none", async () => {
    browserSpeaks(['en-US']);
    window.history.replaceState(null, '', '/play/x?lang=de');
    await showLanguage(chooseLanguage(null));
    expect(await showItemLanguage({ id: 'x' })).toBe('de');
    expect(
      await showItemLanguage({ id: 'x', i18n: { default: 'en', fixed: 'ar', languages: ['en', 'ar'], translations: {} } }),
    ).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    window.history.replaceState(null, '', '/');
  });
});
