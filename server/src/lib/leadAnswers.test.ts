import { describe, expect, it } from 'vitest';
import { ZLeadAnswer } from '@quizlead/shared/schemas/answerProperties.ts';
import type { TQuestion } from '@quizlead/shared/schemas/quiz.ts';
import { feedbackAnswers, quizAnswers, pollAnswers, wheelAnswers } from './leadAnswers.ts';

const option = (id: string, text: string, extra: { value?: string; tags?: string[] } = {}) => ({
  id,
  text,
  image: null,
  correct: false,
  weight: '',
  personalityId: null,
  value: extra.value ?? '',
  tags: extra.tags ?? [],
});
const skin: TQuestion = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'single',
  title: '<p>What&#39;s your <b>skin</b> type?</p>',
  image: null,
  categoryId: null,
  propertyKey: '',
  segment: true,
  answers: [option('dry', 'Dry &amp; tight'), option('oily', 'Oily', { value: 'oily', tags: ['skin-oily'] })],
};
const routine: TQuestion = {
  id: '00000000-0000-4000-8000-000000000002',
  kind: 'multiple',
  title: '<p>Your routine</p>',
  image: null,
  categoryId: null,
  propertyKey: 'routine_steps',
  segment: false,
  answers: [
    option('clean', 'Cleanser', { tags: ['routine'] }),
    option('serum', 'Serum', { tags: ['routine', 'serum'] }),
    option('spf', 'SPF'),
  ],
};
const skipped: TQuestion = { ...skin, id: '00000000-0000-4000-8000-000000000003', title: '<p>Skipped</p>', segment: false };

describe('quizAnswers', () => {
  it('each answered question under its key, in the quiz order: the value or the visible text, arrays for several picks, tags once', () => {
    const answers = quizAnswers([skin, routine, skipped], {
      [routine.id]: ['serum', 'clean'],
      [skin.id]: ['oily'],
      [skipped.id]: [],
      'not-a-question': ['x'],
    });
    expect(answers).toEqual([
      {
        key: 'what_s_your_skin_type',
        question: "What's your skin type?",
        type: 'choice',
        value: 'oily',
        optionIds: ['oily'],
        tags: ['skin-oily'],
        segment: true,
      },
      {
        key: 'routine_steps',
        question: 'Your routine',
        type: 'choices',
        value: ['Cleanser', 'Serum'],
        optionIds: ['clean', 'serum'],
        tags: ['routine', 'serum'],
        segment: false,
      },
    ]);
    for (const answer of answers) expect(ZLeadAnswer.parse(answer)).toEqual(answer);
    expect(quizAnswers([skin], { [skin.id]: ['dry'] })[0]!.value).toBe('Dry & tight');
  });

  it('a custom lead form’s filled fields follow as text, keyed apart from the questions', () => {
    const answers = quizAnswers([skin], { [skin.id]: ['dry'] }, { "What's your skin type": 'Mixed', Phone: ' ', City: 'Lyon' });
    expect(answers.slice(1)).toEqual([
      {
        key: 'what_s_your_skin_type_2',
        question: "What's your skin type",
        type: 'text',
        value: 'Mixed',
        optionIds: [],
        tags: [],
        segment: false,
      },
      { key: 'city', question: 'City', type: 'text', value: 'Lyon', optionIds: [], tags: [], segment: false },
    ]);
  });

  it('no picks, no answers', () => {
    expect(quizAnswers([skin, routine], null)).toEqual([]);
  });
});

describe('fixed keys of polls, web responses and wheels', () => {
  it('poll → slug of its question; feedback → rating (a number when it is one); wheel → prize', () => {
    expect(pollAnswers('Which colour next?', { index: 1, text: 'Teal' })).toEqual([
      {
        key: 'which_colour_next',
        question: 'Which colour next?',
        type: 'choice',
        value: 'Teal',
        optionIds: ['1'],
        tags: [],
        segment: false,
      },
    ]);
    expect(feedbackAnswers('How did we do?', '4')[0]).toMatchObject({ key: 'rating', type: 'number', value: 4 });
    expect(feedbackAnswers('How did we do?', 'happy')[0]).toMatchObject({ key: 'rating', type: 'choice', value: 'happy' });
    expect(feedbackAnswers('How did we do?', 5)).toHaveLength(1);
    expect(wheelAnswers('Spin!', { index: 2, text: '10% off' })).toEqual([
      { key: 'prize', question: 'Spin!', type: 'choice', value: '10% off', optionIds: ['2'], tags: [], segment: false },
    ]);
  });
});

describe('a stored key that breaks the rules', () => {
  it('is sent under the default key instead of failing the play', () => {
    const stray = { ...skin, id: '00000000-0000-4000-8000-000000000009', propertyKey: 'Skin Type!' };
    expect(quizAnswers([stray], { [stray.id]: ['dry'] })[0]!.key).toBe('what_s_your_skin_type');
  });
});
