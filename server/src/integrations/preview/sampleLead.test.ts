import { describe, expect, it } from 'vitest';
import type { TQuestion } from '@quizlead/shared/schemas/quiz.ts';
import { gradedQuestion } from '../../test/quizFactory.ts';
import type { PreviewItem } from '../../db/queries/previewItems.ts';
import { genericSample, sampleItemLead, sampleVisitor } from './sampleLead.ts';

const accountId = 'acct-1';
const now = new Date('2026-11-28T12:00:00.000Z');

function quizItem(questions: TQuestion[], change: Partial<Extract<PreviewItem, { kind: 'quiz' }>> = {}): PreviewItem {
  return {
    kind: 'quiz',
    id: 'quiz-1',
    title: 'Skin quiz',
    questions,
    crmTag: '',
    askPhone: false,
    outcome: undefined,
    ...change,
  };
}

describe('the sample lead of a destination preview', () => {
  it('answers each quiz question with its first option, its value and tags, under its property key', () => {
    const single = gradedQuestion('<p>What is your skin type?</p>');
    const multiple: TQuestion = {
      ...gradedQuestion('<p>Which worries you?</p>'),
      kind: 'multiple',
      propertyKey: 'worries',
    };
    const keyed: TQuestion = {
      ...single,
      propertyKey: 'skin_type',
      answers: [{ ...single.answers[0]!, value: 'oily', tags: ['skin-oily'] }, single.answers[1]!],
    };
    const { event, lead } = sampleItemLead(quizItem([keyed, multiple], { crmTag: 'skin-quiz', outcome: 'Glow' }), accountId, now);
    expect(event.type).toBe('lead.captured');
    expect(lead).toMatchObject({
      email: sampleVisitor.email,
      name: 'Alex Sample',
      consent: true,
      smsConsent: false,
      tool: 'quiz',
      itemKey: 'skin_quiz',
      item: { id: 'quiz-1', title: 'Skin quiz' },
      result: { outcome: 'Glow', personality: 'Glow' },
      capturedAt: now.toISOString(),
    });
    expect(lead.phone).toBeUndefined();
    expect(lead.answers.map(({ key, type, value, tags }) => ({ key, type, value, tags }))).toEqual([
      { key: 'skin_type', type: 'choice', value: 'oily', tags: ['skin-oily'] },
      { key: 'worries', type: 'choices', value: ['4'], tags: [] },
    ]);
    // The item's CRM tag, the result's automatic tag and the options' tags, as a real lead carries them.
    expect(lead.tags).toEqual(['skin-quiz', 'quizlead-outcome-glow', 'quizlead-personality-glow', 'skin-oily']);
  });

  it('gives a phone with SMS consent when the form asks for one', () => {
    const { lead } = sampleItemLead(quizItem([gradedQuestion()], { askPhone: true }), accountId, now);
    expect(lead).toMatchObject({ phone: sampleVisitor.phone, smsConsent: true });
  });

  it('votes a poll’s first option, rates a web response mid-scale and lands a wheel on its first option', () => {
    const poll = sampleItemLead(
      { kind: 'poll', id: 'p', title: 'Tea or coffee?', options: ['Tea', 'Coffee'], askPhone: false },
      accountId,
      now,
    );
    expect(poll.lead.result).toEqual({ vote: 'Tea' });
    expect(poll.lead.answers[0]).toMatchObject({ key: 'tea_or_coffee', value: 'Tea' });

    const scale = sampleItemLead(
      { kind: 'feedback', id: 'f', title: 'Our service', question: 'How did we do?', feelingType: 'scale', askPhone: false },
      accountId,
      now,
    );
    expect(scale.lead.answers[0]).toMatchObject({ key: 'rating', type: 'number', value: 3 });
    const stars = sampleItemLead(
      { kind: 'feedback', id: 'f', title: 'Our service', question: '', feelingType: 'star', askPhone: false },
      accountId,
      now,
    );
    expect(stars.lead.result).toEqual({ rating: '3*' });

    const wheel = sampleItemLead(
      { kind: 'wheel', id: 'w', title: 'Spin', options: [{ text: '10% off' }, { text: 'No luck' }], askPhone: true },
      accountId,
      now,
    );
    expect(wheel.event.type).toBe('wheel.spun');
    expect(wheel.lead).toMatchObject({ result: { prize: '10% off' }, phone: sampleVisitor.phone, smsConsent: true });
  });

  it('without items: Test connection’s generic sample lead', () => {
    const { event, lead } = genericSample(accountId, now);
    expect(lead.email).toBe('jane.doe@example.com');
    expect(event).toMatchObject({ type: 'lead.captured', accountId, answers: lead.answers });
  });
});
