import { z } from 'zod';
import { ZLeadAnswer } from './answerProperties.ts';
import { ZStoredEmail } from './storedEmail.ts';

/**
 * The domain events a capture records (issue 12): one `events` row a submission, written in the
 * same transaction, then fanned out to the account's destinations (CRM, webhooks, notification
 * emails). Payloads are versioned: a reader parses with `ZDomainEvent` and switches on `type`; a
 * change that is not purely additive bumps `version` and keeps the old schema readable.
 */

/** THE list of event types; webhooks add only their `test` event to it (server/src/integrations/webhooks/payload.ts). */
export const domainEventTypes = ['lead.captured', 'play.completed', 'poll.voted', 'feedback.sent', 'wheel.spun'] as const;
export type DomainEventType = (typeof domainEventTypes)[number];

/** The kinds of item a capture comes from. */
export const leadTools = ['quiz', 'poll', 'feedback', 'wheel'] as const;
export type TLeadTool = (typeof leadTools)[number];

const item = <Tool extends z.ZodType<TLeadTool>>(tool: Tool) =>
  z.object({
    tool,
    id: z.string().min(1),
    title: z.string(),
    /** The item's CRM tag from the Advanced tab, when set. */
    crmTag: z.string().optional(),
  });

/** Who played, voted or spun, when they gave an email (the lead form, or a form before a spin). */
export const ZEventVisitor = z.object({
  email: ZStoredEmail,
  /** As typed; may be empty. */
  name: z.string(),
  /** The visitor agreed to hear from the owner. */
  consent: z.boolean(),
  /** The optional phone of the lead form, in E.164 (issue 33). */
  phone: z.string().optional(),
  /** The separate SMS consent checkbox, ticked for that phone. */
  smsConsent: z.boolean().optional(),
});
export type TEventVisitor = z.infer<typeof ZEventVisitor>;

/** A quiz's result: whichever of these the quiz type gives. */
export const ZQuizResult = z.object({
  outcome: z.string().optional(),
  score: z.number().optional(),
  percentage: z.number().min(0).max(100).optional(),
  personality: z.string().optional(),
});

/** Whatever a capture produced, in the shape destinations' results take. */
export const ZCaptureResult = ZQuizResult.extend({
  vote: z.string().optional(),
  rating: z.string().optional(),
  prize: z.string().optional(),
  /** The products the result recommended, best first, their titles joined by ', '. */
  products: z.string().optional(),
});

const envelope = {
  version: z.literal(1),
  /** When the visitor submitted (ISO 8601); the same on every retry of every delivery. */
  occurredAt: z.iso.datetime({ offset: true }),
  accountId: z.string().min(1),
  /**
   * Every answer of the submission under the key it had then (issue 33): a key renamed later never rewrites
   * a stored event. Added to version 1 (additive): events stored before it read as having none.
   */
  answers: z.array(ZLeadAnswer).default([]),
  /**
   * The shop's customer who submitted, as Shopify named them (issue 36: the post-purchase survey's session
   * token `sub`, a customer gid), when known; the Shopify customers and Flow destinations write to that
   * customer even without an email. Added to version 1 (additive): absent on every other event.
   */
  shopifyCustomerId: z
    .string()
    .regex(/^gid:\/\/shopify\/Customer\/\d{1,20}$/)
    .optional(),
};

/** A lead given at a lead form (a quiz's gate, or a form before a spin or a vote). */
export const ZLeadCapturedEvent = z.object({
  type: z.literal('lead.captured'),
  ...envelope,
  item: item(z.enum(leadTools)),
  /** The play, vote, response or spin the lead belongs to, when there is one. */
  captureId: z.string().min(1).optional(),
  visitor: ZEventVisitor,
  result: ZCaptureResult,
});

/** A quiz played to its result. */
export const ZPlayCompletedEvent = z.object({
  type: z.literal('play.completed'),
  ...envelope,
  item: item(z.literal('quiz')),
  playId: z.string().min(1),
  result: ZQuizResult,
  visitor: ZEventVisitor.optional(),
});

/** A poll vote. */
export const ZPollVotedEvent = z.object({
  type: z.literal('poll.voted'),
  ...envelope,
  item: item(z.literal('poll')),
  voteId: z.string().min(1),
  option: z.object({ index: z.number().int().min(0), text: z.string() }),
  visitor: ZEventVisitor.optional(),
});

/** A feedback form's response. */
export const ZFeedbackSentEvent = z.object({
  type: z.literal('feedback.sent'),
  ...envelope,
  item: item(z.literal('feedback')),
  responseId: z.string().min(1),
  /** The rating as stored (a number of stars, a score, or an emoji/choice's value) and its label, when it has one. */
  rating: z.object({ value: z.union([z.number(), z.string()]), label: z.string().optional() }),
  comment: z.string().optional(),
  visitor: ZEventVisitor.optional(),
});

/** A wheel spin. */
export const ZWheelSpunEvent = z.object({
  type: z.literal('wheel.spun'),
  ...envelope,
  item: item(z.literal('wheel')),
  spinId: z.string().min(1),
  /** The option landed on, and its prize code when the owner set one. */
  prize: z.object({ index: z.number().int().min(0), text: z.string(), code: z.string().optional() }),
  visitor: ZEventVisitor.optional(),
});

export const ZDomainEvent = z.discriminatedUnion('type', [
  ZLeadCapturedEvent,
  ZPlayCompletedEvent,
  ZPollVotedEvent,
  ZFeedbackSentEvent,
  ZWheelSpunEvent,
]);
export type TDomainEvent = z.infer<typeof ZDomainEvent>;
export type TDomainEventOf<Type extends DomainEventType> = Extract<TDomainEvent, { type: Type }>;

// The union covers the list exactly: adding a type to one and not the other fails the typecheck here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const unionCoversList: Same<TDomainEvent['type'], DomainEventType> = true;
void unionCoversList;

/** What the visitor got, as destinations show it: only the fields that apply. */
export function eventResult(event: TDomainEvent): z.infer<typeof ZCaptureResult> {
  switch (event.type) {
    case 'lead.captured':
      return { ...event.result };
    case 'play.completed':
      return { ...event.result };
    case 'poll.voted':
      return { vote: event.option.text };
    case 'feedback.sent':
      return { rating: event.rating.label ?? String(event.rating.value) };
    case 'wheel.spun':
      return { prize: event.prize.code ? `${event.prize.text} (${event.prize.code})` : event.prize.text };
  }
}
