import { quizMessages } from '@quizlead/shared/quizzes.ts';
import { ZProductRecommendations } from '@quizlead/shared/schemas/recommendations.ts';
import { ZQuizDetail, ZQuizListResponse, type TQuizListRow } from '@quizlead/shared/schemas/quiz.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, offline } from '../../test/fakeApi.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { adminUrl } from '../../urls.ts';
import { deleteConfirmText } from './DeleteQuizModal.tsx';
import { Quizzes } from './Quizzes.tsx';

const row = (n: number, fields: Partial<TQuizListRow> = {}): TQuizListRow => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  title: `Quiz ${n}`,
  quizType: 'graded_quiz',
  status: 'draft',
  slug: `quiz-${n}`,
  fromTemplate: false,
  questionCount: n,
  playedCount: 10 * n,
  createdAt: '2026-11-27T10:00:00.000Z',
  ...fields,
});

/** A page of the list, as the server's schema has it. */
const page = (items: TQuizListRow[], total = items.length) => ({
  body: ZQuizListResponse.parse({ data: { items, total, page: 1, pageSize: 7 } }),
});

/** What PUT …/status answers: the whole quiz. */
const detail = (quiz: TQuizListRow, status: TQuizListRow['status']) => ({
  body: {
    data: ZQuizDetail.parse({
      ...quiz,
      status,
      questions: [],
      productRecommendations: ZProductRecommendations.parse({ mode: 'off' }),
      outcomePrizes: {},
      updatedAt: quiz.createdAt,
      publishedAt: status === 'published' ? quiz.createdAt : null,
    }),
  },
});

const list = '/api/v1/quizzes?sort=date&direction=desc&page=1';
const open = () => renderScreen(<Quizzes />, { path: '/app/Quizzes' });
const status = (quiz: TQuizListRow) => screen.getByRole('switch', { name: `Published: ${quiz.title}` });

