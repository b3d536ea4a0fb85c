import { languagesScreenTexts as texts } from '@quizlead/shared/i18n/languagesScreen.ts';
import type { TItemLanguagesView } from '@quizlead/shared/schemas/itemLanguages.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, offline } from '../../test/fakeApi.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { LanguagesPanel } from './LanguagesPanel.tsx';

const id = '5d1f4c3a-8e8b-4a55-9a55-2f7c1b0d9e01';
const path = `/api/v1/polls/${id}/languages`;
const view = (languages: Partial<TItemLanguagesView['languages']> = {}): TItemLanguagesView => ({
  languages: { default: 'en', fixed: null, languages: [], translations: {}, ...languages },
  texts: [
    { key: 'description', label: 'Question', text: 'Tea or coffee?', max: 250, rich: false },
    { key: 'option.0', label: 'Option 1', text: 'Tea', max: 100, rich: false },
    { key: 'option.1', label: 'Option 2', text: 'Coffee', max: 100, rich: false },
  ],
});
const open = () => renderScreen(<LanguagesPanel kind="poll" id={id} />);

describe('the Languages place', () => {
  it('says when nothing is added, adds a language with the keyboard and saves it', async () => {
    const { requests } = fakeApi({
      [`GET ${path}`]: () => ({ body: { data: view() } }),
      [`PUT ${path}`]: (request) => ({ body: { data: { ...view(), languages: request.body } } }),
    });
    const { user } = open();
    expect(await screen.findByText(texts.noneAdded)).toBeTruthy();
    await user.selectOptions(screen.getByLabelText(texts.addLanguage), 'de');
    await user.click(screen.getByRole('button', { name: texts.addButton }));
    expect(screen.queryByText(texts.noneAdded)).toBeNull();
    expect(screen.getByText('0 of 3 translated')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: texts.save }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      default: 'en',
      fixed: null,
      languages: ['de'],
      translations: {},
    });
  });

  it('translates side by side: the default as placeholder, progress counted, right-to-left for Arabic', async () => {
    const { requests } = fakeApi({
      [`GET ${path}`]: () => ({
        body: { data: view({ languages: ['es', 'ar'], translations: { es: { description: '¿Té o café?' } } }) },
      }),
      [`PUT ${path}`]: (request) => ({ body: { data: { ...view(), languages: request.body } } }),
    });
    const { user } = open();
    const option = (await screen.findByLabelText('Option 1 (Español)')) as HTMLInputElement;
    expect(option.placeholder).toBe('Tea');
    expect((screen.getByLabelText('Question (Español)') as HTMLInputElement).value).toBe('¿Té o café?');
    expect(screen.getByText('1 of 3 translated')).toBeTruthy();
    await user.type(option, 'Té');
    expect(screen.getByText('2 of 3 translated')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText(texts.translateInto), 'ar');
    const arabic = screen.getByLabelText('Option 1 (العربية)');
    expect(arabic.closest('[dir]')?.getAttribute('dir')).toBe('rtl');
    expect(screen.getByText('0 of 3 translated')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: texts.save }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    expect((requests.find((request) => request.method === 'PUT')?.body as { translations: unknown }).translations).toEqual({
      es: { description: '¿Té o café?', 'option.0': 'Té' },
    });
  });

  it('removes a language with its translations and clears a fixed language that was it', async () => {
    fakeApi({
      [`GET ${path}`]: () => ({
        body: { data: view({ languages: ['fr'], fixed: 'fr', translations: { fr: { description: 'Thé ?' } } }) },
      }),
    });
    const { user } = open();
    expect(((await screen.findByLabelText(texts.fixedLanguage)) as HTMLSelectElement).value).toBe('fr');
    await user.click(screen.getByRole('button', { name: 'Remove Français' }));
    expect((screen.getByLabelText(texts.fixedLanguage) as HTMLSelectElement).value).toBe('');
    expect(screen.queryByLabelText(texts.translateInto)).toBeNull();
    expect(screen.getByText(texts.noneAdded)).toBeTruthy();
  });

  it('shows the server’s refusal of an imported file, naming its row', async () => {
    const message = "Row 4, column 1: This item has no text 'option.9'";
    fakeApi({
      [`GET ${path}`]: () => ({ body: { data: view({ languages: ['es'] }) } }),
      [`PUT /api/v1/polls/${id}/translations.csv`]: () => ({ status: 400, body: { error: { code: 'validation', message } } }),
    });
    const { user } = open();
    await screen.findByText(texts.added);
    await user.upload(
      screen.getByLabelText(texts.importCsv, { selector: 'input' }),
      new File(['key,default,es\r\n'], 't.csv', { type: 'text/csv' }),
    );
    const banner = await screen.findByText(message);
    expect(within(banner.closest('.Polaris-Banner') as HTMLElement).getByText(message)).toBeTruthy();
  });

  it('shows a loading state, then a failure that can be retried', async () => {
    let fail = true;
    fakeApi({ [`GET ${path}`]: () => (fail ? offline() : { body: { data: view() } }) });
    const { user } = open();
    expect(await screen.findByText(texts.loadFailed)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: texts.retry }));
    expect(await screen.findByText(texts.noneAdded)).toBeTruthy();
  });
});
