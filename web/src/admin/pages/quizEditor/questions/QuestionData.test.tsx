import { quizMessages } from '@quizlead/shared/quizzes.ts';
import { propertyMessages } from '@quizlead/shared/schemas/answerProperties.ts';
import { ZQuizDetail, type TQuizDetail } from '@quizlead/shared/schemas/quiz.ts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fakeApi.ts';
import { renderScreen } from '../../../test/renderScreen.tsx';
import { sessionUser, SignedIn } from '../../../test/signedIn.tsx';
import { useQuizDraft } from '../useQuizDraft.ts';
import { QuestionsCard } from './QuestionsCard.tsx';

const quizId = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const question = (id: string, title: string, propertyKey = '') => ({
  id,
  kind: 'single',
  title,
  propertyKey,
  answers: [
    { id: `${id.slice(0, 8)}-a`, text: 'Oily', correct: true },
    { id: `${id.slice(0, 8)}-b`, text: 'Dry' },
  ],
});
// Two questions with the same text, the first sent as `skin_type`: the second one's default key is `skin_type_2`.
const quiz: TQuizDetail = ZQuizDetail.parse({
  id: quizId,
  title: 'Skin quiz',
  quizType: 'graded_quiz',
  status: 'draft',
  slug: 'skin-quiz',
  fromTemplate: false,
  questions: [
    question('11111111-1111-4111-8111-111111111111', '<p>Skin type?</p>', 'skin_type'),
    question('22222222-2222-4222-8222-222222222222', '<p>Skin type?</p>'),
  ],
  productRecommendations: { mode: 'off', outcomes: [], rules: [], excludedTags: [], count: 3 },
  outcomePrizes: {},
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
  publishedAt: null,
});

function Harness() {
  const editor = useQuizDraft(quiz);
  return <QuestionsCard editor={editor} onPreview={() => undefined} />;
}

function open(api: Parameters<typeof fakeApi>[0] = {}) {
  const fake = fakeApi(api);
  const view = renderScreen(
    <SignedIn user={sessionUser('owner')}>
      <Harness />
    </SignedIn>,
    { path: `/shopify/app/Quiz/Edit/${quizId}` },
  );
  return { ...view, requests: () => fake.requests.filter((request) => request.method !== 'GET') };
}

const sendAs = () => screen.getByRole('textbox', { name: 'Send as' }) as HTMLInputElement;

async function editSecond(user: ReturnType<typeof open>['user']) {
  await user.click(screen.getByRole('button', { name: 'Edit question 2' }));
  await user.click(screen.getByRole('button', { name: /Data: Send as, values and tags/ }));
}

describe('a question’s Send as, values and tags', () => {
  it('shows the key the server would use, with its _2, and what one answer sends', async () => {
    const { user } = open();
    await editSecond(user);
    expect(sendAs().value).toBe('');
    expect(sendAs().placeholder).toBe('skin_type_2');
    expect(screen.getByLabelText('Sent as').textContent).toBe('skin_type_2: "Oily"');
    await user.type(screen.getByRole('textbox', { name: 'Answer 1 value' }), 'oily');
    expect(screen.getByLabelText('Sent as').textContent).toBe('skin_type_2: "oily"');
  });

  it('says what is wrong with a key as it is typed, and sends nothing for it', async () => {
    const { user, requests } = open();
    await editSecond(user);
    await user.type(sendAs(), 'Skin Type');
    expect(screen.getByText(propertyMessages.keyInvalid)).toBeTruthy();
    await user.clear(sendAs());
    await user.type(sendAs(), 'skin_type');
    expect(screen.getByText(propertyMessages.keyDuplicate('skin_type'))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(requests()).toEqual([]);
  });

  it('saves the key, the segment choice and the options’ values and tags', async () => {
    const saved = ZQuizDetail.parse(quiz);
    const { user, requests, toast } = open({ [`PUT /api/v1/quizzes/${quizId}/questions`]: () => ({ body: { data: saved } }) });
    await editSecond(user);
    await user.type(sendAs(), 'skin_goal');
    expect(screen.getByLabelText('Sent as').textContent).toBe('skin_goal: "Oily"');
    await user.click(screen.getByRole('checkbox', { name: /Use in segments/ }));
    await user.type(screen.getByRole('textbox', { name: 'Answer 2 value' }), 'dry');
    await user.type(screen.getByRole('textbox', { name: 'Answer 2 tags' }), 'skin-dry, needs-hydration');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(toast).toBe(quizMessages.questionSaved);
    const [put] = requests() as { body: { questions: Record<string, unknown>[] } }[];
    expect(put!.body.questions[1]).toMatchObject({
      propertyKey: 'skin_goal',
      segment: true,
      answers: [
        { text: 'Oily', value: '', tags: [] },
        { text: 'Dry', value: 'dry', tags: ['skin-dry', 'needs-hydration'] },
      ],
    });
  });

  it('puts the server’s refusal of a key on the Send as field', async () => {
    const refusal = { error: { code: 'validation', message: 'Use another name', field: 'questions.1.propertyKey' } };
    const { user } = open({ [`PUT /api/v1/quizzes/${quizId}/questions`]: () => ({ status: 400, body: refusal }) });
    await editSecond(user);
    await user.type(sendAs(), 'skin_goal');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => sendAs().getAttribute('aria-invalid')).toBe('true');
    const described = (sendAs().getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id));
    expect(described.map((element) => element?.textContent).join(' ')).toContain('Use another name');
    // Typing another key takes the server's word away.
    await user.type(sendAs(), 's');
    expect(sendAs().getAttribute('aria-invalid')).toBe('false');
  });
});
