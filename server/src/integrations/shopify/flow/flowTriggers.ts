import type { DomainEventType } from '@quizlead/shared/schemas/events.ts';

/**
 * The app's Shopify Flow triggers (reference C6): one trigger extension each in `extensions/<handle>/`
 * (flowTriggers.test.ts holds each toml to this list), sent with `flowTriggerReceive(handle, payload)`
 * by the Shopify Flow destination (integrations/destinations/shopifyFlowDestination.ts) to the shops whose
 * workflows use them (the lifecycle callback, routes/shopify/flowLifecycle.ts).
 */

/** A handle: at most 30 letters, digits and hyphens, never changed once deployed (reference C6). */
export const flowTriggerHandles = [
  'quiz-completed',
  'lead-captured',
  'prize-won',
  'poll-voted',
  'web-response-sent',
  'wheel-spun',
] as const;
export type TFlowTriggerHandle = (typeof flowTriggerHandles)[number];

export const isFlowTriggerHandle = (value: string): value is TFlowTriggerHandle =>
  (flowTriggerHandles as readonly string[]).includes(value);

/**
 * The payload's custom keys: a trigger field's key is letters and spaces only and is the payload's key
 * as written (reference C6). The customer reference has no key: it arrives as `customer_id`.
 */
export const flowFieldKeys = {
  email: 'Customer email',
  itemId: 'Item id',
  itemTitle: 'Item title',
  result: 'Result',
  answers: 'Answers',
  answersNote: 'Answers note',
  prizeCode: 'Prize code',
} as const;

/** The trigger fields every trigger declares, with their Flow types (single_line_text_field holds the answers' JSON). */
export const flowCommonFields = [
  { type: 'customer_reference' },
  { type: 'email', key: flowFieldKeys.email },
  { type: 'single_line_text_field', key: flowFieldKeys.itemId },
  { type: 'single_line_text_field', key: flowFieldKeys.itemTitle },
  { type: 'single_line_text_field', key: flowFieldKeys.result },
  { type: 'single_line_text_field', key: flowFieldKeys.answers },
  { type: 'single_line_text_field', key: flowFieldKeys.answersNote },
] as const;

export interface FlowTriggerDefinition {
  handle: TFlowTriggerHandle;
  /** The name Flow shows in its trigger list. */
  name: string;
  description: string;
  /** Fields beyond the common ones. */
  extraFields: readonly { type: string; key: string }[];
}

export const flowTriggers: readonly FlowTriggerDefinition[] = [
  {
    handle: 'quiz-completed',
    name: 'Quiz completed',
    description: 'A shopper finished a Quizlead quiz and left their email: the result and every answer.',
    extraFields: [],
  },
  {
    handle: 'lead-captured',
    name: 'Lead captured',
    description: "A shopper left their email in a Quizlead quiz, poll, web response or wheel's lead form.",
    extraFields: [],
  },
  {
    handle: 'prize-won',
    name: 'Prize won',
    description: 'A shopper won a prize with a discount code on a Quizlead spin-to-win wheel.',
    extraFields: [{ type: 'single_line_text_field', key: flowFieldKeys.prizeCode }],
  },
  {
    handle: 'poll-voted',
    name: 'Poll voted',
    description: 'A shopper voted in a Quizlead poll and left their email.',
    extraFields: [],
  },
  {
    handle: 'web-response-sent',
    name: 'Web response sent',
    description: 'A shopper sent a Quizlead web response (rating and comment) and left their email.',
    extraFields: [],
  },
  {
    handle: 'wheel-spun',
    name: 'Wheel spun',
    description: 'A shopper spun a Quizlead spin-to-win wheel and left their email, whatever they landed on.',
    extraFields: [],
  },
];

/** The triggers an event fires: a spin fires "Wheel spun", and "Prize won" too when it landed on a prize code. */
export function flowTriggersOf(event: { type: DomainEventType; prize?: { code?: string } }): TFlowTriggerHandle[] {
  switch (event.type) {
    case 'play.completed':
      return ['quiz-completed'];
    case 'lead.captured':
      return ['lead-captured'];
    case 'poll.voted':
      return ['poll-voted'];
    case 'feedback.sent':
      return ['web-response-sent'];
    case 'wheel.spun':
      return event.prize?.code ? ['prize-won', 'wheel-spun'] : ['wheel-spun'];
  }
}