describe('the quizzes list', () => {
  it('shows the table’s skeleton until the first page arrives, then a row per quiz and the total', async () => {
    let answer: (value: ReturnType<typeof page>) => void = () => {};
    const api = fakeApi({ [`GET ${list}`]: () => new Promise((resolve) => (answer = resolve)) as never });
    open();
    expect(screen.getByLabelText('Loading quizzes').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Search quizzes' })).toBeTruthy();
    answer(page([row(1), row(2, { status: 'published', fromTemplate: true })], 9));

    expect(await screen.findByText('Showing 1–2 of 9 quizzes · * made from a template')).toBeTruthy();
    expect(screen.queryByLabelText('Loading quizzes')).toBeNull();
    expect(screen.getByText('Quiz 1')).toBeTruthy();
    expect(screen.getByText('Quiz 2 *')).toBeTruthy();
    expect(status(row(1)).getAttribute('aria-checked')).toBe('false');
    expect(status(row(2)).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('link', { name: 'Edit Quiz 2' }).getAttribute('href')).toBe(adminUrl('Quiz/Edit', row(2).id));
    expect(api.requests.map((request) => request.path)).toEqual([list]);
  });

  it('shows the empty state with the way to build the first quiz', async () => {
    fakeApi({ [`GET ${list}`]: () => page([]) });
    open();
    expect(await screen.findByText(quizMessages.emptyList)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Build Your Quiz' }).getAttribute('href')).toBe(adminUrl('Templates'));
    expect(screen.queryByRole('textbox', { name: 'Search quizzes' })).toBeNull();
  });

  it('says when the list could not load, and loads it again on Try again', async () => {
    let fail = true;
    const api = fakeApi({ [`GET ${list}`]: () => (fail ? offline() : page([row(1)])) });
    const { user } = open();
    expect(await screen.findByText(/Failed to fetch/)).toBeTruthy();
    expect(screen.queryByLabelText('Loading quizzes')).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Showing 1–1 of 1 quiz')).toBeTruthy();
    expect(screen.queryByText(/Failed to fetch/)).toBeNull();
    expect(api.requests).toHaveLength(2);
  });

  it('asks the server for the typed title once typing pauses, and clears the search back to every quiz', async () => {
    const api = fakeApi({
      'GET /api/v1/quizzes': ({ path }) =>
        path.includes('search=') ? page([row(3, { title: 'Cat quiz' })]) : page([row(1), row(2)]),
    });
    const { user } = open();
    await screen.findByText('Quiz 1');
    await user.type(screen.getByRole('textbox', { name: 'Search quizzes' }), 'Cat');
    expect(await screen.findByText('Cat quiz')).toBeTruthy();
    expect(screen.queryByText('Quiz 1')).toBeNull();
    expect(api.requests.map((request) => request.path)).toEqual([
      list,
      '/api/v1/quizzes?search=Cat&sort=date&direction=desc&page=1',
    ]);

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('Quiz 1')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Search quizzes' }) as HTMLInputElement).value).toBe('');
  });

  it('says no quiz matches a search that finds none, and offers to clear it', async () => {
    fakeApi({ 'GET /api/v1/quizzes': ({ path }) => (path.includes('search=') ? page([]) : page([row(1)])) });
    const { user } = open();
    await user.type(await screen.findByRole('textbox', { name: 'Search quizzes' }), 'Nothing');
    expect(await screen.findByText('No quiz title matches “Nothing”.')).toBeTruthy();
    expect(screen.queryByText(quizMessages.emptyList)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByText('Quiz 1')).toBeTruthy();
  });

  it('publishes a draft with its switch, updating the row and saying so; a refusal leaves the row as it was', async () => {
    let refuse = false;
    let answer: (value: ReturnType<typeof detail>) => void = () => {};
    const api = fakeApi({
      [`GET ${list}`]: () => page([row(1), row(2)]),
      [`PUT /api/v1/quizzes/${row(1).id}/status`]: () =>
        refuse
          ? { status: 400, body: { error: { code: 'validation', message: quizMessages.noQuestions } } }
          : (new Promise((resolve) => (answer = resolve)) as never),
    });
    const { user, toast } = open();
    await user.click(await screen.findByRole('switch', { name: 'Published: Quiz 1' }));
    await expect.poll(() => (status(row(1)) as HTMLButtonElement).disabled).toBe(true);
    expect(status(row(1)).getAttribute('aria-checked')).toBe('false');
    expect((status(row(2)) as HTMLButtonElement).disabled).toBe(false);
    answer(detail(row(1), 'published'));
    await expect.poll(toast).toBe(quizMessages.statusUpdated('published'));
    expect((status(row(1)) as HTMLButtonElement).disabled).toBe(false);
    expect(status(row(1)).getAttribute('aria-checked')).toBe('true');
    expect(status(row(2)).getAttribute('aria-checked')).toBe('false');
    expect(api.requests.at(-1)).toMatchObject({
      method: 'PUT',
      path: `/api/v1/quizzes/${row(1).id}/status`,
      body: { status: 'published' },
    });

    refuse = true;
    await user.click(status(row(1)));
    await expect.poll(toast).toBe(messages.generic.serverErrorPrefix + quizMessages.noQuestions);
    expect(status(row(1)).getAttribute('aria-checked')).toBe('true');
    expect(api.requests.at(-1)?.body).toEqual({ status: 'draft' });
  });

  it('deletes a quiz only once the question is confirmed, then lists what is left', async () => {
    let deleted = false;
    const api = fakeApi({
      [`GET ${list}`]: () => page(deleted ? [row(2)] : [row(1), row(2)]),
      [`DELETE /api/v1/quizzes/${row(1).id}`]: () => {
        deleted = true;
        return { body: { data: { message: quizMessages.deleted } } };
      },
    });
    const { user, toast } = open();
    await user.click(await screen.findByRole('button', { name: 'Delete Quiz 1' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(deleteConfirmText)).toBeTruthy();
    expect(within(dialog).getByText('“Quiz 1” will be permanently deleted.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    expect(api.requests.filter((request) => request.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Quiz 1' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect.poll(toast).toBe(quizMessages.deleted);
    expect(await screen.findByText('Showing 1–1 of 1 quiz')).toBeTruthy();
    expect(screen.queryByText('Quiz 1')).toBeNull();
    expect(api.requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
  });

  it('says so when the server does not delete the quiz, and keeps it listed', async () => {
    fakeApi({
      [`GET ${list}`]: () => page([row(1)]),
      [`DELETE /api/v1/quizzes/${row(1).id}`]: () => ({
        status: 500,
        body: { error: { code: 'internal', message: 'Something went wrong.' } },
      }),
    });
    const { user, toast } = open();
    await user.click(await screen.findByRole('button', { name: 'Delete Quiz 1' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await expect.poll(toast).toBe(quizMessages.deleteFailed);
    expect(screen.getByText('Quiz 1')).toBeTruthy();
  });
});
