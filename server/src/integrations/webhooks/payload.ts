import { answerValueTypes, ZLeadAnswer, ZPropertyKey } from '@quizlead/shared/schemas/answerProperties.ts';
import { domainEventTypes, leadTools } from '@quizlead/shared/schemas/events.ts';
import { z } from 'zod';
import type { Lead } from '../crm/crmProvider.ts';

/**
 * What an outgoing webhook carries (issue 12; Standard Webhooks payload shape `{type, timestamp, data}`).
 * `data` is the delivery contract's `Lead` (integrations/crm/crmProvider.ts), so a webhook endpoint is one
 * more destination of the same pipeline as the CRMs, with its answers presented for a receiver (issue 33):
 * `answers` as one `{key: value}` map, and `questions` listing each key's question, type and chosen options. The JSON Schema in docs/webhooks.schema.json is
 * generated from `ZWebhookPayload` (scripts/writeWebhooksSchema.ts) and a test keeps them equal.
 */

/** The event types an endpoint receives (the domain events' one list, shared/src/schemas/events.ts); `test` is the Settings "send a test" event, shaped like a real one. */
export const webhookEventTypes = [...domainEventTypes, 'test'] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

export const ZWebhookLead = z
  .object({
    email: z.string().describe("The visitor's email address, as typed at the lead form."),
    name: z.string().describe('The name the visitor typed; may be empty.'),
    tool: z.enum(leadTools).describe('The kind of item the lead came from.'),
    item: z
      .object({
        id: z.string().describe("The item's id."),
        title: z.string().describe("The item's title."),
      })
      .describe('The quiz, poll, feedback form or wheel.'),
    result: z
      .object({
        outcome: z.string().optional().describe("The quiz's outcome (result title)."),
        score: z.number().optional().describe('Points scored, for a scored quiz.'),
        percentage: z.number().optional().describe('Share of correct answers, 0–100, for a graded quiz.'),
        personality: z.string().optional().describe('The personality reached, for a personality quiz.'),
        vote: z.string().optional().describe('The option voted for, for a poll.'),
        rating: z.string().optional().describe('The rating given, for a feedback form.'),
        prize: z.string().optional().describe('The prize won, for a wheel.'),
      })
      .describe('What the visitor got: only the fields that apply to the tool are present.'),
    consent: z.boolean().describe('The visitor agreed to hear from the owner.'),
    phone: z
      .string()
      .optional()
      .describe(
        'The phone number the visitor gave, in E.164 (e.g. +14155552671); absent when the form asked none or it was left empty.',
      ),
    smsConsent: z
      .boolean()
      .describe('The visitor ticked the separate SMS consent checkbox for that phone (false without a phone).'),
    tags: z
      .array(z.string())
      .describe("The item's CRM tag plus one automatic tag per result, e.g. 'quizlead-personality-adventurer'."),
    itemKey: ZPropertyKey.describe("The item's property key: the prefix its answers take where a destination namespaces them."),
    answers: z
      .record(ZPropertyKey, ZLeadAnswer.shape.value)
      .describe(
        "Every answer under its property key: the option's text or the owner's value for it, an array of them for a multiple-answer question, a number for a rating or score, or the text typed. Keys are the ones the item had when the visitor submitted.",
      ),
    questions: z
      .array(
        z.object({
          key: ZPropertyKey.describe('The property key, as in `answers`.'),
          text: z.string().describe("The question's text as the visitor saw it."),
          type: z.enum(answerValueTypes).describe("How the answer's value is typed: choice, choices (an array), number or text."),
          optionIds: z.array(z.string()).describe('The ids of the options picked (empty for typed and numeric answers).'),
        }),
      )
      .describe('One entry per answer, in the order of the item (empty when the item asks nothing).'),
    capturedAt: z.iso.datetime({ offset: true }).describe('When the visitor submitted, ISO 8601.'),
  })
  .describe('The lead, as every destination (CRM or webhook) receives it, its answers as a map and a list of questions.');

