import { z } from 'zod';

/**
 * Every answer as a named piece of data (issue 33; reference: marketing-stack-and-languages.md A–C):
 * each question of a quiz, poll, web response or wheel, and each custom lead-form field, has a property
 * key, and a submission carries its answers under those keys to every destination (CRMs, Klaviyo,
 * webhooks, notification emails, Shopify customers). Destinations read only this shape.
 */

export const propertyLimits = {
  /** `[a-z0-9_]{1,40}`: safe as a Klaviyo property, a CRM field name, a metafield key and a JSON key. */
  keyMaxLength: 40,
  /** Properties one item may have. */
  perItemMax: 100,
} as const;

export const propertyKeyPattern = /^[a-z0-9_]{1,40}$/;

/**
 * How an answer's value is typed where it goes: `choice` one option's text (or the owner's value for it),
 * `choices` several, `number` a scale, rating or score, `text` what the visitor typed.
 */
export const answerValueTypes = ['choice', 'choices', 'number', 'text'] as const;
export type TAnswerValueType = (typeof answerValueTypes)[number];

export const ZPropertyKey = z.string().regex(propertyKeyPattern);

/** One answer of one submission, under the key it was sent with (a play keeps the key it was sent under). */
export const ZLeadAnswer = z.object({
  key: ZPropertyKey,
  /** The question's text as the visitor saw it. */
  question: z.string(),
  type: z.enum(answerValueTypes),
  /** The option's text, or the owner's value for it; an array for `choices`; a number for `number`. */
  value: z.union([z.string(), z.number(), z.array(z.string())]),
  /** The ids of the options picked (empty for typed and numeric answers). */
  optionIds: z.array(z.string()),
  /** The owner's tags of the picked options, to add to the contact (e.g. `skin-oily`). */
  tags: z.array(z.string()),
  /** The owner marked it "use in segments": Shopify gets a typed, filterable metafield for it. */
  segment: z.boolean(),
});
export type TLeadAnswer = z.infer<typeof ZLeadAnswer>;

/**
 * The key a question (or an item) gets unless the owner writes one: a short slug of its text, e.g.
 * "What's your skin type?" → `what_s_your_skin_type`, accents dropped; `fallback` when no letter or
 * digit is left (a question in a script without Latin letters).
 */
export function defaultPropertyKey(text: string, fallback = 'answer'): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!slug) return fallback;
  if (slug.length <= propertyLimits.keyMaxLength) return slug;
  const cut = slug.slice(0, propertyLimits.keyMaxLength);
  const lastBreak = cut.lastIndexOf('_');
  return (lastBreak > 10 ? cut.slice(0, lastBreak) : cut).replace(/_+$/, '');
}
