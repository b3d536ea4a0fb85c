import { z } from 'zod';
import { visibleText } from '../engine/text.ts';

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
  /** Tags one answer option may add to the contact, and the length of each. */
  tagsPerOption: 10,
  tagMaxLength: 80,
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

/** What the owner reads when a property key is refused (a 400 naming the question's `propertyKey`). */
export const propertyMessages = {
  keyInvalid: `Use 1–${propertyLimits.keyMaxLength} lowercase letters, digits or underscores, e.g. skin_type`,
  keyDuplicate: (key: string) => `Another question is already sent as ${key}: each question needs its own name`,
  tooMany: `At most ${propertyLimits.perItemMax} properties per item`,
  tagsTooMany: `At most ${propertyLimits.tagsPerOption} tags per answer`,
  tagTooLong: `Each tag has at most ${propertyLimits.tagMaxLength} characters`,
} as const;

/** The tags a comma-separated field names ("skin-oily, dry") as an option stores them: trimmed, no empties, no repeats. */
export function parseOptionTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}

/** Why an option's tags would be refused (too many, one too long), or undefined. */
export function optionTagsProblem(tags: readonly string[]): string | undefined {
  if (tags.length > propertyLimits.tagsPerOption) return propertyMessages.tagsTooMany;
  if (tags.some((tag) => tag.length > propertyLimits.tagMaxLength)) return propertyMessages.tagTooLong;
  return undefined;
}

/** How a quiz question's answer is typed: a multiple-answer question sends the picks as an array. */
export function quizAnswerType(kind: string): Extract<TAnswerValueType, 'choice' | 'choices'> {
  return kind === 'multiple' ? 'choices' : 'choice';
}

/** What a picked option sends: the owner's value, or else its visible text. */
export function optionSentValue(option: { value: string; text: string }): string {
  return option.value || visibleText(option.text);
}

/**
 * `base`, or `base_2`, `base_3`… (cut to fit the 40 characters) when `taken` has it already; the caller
 * adds the answer to `taken`.
 */
export function uniquePropertyKey(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `_${n}`;
    const key = `${base.slice(0, propertyLimits.keyMaxLength - suffix.length).replace(/_+$/, '')}${suffix}`;
    if (!taken.has(key)) return key;
  }
}

/** What a question needs to have a key: the owner's "Send as" ('' for the default) and its title (rich text). */
export interface KeyedQuestion {
  propertyKey: string;
  title: string;
}

/**
 * THE key of each question of an item, in order (server and builder alike): the owner's key, or the default
 * slug of the question's visible text, made unique within the item (`_2`, `_3`…; an owner's key keeps its
 * name and a default one moves aside). Owners' keys that break the rules are refused by `propertyKeyProblem`.
 */
export function questionPropertyKeys(questions: readonly KeyedQuestion[]): string[] {
  const taken = new Set(questions.map((question) => question.propertyKey.trim()).filter(Boolean));
  return questions.map((question) => {
    const own = question.propertyKey.trim();
    if (own) return own;
    const key = uniquePropertyKey(defaultPropertyKey(visibleText(question.title)), taken);
    taken.add(key);
    return key;
  });
}

/**
 * The first owner key that breaks the rules (not `[a-z0-9_]{1,40}`, or the same as another question's key),
 * or too many properties: the question's index and the message, for a 400 naming `questions.N.propertyKey`.
 */
export function propertyKeyProblem(questions: readonly KeyedQuestion[]): { index: number; message: string } | undefined {
  const keys = questionPropertyKeys(questions);
  const seen = new Set<string>();
  for (const [index, key] of keys.entries()) {
    if (!propertyKeyPattern.test(key)) return { index, message: propertyMessages.keyInvalid };
    if (seen.has(key)) return { index, message: propertyMessages.keyDuplicate(key) };
    seen.add(key);
  }
  if (keys.length > propertyLimits.perItemMax) return { index: propertyLimits.perItemMax, message: propertyMessages.tooMany };
  return undefined;
}

/**
 * The fixed keys of the items with no "Send as" of their own (docs/webhooks.md, "Property keys"): a poll's one
 * question is sent under the slug of its text (`vote` when none is left), a web response's rating as
 * `rating`, a wheel's prize as `prize`.
 */
export const fixedPropertyKeys = {
  poll: (question: string) => defaultPropertyKey(visibleText(question), 'vote'),
  rating: 'rating',
  prize: 'prize',
} as const;

/**
 * The keys of a custom lead form's fields, by field name: the slug of the name (`field` when none is left),
 * made unique against the item's other keys (`taken`, e.g. its questions').
 */
export function leadFieldPropertyKeys(names: readonly string[], taken: readonly string[]): Map<string, string> {
  const used = new Set(taken);
  const keys = new Map<string, string>();
  for (const name of names) {
    const key = uniquePropertyKey(defaultPropertyKey(name, 'field'), used);
    used.add(key);
    keys.set(name, key);
  }
  return keys;
}

/**
 * What the destinations other than CRMs receive of each answer (the builder's Data tab; a CRM's text is its
 * provider's `receives`, crmReceives in integrations.ts, which the Settings read carries). Kept here, not in
 * integrations.ts, so the builder does not load every CRM's form.
 */
export const destinationReceives = {
  webhook:
    'data.answers as {key: value} and data.questions (key, text, type, chosen options) in every lead.captured and play.completed.',
  shopifyCustomers:
    '$app:quizlead metafields on the customer: one JSON metafield with every answer, a filterable metafield per property used in segments, and the options’ tags.',
  notifications: 'The answers listed in the new-lead email, under their keys.',
} as const;
