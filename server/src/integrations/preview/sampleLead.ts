import { feelingValues } from '@quizlead/shared/engagement.ts';
import type { TDomainEvent, TEventVisitor } from '@quizlead/shared/schemas/events.ts';
import type { PreviewItem } from '../../db/queries/previewItems.ts';
import { feedbackAnswers, pollAnswers, quizAnswers, wheelAnswers } from '../../lib/leadAnswers.ts';
import type { Lead } from '../crm/crmProvider.ts';
import { leadFromEvent } from '../events/leadFromEvent.ts';
import { sampleWebhookLead } from '../webhooks/payload.ts';

/**
 * The sample lead of Settings' destination preview (issue 33), made from one of the owner's items by the
 * code a real submission uses: the event the play, vote, response or spin records (its answers by
 * lib/leadAnswers.ts), then the lead every destination receives for it (leadFromEvent). Each question is
 * answered with its first option (its value and tags), a web response with the middle of its scale, a poll
 * and a wheel with their first option; the visitor is Alex Sample, who consents, and gives a phone with SMS
 * consent when the item's form asks for one.
 */

export const sampleVisitor = { email: 'alex.sample@example.com', name: 'Alex Sample', phone: '+14155552671' };

function visitorFor(item: PreviewItem): TEventVisitor {
  return {
    email: sampleVisitor.email,
    name: sampleVisitor.name,
    consent: true,
    ...(item.askPhone ? { phone: sampleVisitor.phone, smsConsent: true } : {}),
  };
}

/** The event a submission of `item` with a lead records: the one that reaches the destinations. */
export function sampleEvent(item: PreviewItem, accountId: string, now: Date = new Date()): TDomainEvent {
  const envelope = { version: 1 as const, occurredAt: now.toISOString(), accountId };
  const visitor = visitorFor(item);
  switch (item.kind) {
    case 'quiz': {
      const picks = Object.fromEntries(
        item.questions.flatMap((question) => (question.answers[0] ? [[question.id, [question.answers[0].id]]] : [])),
      );
      return {
        type: 'lead.captured',
        ...envelope,
        item: { tool: 'quiz', id: item.id, title: item.title, ...(item.crmTag ? { crmTag: item.crmTag } : {}) },
        answers: quizAnswers(item.questions, picks),
        captureId: 'sample-play',
        visitor,
        result: item.outcome ? { outcome: item.outcome, personality: item.outcome } : {},
      };
    }
    case 'poll': {
      const option = { index: 0, text: item.options[0] ?? '' };
      return {
        type: 'poll.voted',
        ...envelope,
        item: { tool: 'poll', id: item.id, title: item.title },
        answers: pollAnswers(item.title, option),
        voteId: 'sample-vote',
        option,
        visitor,
      };
    }
    case 'feedback': {
      const values = feelingValues[item.feelingType];
      const value = values[Math.floor((values.length - 1) / 2)]!;
      return {
        type: 'feedback.sent',
        ...envelope,
        item: { tool: 'feedback', id: item.id, title: item.title },
        answers: feedbackAnswers(item.question || item.title, value),
        responseId: 'sample-response',
        rating: { value },
        visitor,
      };
    }
    case 'wheel': {
      const prize = { index: 0, text: item.options[0]?.text ?? '' };
      return {
        type: 'wheel.spun',
        ...envelope,
        item: { tool: 'wheel', id: item.id, title: item.title },
        answers: wheelAnswers(item.title, prize),
        spinId: 'sample-spin',
        prize,
        visitor,
      };
    }
  }
}

/** The sample event and the lead the destinations receive for it. */
export function sampleItemLead(
  item: PreviewItem,
  accountId: string,
  now: Date = new Date(),
): { event: TDomainEvent; lead: Lead } {
  const event = sampleEvent(item, accountId, now);
  // Every sample event has a visitor, so it has a lead.
  return { event, lead: leadFromEvent(event)! };
}

/** For an account with no items: Test connection's generic sample lead, and the event it stands for. */
export function genericSample(accountId: string, now: Date = new Date()): { event: TDomainEvent; lead: Lead } {
  const lead = sampleWebhookLead(now);
  const event: TDomainEvent = {
    type: 'lead.captured',
    version: 1,
    occurredAt: lead.capturedAt,
    accountId,
    answers: lead.answers,
    item: { tool: lead.tool, id: lead.item.id, title: lead.item.title },
    visitor: { email: lead.email, name: lead.name, consent: lead.consent, phone: lead.phone, smsConsent: lead.smsConsent },
    result: lead.result,
  };
  return { event, lead };
}
