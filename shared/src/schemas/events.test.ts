import { describe, expect, it } from 'vitest';
import { domainEventTypes, eventResult, ZDomainEvent, type TDomainEvent } from './events.ts';

const envelope = { version: 1 as const, occurredAt: '2026-11-23T10:00:00.000Z', accountId: 'acc-1', answers: [] };
const visitor = { email: 'ann@example.com', name: 'Ann', consent: true };

const samples: TDomainEvent[] = [
  {
    type: 'lead.captured',
    ...envelope,
    item: { tool: 'quiz', id: 'q1', title: 'Coffee quiz', crmTag: 'coffee' },
    captureId: 'play-1',
    visitor,
    result: { outcome: 'Adventurer', personality: 'Adventurer' },
  },
  {
    type: 'play.completed',
    ...envelope,
    item: { tool: 'quiz', id: 'q1', title: 'Coffee quiz' },
    playId: 'play-1',
    result: { score: 8, percentage: 80, outcome: 'Well done' },
  },
  {
    type: 'poll.voted',
    ...envelope,
    item: { tool: 'poll', id: 'p1', title: 'Tea or coffee?' },
    voteId: 'v1',
    option: { index: 1, text: 'Coffee' },
  },
  {
    type: 'feedback.sent',
    ...envelope,
    item: { tool: 'feedback', id: 'f1', title: 'How did we do?' },
    responseId: 'r1',
    rating: { value: 4, label: 'Good' },
    comment: 'Nice',
    visitor,
  },
  {
    type: 'wheel.spun',
    ...envelope,
    item: { tool: 'wheel', id: 'w1', title: 'Spin to win' },
    spinId: 's1',
    prize: { index: 2, text: '10% off', code: 'SAVE10' },
  },
];

describe('domain events', () => {
  it('has one sample a type, and every sample parses unchanged', () => {
    expect(samples.map((event) => event.type)).toEqual([...domainEventTypes]);
    for (const event of samples) expect(ZDomainEvent.parse(JSON.parse(JSON.stringify(event)))).toEqual(event);
  });

  it('reads an event stored before answers were carried as having none, and keeps the answers it has', () => {
    for (const event of samples) {
      const { answers: _answers, ...stored } = event;
      expect(ZDomainEvent.parse(stored).answers).toEqual([]);
    }
    const answer = {
      key: 'skin_type',
      question: 'Skin type?',
      type: 'choice',
      value: 'oily',
      optionIds: ['a1'],
      tags: ['skin-oily'],
      segment: true,
    };
    expect(ZDomainEvent.parse({ ...samples[0], answers: [answer] }).answers).toEqual([answer]);
    expect(ZDomainEvent.safeParse({ ...samples[0], answers: [{ ...answer, key: 'Skin Type' }] }).success).toBe(false);
  });

  it('refuses an unknown version, an unknown type and a missing envelope field', () => {
    const [lead] = samples;
    expect(ZDomainEvent.safeParse({ ...lead, version: 2 }).success).toBe(false);
    expect(ZDomainEvent.safeParse({ ...lead, type: 'lead.deleted' }).success).toBe(false);
    const { accountId: _accountId, ...withoutAccount } = lead!;
    expect(ZDomainEvent.safeParse(withoutAccount).success).toBe(false);
    expect(ZDomainEvent.safeParse({ ...lead, occurredAt: 'yesterday' }).success).toBe(false);
  });

  it('needs a visitor with a valid email for a lead, and ties each tool-specific event to its tool', () => {
    const [lead, play, vote] = samples;
    const { visitor: _visitor, ...anonymousLead } = lead as Extract<TDomainEvent, { type: 'lead.captured' }>;
    expect(ZDomainEvent.safeParse(anonymousLead).success).toBe(false);
    expect(ZDomainEvent.safeParse({ ...lead, visitor: { ...visitor, email: 'not-an-email' } }).success).toBe(false);
    expect(ZDomainEvent.safeParse({ ...play, item: { tool: 'poll', id: 'q1', title: 'x' } }).success).toBe(false);
    expect(ZDomainEvent.safeParse({ ...vote, item: { tool: 'quiz', id: 'p1', title: 'x' } }).success).toBe(false);
  });

  it('gives each event its result in the destinations’ shape', () => {
    expect(samples.map(eventResult)).toEqual([
      { outcome: 'Adventurer', personality: 'Adventurer' },
      { score: 8, percentage: 80, outcome: 'Well done' },
      { vote: 'Coffee' },
      { rating: 'Good' },
      { prize: '10% off (SAVE10)' },
    ]);
    const unlabelled = { ...samples[3], rating: { value: 5 } } as TDomainEvent;
    expect(eventResult(unlabelled)).toEqual({ rating: '5' });
  });
});