export const ZWebhookPayload = z
  .object({
    type: z.enum(webhookEventTypes).describe("The event; 'test' is sent by Settings to try an endpoint."),
    timestamp: z.iso
      .datetime({ offset: true })
      .describe('When the event happened, ISO 8601. The same on every retry; webhook-timestamp is the attempt time.'),
    data: ZWebhookLead,
  })
  .meta({
    title: 'Quizlead webhook payload',
    description:
      'The JSON body of every Quizlead webhook (Standard Webhooks shape). Verify the webhook-signature header over the raw body before parsing it.',
  });

export type WebhookPayload = z.infer<typeof ZWebhookPayload>;

/** The contract's Lead with its answers as a webhook presents them. */
type WebhookLead = Omit<Lead, 'answers'> & {
  answers: Record<string, Lead['answers'][number]['value']>;
  questions: { key: string; text: string; type: Lead['answers'][number]['type']; optionIds: string[] }[];
};

// The payload's data is the contract's Lead (answers presented), both ways: a change to either fails the typecheck here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const leadMatchesContract: Same<z.infer<typeof ZWebhookLead>, WebhookLead> = true;
void leadMatchesContract;

/** The lead as `data`: every field as it is, its answers as `{key: value}` plus the questions they answer. */
export function webhookLead(lead: Lead): WebhookLead {
  const { answers, ...rest } = lead;
  return {
    ...rest,
    answers: Object.fromEntries(answers.map((answer) => [answer.key, answer.value])),
    questions: answers.map((answer) => ({
      key: answer.key,
      text: answer.question,
      type: answer.type,
      optionIds: answer.optionIds,
    })),
  };
}

/** The JSON body sent for an event: the same bytes on every attempt, so a receiver can dedupe on webhook-id. */
export function buildWebhookPayload(type: WebhookEventType, lead: Lead, occurredAt: Date | string): WebhookPayload {
  const timestamp = typeof occurredAt === 'string' ? new Date(occurredAt).toISOString() : occurredAt.toISOString();
  return ZWebhookPayload.parse({ type, timestamp, data: webhookLead(lead) });
}

/** A realistic lead for the `test` event (Settings → Webhook Integration → test): the same shape as a real one. */
export function sampleWebhookLead(now: Date = new Date()): Lead {
  return {
    email: 'jane.doe@example.com',
    name: 'Jane Doe',
    tool: 'quiz',
    item: { id: 'sample-quiz', title: 'Which coffee suits you?' },
    result: { outcome: 'The Adventurer', personality: 'Adventurer', score: 8, percentage: 80 },
    itemKey: 'coffee_quiz',
    phone: '+14155552671',
    smsConsent: true,
    answers: [
      {
        key: 'roast',
        question: 'How do you like your roast?',
        type: 'choice',
        value: 'dark',
        optionIds: ['sample-dark'],
        tags: ['roast-dark'],
        segment: true,
      },
      {
        key: 'brew_methods',
        question: 'How do you brew at home?',
        type: 'choices',
        value: ['Espresso', 'Pour-over'],
        optionIds: ['sample-espresso', 'sample-pour-over'],
        tags: [],
        segment: false,
      },
      { key: 'cups_a_day', question: 'Cups a day', type: 'number', value: 3, optionIds: [], tags: [], segment: false },
    ],
    consent: true,
    tags: ['quizlead-sample', 'quizlead-personality-adventurer'],
    capturedAt: now.toISOString(),
  };
}

/**
 * docs/webhooks.schema.json's content (draft 2020-12), before formatting. Described as input, so objects
 * stay open (no `additionalProperties: false`): a field added later does not break a receiver that validates.
 */
export function webhookJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(ZWebhookPayload, { target: 'draft-2020-12', io: 'input' }) as Record<string, unknown>;
}
