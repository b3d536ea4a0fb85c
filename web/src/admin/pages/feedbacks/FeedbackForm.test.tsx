import { feedbackDefaults, feedbackMessages, engagementMessages } from '@quizlead/shared/engagement.ts';
import type { TFeedback } from '@quizlead/shared/schemas/feedback.ts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, offline } from '../../test/fakeApi.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { FeedbackForm } from './FeedbackForm.tsx';

const saved: TFeedback = {
  id: '5d1f4c3a-8e8b-4a55-9a55-2f7c1b0d9e01',
  title: 'How was it?',
  feelingType: 'star',
  question: 'Rate your visit',
  customColor: null,
  collectEmail: true,
  totalResponses: 0,
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
  metaPixelId: '',
  tiktokPixelId: '',
};

describe('the web response form', () => {
  it('refuses an empty form with the shared texts, in the banner and under each field, and sends nothing', async () => {
    const api = fakeApi({});
    const { user } = renderScreen(<FeedbackForm />);
    await user.click(screen.getByRole('button', { name: feedbackMessages.createButton }));
    expect(await screen.findByText(engagementMessages.validationErrorTitle)).toBeTruthy();
    expect(screen.getAllByText(feedbackMessages.titleRequired)).toHaveLength(2);
    expect(screen.getByText(feedbackMessages.questionRequired)).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it('clears a field’s message and the banner when the field changes', async () => {
    fakeApi({});
    const { user } = renderScreen(<FeedbackForm />);
    await user.click(screen.getByRole('button', { name: feedbackMessages.createButton }));
    await screen.findByText(engagementMessages.validationErrorTitle);
    await user.type(screen.getByLabelText('Title'), 'T');
    expect(screen.queryByText(engagementMessages.validationErrorTitle)).toBeNull();
    expect(screen.queryByText(feedbackMessages.titleRequired)).toBeNull();
    expect(screen.getByText(feedbackMessages.questionRequired)).toBeTruthy();
  });

  it('creates with the typed values, then says so and opens the share screen', async () => {
    const api = fakeApi({ 'POST /api/v1/feedbacks': () => ({ status: 201, body: { data: saved } }) });
    const { user, toast, location } = renderScreen(<FeedbackForm />);
    await user.type(screen.getByLabelText('Title'), 'How was it?');
    await user.type(screen.getByLabelText('Question'), 'Rate your visit');
    await user.click(screen.getByRole('button', { name: feedbackMessages.createButton }));
    await expect.poll(location).toBe(`/app/Feedback/share/${saved.id}`);
    expect(api.requests[0]).toMatchObject({
      method: 'POST',
      body: { title: 'How was it?', question: 'Rate your visit', customColor: null, collectEmail: feedbackDefaults.collectEmail },
    });
    expect(toast()).toBe('Your web response has been created.');
  });

  it('shows the server’s refusal under the field it names, and a failed network call as a toast', async () => {
    let answer: () => { status?: number; body: unknown } | Promise<never> = () => ({
      status: 400,
      body: { error: { code: 'validation', message: feedbackMessages.questionEmpty, field: 'question' } },
    });
    fakeApi({ [`PUT /api/v1/feedbacks/${saved.id}`]: () => answer() });
    const { user, toast } = renderScreen(<FeedbackForm feedback={saved} />);
    await user.click(screen.getByRole('button', { name: feedbackMessages.updateButton }));
    expect(await screen.findAllByText(feedbackMessages.questionEmpty)).toHaveLength(2);

    answer = offline;
    await user.click(screen.getByRole('button', { name: feedbackMessages.updateButton }));
    await expect.poll(toast).toMatch(/Failed to fetch/);
  });
});
