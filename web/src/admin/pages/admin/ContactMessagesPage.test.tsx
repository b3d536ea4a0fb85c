import { adminLimits, adminMessages } from '@quizlead/shared/admin.ts';
import { ZAdminContactMessageListResponse, type TAdminContactMessage } from '@quizlead/shared/schemas/admin.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, offline } from '../../test/fakeApi.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { adminTime } from './components/format.ts';
import { ContactMessagesPage } from './ContactMessagesPage.tsx';
import { areaTexts, contactMessageTexts } from './texts.ts';

const message = (n: number, change: Partial<TAdminContactMessage> = {}): TAdminContactMessage => ({
  id: `ad1e2f30-4152-4c63-9d74-${String(n).padStart(12, '0')}`,
  accountId: `be2f3041-5263-4d74-8e85-${String(n).padStart(12, '0')}`,
  companyName: `Company ${n}`,
  email: `owner${n}@example.com`,
  message: `Message ${n}`,
  createdAt: '2026-11-03T14:05:00.000Z',
  ...change,
});
const page = (items: TAdminContactMessage[], total = items.length, number = 1) => ({
  body: ZAdminContactMessageListResponse.parse({ data: { items, total, page: number, pageSize: adminLimits.pageSize } }),
});
const messagesFrom = (first: number, last: number) =>
  Array.from({ length: last - first + 1 }, (_, index) => message(first + index));

const open = (path = '/app/Admin/contact-messages') =>
  renderScreen(<ContactMessagesPage />, { path, route: '/app/Admin/contact-messages' });
const list = () => screen.getByRole('list', { name: contactMessageTexts.title });

describe('the admin area’s contact messages', () => {
  it('says it is loading until the messages arrive, then each with who wrote it, when, and what', async () => {
    let reply: (value: ReturnType<typeof page>) => void = () => {};
    fakeApi({ 'GET /api/v1/admin/contact-messages': () => new Promise((resolve) => (reply = resolve)) as never });
    open();
    expect(screen.getByText(areaTexts.loading).closest('[role="status"]')).toBeTruthy();

    const multiline = 'Could quizzes have a timer?\nAnd a <b>bold</b> font?';
    reply(page([message(1, { message: multiline }), message(2, { companyName: '' })]));
    const first = await screen.findByRole('article', { name: contactMessageTexts.from('owner1@example.com', 'Company 1') });
    expect(within(first).getByRole('heading', { name: 'owner1@example.com' })).toBeTruthy();
    expect(
      within(first)
        .getByRole('link', { name: contactMessageTexts.openAccountLabel('Company 1') })
        .getAttribute('href'),
    ).toBe(`/app/Admin/accounts/${message(1).accountId}`);
    const time = within(first).getByText(adminTime('2026-11-03T14:05:00.000Z'));
    expect(time.getAttribute('datetime')).toBe('2026-11-03T14:05:00.000Z');
    // What they wrote, as they wrote it: markup is text.
    expect(within(first).getByText((_, element) => element?.textContent === multiline && element.tagName === 'P')).toBeTruthy();
    expect(first.querySelector('b')).toBeNull();

    const second = screen.getByRole('article', { name: 'owner2@example.com' });
    const link = within(second).getByRole('link', { name: contactMessageTexts.openAccountLabel(message(2).accountId) });
    expect(link.textContent).toBe(contactMessageTexts.openAccount);
    expect(within(list()).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText(areaTexts.showing(1, 2, 2))).toBeTruthy();
    expect(screen.queryByText(areaTexts.loading)).toBeNull();
  });

  it('says when nobody has written yet', async () => {
    fakeApi({ 'GET /api/v1/admin/contact-messages': () => page([]) });
    open();
    expect(await screen.findByText(adminMessages.noContactMessages)).toBeTruthy();
    expect(screen.queryByRole('list', { name: contactMessageTexts.title })).toBeNull();
  });

  it('says when the messages could not load, and loads them again on Try again', async () => {
    let fail = true;
    fakeApi({ 'GET /api/v1/admin/contact-messages': () => (fail ? offline() : page([message(1)])) });
    const { user } = open();
    expect(await screen.findByText(`${messages.generic.serverErrorPrefix}Failed to fetch`)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Message 1')).toBeTruthy();
    expect(screen.queryByText(`${messages.generic.serverErrorPrefix}Failed to fetch`)).toBeNull();
  });

  it('opens on the page in the address and moves between pages', async () => {
    const api = fakeApi({
      'GET /api/v1/admin/contact-messages': ({ path }) =>
        path.endsWith('?page=2') ? page(messagesFrom(26, 27), 27, 2) : page(messagesFrom(1, 25), 27),
    });
    const { user } = open('/app/Admin/contact-messages?page=2');
    expect(await screen.findByText('Message 27')).toBeTruthy();
    expect(screen.getByText(areaTexts.showing(26, 27, 27))).toBeTruthy();
    expect(screen.getByText(areaTexts.pages(2, 2))).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Message 1')).toBeTruthy();
    expect(within(list()).getAllByRole('listitem')).toHaveLength(25);
    expect(api.requests.map((request) => request.path)).toEqual([
      '/api/v1/admin/contact-messages?page=2',
      '/api/v1/admin/contact-messages',
    ]);
  });
});
