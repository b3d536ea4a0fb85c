import type { TDomainEvent } from '@quizlead/shared/schemas/events.ts';
import { describe, expect, it } from 'vitest';
import { leadFromEvent, leadTags } from './leadFromEvent.ts';

const envelope = { version: 1 as const, occurredAt: '2026-11-23T11:00:00+01:00', accountId: 'acc-1', answers: [] };
const visitor = { email: 'ann@example.com', name: 'Ann Lee', consent: false };

describe('leadFromEvent', () => {
  it('maps a quiz lead to the contract Lead, with the CRM tag and one tag per textual result', () => {
    const event: TDomainEvent = {
      type: 'lead.captured',
      ...envelope,
      item: { tool: 'quiz', id: 'q1', title: 'Coffee quiz', crmTag: ' summer-quiz ' },
      visitor,
      result: { outcome: 'The Adventurer', personality: 'Adventurer', score: 8, percentage: 80 },
    };
    expect(leadFromEvent(event)).toEqual({
      email: 'ann@example.com',
      name: 'Ann Lee',
      tool: 'quiz',
      item: { id: 'q1', title: 'Coffee quiz' },
      result: { outcome: 'The Adventurer', personality: 'Adventurer', score: 8, percentage: 80 },
      consent: false,
      smsConsent: false,
      tags: ['summer-quiz', 'quizlead-outcome-the-adventurer', 'quizlead-personality-adventurer'],
      itemKey: 'coffee_quiz',
      answers: [],
      capturedAt: '2026-11-23T10:00:00.000Z',
    });
  });

  it('maps a vote, a feedback response and a spin that carry a visitor', () => {
    const vote = leadFromEvent({
      type: 'poll.voted',
      ...envelope,
      item: { tool: 'poll', id: 'p1', title: 'Tea or coffee?' },
      voteId: 'v1',
      option: { index: 0, text: 'Tea' },
      visitor,
    });
    expect(vote).toMatchObject({ tool: 'poll', result: { vote: 'Tea' }, tags: ['quizlead-vote-tea'] });
    const feedback = leadFromEvent({
      type: 'feedback.sent',
      ...envelope,
      item: { tool: 'feedback', id: 'f1', title: 'How did we do?' },
      responseId: 'r1',
      rating: { value: 5 },
      comment: 'Great',
      visitor,
    });
    expect(feedback).toMatchObject({ tool: 'feedback', result: { rating: '5' }, tags: ['quizlead-rating-5'] });
    const spin = leadFromEvent({
      type: 'wheel.spun',
      ...envelope,
      item: { tool: 'wheel', id: 'w1', title: 'Spin' },
      spinId: 's1',
      prize: { index: 1, text: 'Free coffee' },
      visitor,
    });
    expect(spin).toMatchObject({ tool: 'wheel', result: { prize: 'Free coffee' }, tags: ['quizlead-prize-free-coffee'] });
  });

  it('hands the event’s answers to the lead, and the picked options’ tags to its tags (once)', () => {
    const answers = [
      {
        key: 'skin_type',
        question: 'Skin type?',
        type: 'choice' as const,
        value: 'oily',
        optionIds: ['a1'],
        tags: ['skin-oily'],
        segment: true,
      },
      {
        key: 'routine',
        question: 'Routine',
        type: 'choices' as const,
        value: ['Serum', 'SPF'],
        optionIds: ['b1', 'b2'],
        tags: ['skin-oily', 'serum'],
        segment: false,
      },
    ];
    const lead = leadFromEvent({
      type: 'lead.captured',
      ...envelope,
      answers,
      item: { tool: 'quiz', id: 'q1', title: 'Skin quiz', crmTag: 'skin' },
      visitor,
      result: { outcome: 'Glow' },
    });
    expect(lead?.answers).toEqual(answers);
    expect(lead?.tags).toEqual(['skin', 'quizlead-outcome-glow', 'skin-oily', 'serum']);
  });

  it('carries the visitor’s phone and SMS consent (issue 33); SMS consent is false without a phone', () => {
    const event = (extra: object): TDomainEvent => ({
      type: 'lead.captured',
      ...envelope,
      item: { tool: 'quiz', id: 'q1', title: 'Coffee quiz' },
      visitor: { ...visitor, ...extra },
      result: {},
    });
    expect(leadFromEvent(event({ phone: '+14155552671', smsConsent: true }))).toMatchObject({
      phone: '+14155552671',
      smsConsent: true,
    });
    const withoutPhone = leadFromEvent(event({ smsConsent: true }))!;
    expect(withoutPhone.smsConsent).toBe(false);
    expect(withoutPhone).not.toHaveProperty('phone');
  });

  it('gives no lead for an anonymous play', () => {
    const play: TDomainEvent = {
      type: 'play.completed',
      ...envelope,
      item: { tool: 'quiz', id: 'q1', title: 'Coffee quiz' },
      playId: 'play-1',
      result: { score: 3 },
    };
    expect(leadFromEvent(play)).toBeUndefined();
  });

  it('drops empty and repeated tags', () => {
    expect(leadTags('', { outcome: 'Adventurer', personality: 'Adventurer', vote: '!!!' })).toEqual([
      'quizlead-outcome-adventurer',
      'quizlead-personality-adventurer',
    ]);
    expect(leadTags('quizlead-outcome-adventurer', { outcome: 'Adventurer' })).toEqual(['quizlead-outcome-adventurer']);
  });
});
