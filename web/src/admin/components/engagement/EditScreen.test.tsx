import { feedbackMessages } from '@quizlead/shared/engagement.ts';
import type { TFeedback } from '@quizlead/shared/schemas/feedback.ts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FeedbackEditPage } from '../../pages/feedbacks/FeedbackPages.tsx';
import { feedbackTexts } from '../../pages/feedbacks/texts.ts';
import { fakeApi, offline } from '../../test/fakeApi.ts';
import { renderScreen } from '../../test/renderScreen.tsx';

const id = '5d1f4c3a-8e8b-4a55-9a55-2f7c1b0d9e01';
const feedback: TFeedback = {
  id,
  title: 'How was it?',
  feelingType: 'star',
  question: 'Rate your visit',
  customColor: '#ff0000',
  collectEmail: true,
  totalResponses: 4,
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
  metaPixelId: '',
  tiktokPixelId: '',
};
const open = () => renderScreen(<FeedbackEditPage />, { path: `/app/Feedback/Edit/${id}`, route: '/app/Feedback/Edit/:id' });

/** The web response's edit screen stands for the three (polls, web responses and wheels share EditScreen). */
describe('an engagement edit screen', () => {
  it('fills the form with the saved item', async () => {
    fakeApi({ [`GET /api/v1/feedbacks/${id}`]: () => ({ body: { data: feedback } }) });
    open();
    expect(((await screen.findByLabelText('Title')) as HTMLInputElement).value).toBe('How was it?');
    expect((screen.getByLabelText('Question') as HTMLTextAreaElement).value).toBe('Rate your visit');
    expect(screen.getByRole('button', { name: feedbackMessages.updateButton })).toBeTruthy();
  });

  it('says the item is not found for an id of no item in the account (404)', async () => {
    fakeApi({});
    open();
    expect(await screen.findByText(`${feedbackTexts.thing} not found`)).toBeTruthy();
    expect(screen.getByRole('link', { name: `Go to ${feedbackTexts.listTitle}` }).getAttribute('href')).toBe(
      '/app/FeedbackLists',
    );
  });

  it('says when the item could not load, and loads it again on Try again', async () => {
    let fail = true;
    fakeApi({ [`GET /api/v1/feedbacks/${id}`]: () => (fail ? offline() : { body: { data: feedback } }) });
    const { user } = open();
    expect(await screen.findByText(/Failed to fetch/)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Title')).toBeTruthy();
  });
});
