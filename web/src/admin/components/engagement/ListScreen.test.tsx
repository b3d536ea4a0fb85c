import { feedbackMessages, pollDefaults, pollMessages, engagementMessages } from '@quizlead/shared/engagement.ts';
import type { TPollListRow } from '@quizlead/shared/schemas/poll.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PollListPage } from '../../pages/polls/PollListPage.tsx';
import { pollTexts } from '../../pages/polls/texts.ts';
import { fakeApi, offline } from '../../test/fakeApi.ts';
import { renderScreen } from '../../test/renderScreen.tsx';

const row = (n: number): TPollListRow => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  slug: `poll-${n}`,
  description: `Poll ${n}`,
  status: pollDefaults.status,
  totalVotes: n,
  createdAt: '2026-11-27T10:00:00.000Z',
});
const page = (items: TPollListRow[], total = items.length) => ({ body: { data: { items, total, page: 1, pageSize: 20 } } });

/** The poll list stands for the three (polls, web responses and wheels share ListScreen). */
describe('an engagement list screen', () => {
  it('says it is loading until the page arrives, then shows the total and a row per item', async () => {
    let answer: (value: ReturnType<typeof page>) => void = () => {};
    fakeApi({ 'GET /api/v1/polls': () => new Promise((resolve) => (answer = resolve)) as never });
    renderScreen(<PollListPage />, { path: '/app/poll/lists' });
    expect(screen.getByText(feedbackMessages.loading).closest('[role="status"]')).toBeTruthy();
    answer(page([row(1), row(2)]));
    expect(await screen.findByText(feedbackMessages.total(2))).toBeTruthy();
    expect(screen.getByText('Poll 1')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit Poll 2' }).getAttribute('href')).toBe(`/app/poll/edit/${row(2).id}`);
  });

  it('shows the empty state with the way to build the first one', async () => {
    fakeApi({ 'GET /api/v1/polls': () => page([]) });
    renderScreen(<PollListPage />, { path: '/app/poll/lists' });
    expect(await screen.findByText(pollMessages.emptyList)).toBeTruthy();
    expect(screen.getByRole('link', { name: pollTexts.buildButton }).getAttribute('href')).toBe('/app/poll/create');
  });

  it('says when the list could not load, and loads it again on Try again', async () => {
    let fail = true;
    fakeApi({ 'GET /api/v1/polls': () => (fail ? offline() : page([row(1)])) });
    const { user } = renderScreen(<PollListPage />, { path: '/app/poll/lists' });
    expect(await screen.findByText(/Failed to fetch/)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Poll 1')).toBeTruthy();
    expect(screen.queryByText(/Failed to fetch/)).toBeNull();
  });

  it('deletes after the question names the item, and says why when the server refuses', async () => {
    let refuse = true;
    const api = fakeApi({
      'GET /api/v1/polls': () => page(refuse ? [row(1)] : []),
      [`DELETE /api/v1/polls/${row(1).id}`]: () =>
        refuse
          ? { status: 500, body: { error: { code: 'internal', message: 'Something went wrong.' } } }
          : { body: { data: { message: pollMessages.deleted } } },
    });
    const { user, toast } = renderScreen(<PollListPage />, { path: '/app/poll/lists' });
    await user.click(await screen.findByRole('button', { name: 'Delete Poll 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(engagementMessages.deleteConfirm('poll', 'Poll 1'))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: engagementMessages.deleteConfirmButton }));
    await expect.poll(toast).toBe(`${pollMessages.deleteFailed}: Something went wrong.`);

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Delete Poll 1' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: engagementMessages.deleteConfirmButton }),
    );
    await expect.poll(toast).toBe(pollMessages.deleted);
    expect(await screen.findByText(pollMessages.emptyList)).toBeTruthy();
    expect(api.requests.filter((request) => request.method === 'DELETE')).toHaveLength(2);
  });
});
