import { pollDefaults, pollLimits, pollMessages, engagementMessages } from '@quizlead/shared/engagement.ts';
import { adPixelMessages } from '@quizlead/shared/schemas/adPixels.ts';
import type { TPoll } from '@quizlead/shared/schemas/poll.ts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { PollForm } from './PollForm.tsx';
import { pollTexts } from './texts.ts';

const poll = (fields: Partial<TPoll> = {}): TPoll => ({
  id: '9a3e2f1c-0b7d-4c8e-a1f2-3b4c5d6e7f80',
  slug: 'best-pet',
  description: 'Best pet?',
  options: ['Cat', 'Dog'],
  status: 'published',
  collectEmail: true,
  allowRepeatVotes: false,
  colors: { ...pollDefaults.colors },
  expiresAt: null,
  totalVotes: 0,
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
  metaPixelId: '',
  tiktokPixelId: '',
  ...fields,
});

const create = () => screen.getByRole('button', { name: pollTexts.createButton });

describe('the poll form', () => {
  it('asks for a description and an option, then for a second option, leaving blank inputs out', async () => {
    const api = fakeApi({});
    const { user } = renderScreen(<PollForm />);
    await user.click(create());
    expect(await screen.findByText(engagementMessages.validationErrorTitle)).toBeTruthy();
    expect(screen.getAllByText(pollMessages.descriptionRequired)).toHaveLength(2);
    expect(screen.getByText(pollMessages.optionRequired)).toBeTruthy();

    await user.type(screen.getByLabelText('Description'), 'Best pet?');
    await user.type(screen.getByLabelText('Option 2'), 'Cat');
    await user.click(create());
    expect(await screen.findAllByText(pollMessages.optionsMin)).toHaveLength(2);
    expect(api.requests).toHaveLength(0);
  });

  it('puts the server’s per-option message under the option it names, counting filled options only', async () => {
    const refused = 'Poll option must not contain markup.';
    fakeApi({
      'POST /api/v1/polls': () => ({
        status: 400,
        body: { error: { code: 'validation', message: refused, field: 'options.1' } },
      }),
    });
    const { user } = renderScreen(<PollForm />);
    await user.type(screen.getByLabelText('Description'), 'Best pet?');
    await user.type(screen.getByLabelText('Option 2'), 'Cat');
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    await user.type(screen.getByLabelText('Option 3'), '<b>Dog</b>');
    await user.click(create());
    await screen.findByText(engagementMessages.validationErrorTitle);
    const row = (label: string) => screen.getByLabelText(label).closest('.ql-option-row') as HTMLElement;
    expect(within(row('Option 3')).getByText(refused)).toBeTruthy();
    expect(within(row('Option 2')).queryByText(refused)).toBeNull();
  });

  it('adds options up to the limit and removes them down to it, saying why not past either', async () => {
    fakeApi({});
    const { user, toast } = renderScreen(<PollForm />);
    const add = () => screen.getByRole('button', { name: 'Add option' });
    await user.click(screen.getByRole('button', { name: 'Remove option 2' }));
    expect(toast()).toBe(pollMessages.optionsMin);
    for (let count = pollLimits.optionsMin; count < pollLimits.optionsMax; count++) await user.click(add());
    expect(screen.getByLabelText(`Option ${pollLimits.optionsMax}`)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(`Option ${pollLimits.optionsMax}`));
    await user.click(add());
    expect(toast()).toBe(pollMessages.optionsMax);
  });

  it('locks the options of a poll with votes and still saves the rest', async () => {
    const api = fakeApi({
      [`PUT /api/v1/polls/${poll().id}`]: ({ body }) => ({ body: { data: poll({ ...(body as object), totalVotes: 3 }) } }),
    });
    const { user, location, toast } = renderScreen(<PollForm poll={poll({ totalVotes: 3 })} />);
    expect(screen.getByText(pollMessages.votingStarted)).toBeTruthy();
    expect(screen.getByText(pollTexts.optionsLocked(3))).toBeTruthy();
    expect((screen.getByLabelText('Option 1') as HTMLInputElement).readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Add option' })).toBeNull();
    await user.clear(screen.getByLabelText('Description'));
    await user.type(screen.getByLabelText('Description'), 'Best pet ever?');
    await user.click(screen.getByRole('button', { name: pollTexts.updateButton }));
    await expect.poll(location).toBe(`/app/poll/share/${poll().id}/best-pet`);
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      description: 'Best pet ever?',
      options: ['Cat', 'Dog'],
    });
    expect(toast()).toBe(pollTexts.updated);
  });

  it('keeps its own ad pixel ids, naming a malformed one as it is typed and leaving blank for the account’s', async () => {
    const api = fakeApi({
      [`PUT /api/v1/polls/${poll().id}`]: ({ body }) => ({ body: { data: poll(body as object) } }),
    });
    const { user, location } = renderScreen(<PollForm poll={poll({ tiktokPixelId: 'C4ABCDEFGHIJ12345678' })} />);
    expect((screen.getByRole('textbox', { name: 'TikTok Pixel' }) as HTMLInputElement).value).toBe('C4ABCDEFGHIJ12345678');
    await user.type(screen.getByRole('textbox', { name: 'Meta Pixel' }), '12345');
    expect(screen.getByText(adPixelMessages.metaPixelId)).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Meta Pixel' }), '67890123');
    expect(screen.queryByText(adPixelMessages.metaPixelId)).toBeNull();
    await user.clear(screen.getByRole('textbox', { name: 'TikTok Pixel' }));
    await user.click(screen.getByRole('button', { name: pollTexts.updateButton }));
    await expect.poll(location).toBe(`/app/poll/share/${poll().id}/best-pet`);
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      metaPixelId: '1234567890123',
      tiktokPixelId: '',
    });
  });

  it('saves every other field of a locked poll: status, email, custom colours', async () => {
    const api = fakeApi({
      [`PUT /api/v1/polls/${poll().id}`]: ({ body }) => ({ body: { data: poll({ ...(body as object), totalVotes: 2 }) } }),
    });
    const { user, location } = renderScreen(<PollForm poll={poll({ totalVotes: 2 })} />);
    await user.selectOptions(screen.getByLabelText('Status'), 'unpublished');
    await user.click(screen.getByRole('switch', { name: "Ask for the voter's email" }));
    await user.click(screen.getByRole('switch', { name: 'Custom colours' }));
    fireEvent.change(screen.getByLabelText('Background colour'), { target: { value: '#0b5394' } });
    await user.click(screen.getByRole('button', { name: pollTexts.updateButton }));
    await expect.poll(location).toBe(`/app/poll/share/${poll().id}/best-pet`);
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      status: 'unpublished',
      collectEmail: false,
      colors: { background: '#0b5394', text: pollDefaults.colors.text },
    });
  });

  it('shows the server’s refusal of the options on the options', async () => {
    fakeApi({
      [`PUT /api/v1/polls/${poll().id}`]: () => ({
        status: 400,
        body: { error: { code: 'validation', message: pollMessages.votingStarted, field: 'options' } },
      }),
    });
    const { user } = renderScreen(<PollForm poll={poll()} />);
    await user.type(screen.getByLabelText('Option 2'), 's');
    await user.click(screen.getByRole('button', { name: pollTexts.updateButton }));
    expect(await screen.findAllByText(pollMessages.votingStarted)).toHaveLength(2);
  });
});
