import { tutorialTexts, type TutorialId } from '@quizlead/shared/reports.ts';
import { ZTutorialsResponse } from '@quizlead/shared/schemas/reports.ts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, offline } from '../../test/fakeApi.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { Tutorials } from './Tutorials.tsx';

const tutorial = (id: TutorialId) => ({
  id,
  title: tutorialTexts[id].title,
  description: tutorialTexts[id].description,
  url: `https://videos.example.test/${id}`,
});

/** The guides, as the server's schema has them. */
const guides = (ids: TutorialId[]) => ({ body: ZTutorialsResponse.parse({ data: ids.map(tutorial) }) });

const open = () => renderScreen(<Tutorials />, { path: '/app/Tutorials' });
const watch = (id: TutorialId) => `Watch: ${tutorialTexts[id].title} (opens in a new tab)`;

describe('the tutorials screen', () => {
  it('shows the page’s loading bar and busy placeholders until the guides arrive, then a card per guide', async () => {
    let answer: (value: ReturnType<typeof guides>) => void = () => {};
    const api = fakeApi({ 'GET /api/v1/tutorials': () => new Promise((resolve) => (answer = resolve)) as never });
    const { container } = open();
    expect(screen.getByRole('progressbar', { name: 'Page loading bar' })).toBeTruthy();
    expect(container.querySelector('[aria-busy="true"]')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Watch: / })).toBeNull();
    answer(guides(['first-quiz', 'embedding']));

    const first = await screen.findByRole('link', { name: watch('first-quiz') });
    expect(first.getAttribute('href')).toBe('https://videos.example.test/first-quiz');
    expect(first.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('heading', { name: tutorialTexts.embedding.title })).toBeTruthy();
    expect(screen.getByText(tutorialTexts.embedding.description)).toBeTruthy();
    expect(screen.getByRole('link', { name: watch('embedding') }).textContent).toBe('Watch');
    expect(screen.getAllByRole('link', { name: /^Watch: / })).toHaveLength(2);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
    expect(api.requests.map((request) => request.path)).toEqual(['/api/v1/tutorials']);
  });

  it('says when the guides could not load, and loads them again on Try again', async () => {
    let fail = true;
    const api = fakeApi({ 'GET /api/v1/tutorials': () => (fail ? offline() : guides(['integrations'])) });
    const { user } = open();
    expect(await screen.findByText(/Failed to fetch/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Watch: / })).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: watch('integrations') })).toBeTruthy();
    expect(screen.queryByText(/Failed to fetch/)).toBeNull();
    expect(api.requests).toHaveLength(2);
  });

  it('says the guides could not be loaded when the server has none to give (404)', async () => {
    fakeApi({});
    open();
    expect(await screen.findByText('Tutorials could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
