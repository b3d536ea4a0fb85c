import { ZQuizDetail, type TQuizDetail } from '@quizlead/shared/schemas/quiz.ts';
import { resultEmailTexts } from '@quizlead/shared/resultEmail.ts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/renderScreen.tsx';
import { sessionUser, SignedIn } from '../../../test/signedIn.tsx';
import { useQuizDraft } from '../useQuizDraft.ts';
import { LeadTab } from './LeadTab.tsx';

const quiz: TQuizDetail = ZQuizDetail.parse({
  id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  title: 'Tea quiz',
  quizType: 'personality_quiz',
  status: 'draft',
  slug: 'tea-quiz',
  fromTemplate: false,
  personalities: [{ id: 'p1', title: 'Calm' }],
  questions: [],
  productRecommendations: { mode: 'off', outcomes: [], rules: [], excludedTags: [], count: 3 },
  outcomePrizes: {},
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
  publishedAt: null,
});

function Harness() {
  const editor = useQuizDraft(quiz);
  return <LeadTab editor={editor} />;
}

const previewDocument = () => screen.getByTitle(resultEmailTexts.previewFrame).getAttribute('srcdoc') ?? '';

describe('the Lead tab’s result email', () => {
  it('is off until switched on; then its subject and body are previewed live, escaped, with the sample respondent', () => {
    renderScreen(
      <SignedIn user={sessionUser('owner')}>
        <Harness />
      </SignedIn>,
    );
    const toggle = screen.getByRole('switch', { name: resultEmailTexts.quizSwitch });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByLabelText(resultEmailTexts.subject)).toBeNull();

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    // The defaults, filled in with the sample respondent and the quiz's first personality.
    expect(screen.getByTestId('result-email-preview-subject').textContent).toBe('Your result: Calm');
    expect(previewDocument()).toContain('Hi Alex,');
    expect(previewDocument()).toContain('WELCOME-10');
    expect(previewDocument()).toContain('>View</a>');

    fireEvent.change(screen.getByLabelText(resultEmailTexts.subject), { target: { value: '{name}, you are {personality}' } });
    fireEvent.change(screen.getByLabelText(resultEmailTexts.body), { target: { value: '<b>Bold</b> {result} & {score}' } });
    expect(screen.getByTestId('result-email-preview-subject').textContent).toBe('Alex, you are Calm');
    expect(previewDocument()).toContain('&lt;b&gt;Bold&lt;/b&gt; Calm &amp; 80%');
    expect(previewDocument()).not.toContain('<b>Bold</b>');
  });
});
