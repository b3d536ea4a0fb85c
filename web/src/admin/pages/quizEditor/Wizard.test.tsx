import { quizMessages } from '@quizlead/shared/quizzes.ts';
import { ZQuizDetail, type TQuizDetail } from '@quizlead/shared/schemas/quiz.ts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setSaveBarPresenter } from '../../appBridge/saveBar.tsx';
import { fakeApi } from '../../test/fakeApi.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { sessionUser, SignedIn } from '../../test/signedIn.tsx';
import { Wizard } from './Wizard.tsx';

const quizId = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const quiz: TQuizDetail = ZQuizDetail.parse({
  id: quizId,
  title: 'Coffee facts',
  quizType: 'graded_quiz',
  status: 'draft',
  slug: 'coffee-facts',
  fromTemplate: false,
  questions: [],
  productRecommendations: { mode: 'off', outcomes: [], rules: [], excludedTags: [], count: 3 },
  outcomePrizes: {},
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
  publishedAt: null,
});

/** App Bridge's save bar as the embedded shell hands it over: the ids it shows now. */
function appBridgeSaveBar() {
  const shown = new Set<string>();
  setSaveBarPresenter({ show: (id) => shown.add(id), hide: (id) => shown.delete(id) });
  return () => [...shown];
}
afterEach(() => setSaveBarPresenter(null));

const title = () => screen.getByRole('textbox', { name: 'Quiz title' }) as HTMLInputElement;
const barButton = (name: string) =>
  within(document.querySelector('ui-save-bar') as HTMLElement).getByRole('button', { name }) as HTMLButtonElement;

function open(api: Parameters<typeof fakeApi>[0] = {}) {
  const fake = fakeApi(api);
  const view = renderScreen(
    <SignedIn user={sessionUser('owner')}>
      <Wizard initial={quiz} />
    </SignedIn>,
    { path: `/shopify/app/Quiz/Edit/${quizId}` },
  );
  return { ...view, requests: () => fake.requests.filter((request) => request.method !== 'GET') };
}

describe('the quiz builder inside the shop’s admin', () => {
  it('shows App Bridge’s save bar while edits are unsaved; Save saves them as a draft', async () => {
    const shown = appBridgeSaveBar();
    const saved = ZQuizDetail.parse({ ...quiz, title: 'Coffee knowledge' });
    const { user, toast, requests } = open({ [`PUT /api/v1/quizzes/${quizId}`]: () => ({ body: { data: saved } }) });
    expect(shown()).toEqual([]);
    await user.clear(title());
    await user.type(title(), 'Coffee knowledge');
    await expect.poll(shown).toHaveLength(1);
    await user.click(barButton('Save'));
    await expect.poll(toast).toBe(quizMessages.savedDraft);
    expect(requests()).toMatchObject([{ method: 'PUT', body: { title: 'Coffee knowledge' } }]);
    await expect.poll(shown).toEqual([]);
  });

  it('Discard puts back the saved quiz and hides the bar, sending nothing', async () => {
    const shown = appBridgeSaveBar();
    const { user, requests } = open();
    await user.type(title(), ' and tea');
    await expect.poll(shown).toHaveLength(1);
    await user.click(barButton('Discard'));
    expect(title().value).toBe('Coffee facts');
    await expect.poll(shown).toEqual([]);
    expect(requests()).toEqual([]);
  });
});
