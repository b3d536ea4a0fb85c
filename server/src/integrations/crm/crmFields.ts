import type { TLeadAnswer } from '@quizlead/shared/schemas/answerProperties.ts';
import type { Failure } from './crmHttp.ts';
import type { CrmField, CrmFieldStore, Lead } from './crmProvider.ts';

/**
 * Answers as custom fields (issue 33; reference marketing-stack-and-languages.md B1–B6), the steps the
 * five providers with custom fields share: one field per property, named from the item's key and the
 * property key (the providers' field names are account-wide, so two quizzes' `budget` stay apart), found
 * before it is created (the owner or an earlier delivery may have made it), created once even when two
 * deliveries run at once (the destination's CrmFieldStore serialises the making), and remembered so the
 * next lead makes no lookup at all. A provider's refusal to create more (Mailchimp's field cap) leaves
 * those answers out and says so in the outcome; the contact is still added.
 */

export type CrmFieldType = CrmField['type'];

/** What the store keeps a field under: `<item key>.<property key>`. */
export const fieldKey = (itemKey: string, propertyKey: string) => `${itemKey}.${propertyKey}`;

/** The readable field name most providers get, in their own case: `<item key>__<property key>`. */
export const fieldName = (itemKey: string, propertyKey: string) => `${itemKey}__${propertyKey}`;

/** Numbers (scales, ratings, scores) go to number fields; option texts and typed text to text fields. */
export const fieldTypeOf = (answer: TLeadAnswer): CrmFieldType => (answer.type === 'number' ? 'number' : 'text');

/** A field as the provider lists or creates it. */
export interface ProviderField {
  /** What the field is matched by: the name (or Mailchimp tag) `handleOf` gives. */
  handle: string;
  ref: string;
  type: CrmFieldType;
}

/** The name (or tag) an answer's field has in a provider, from the item's key and the property key. */
export type FieldHandle = (itemKey: string, propertyKey: string) => string;

export interface FieldPlan {
  handleOf: FieldHandle;
  /** Every field of the account or audience, all pages; a failure ends the delivery. */
  list(): Promise<ProviderField[] | Failure>;
  /** Creates the field; `refused`: the provider will not make more (a limit), the answer is left out. */
  create(handle: string, answer: TLeadAnswer): Promise<ProviderField | { refused: string } | Failure>;
}

export interface PlacedAnswer {
  answer: TLeadAnswer;
  field: CrmField;
  /** The value in the field's type: a number for number fields, else a string (several choices joined). */
  value: string | number;
}

export interface PlacedAnswers {
  placed: PlacedAnswer[];
  /** The answers left out and why, for the outcome's message; undefined when every answer went. */
  leftOut: string | undefined;
}

export const isFailure = (value: unknown): value is Failure =>
  typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false;

/** The answer's value for a field of `type`, or undefined when it does not fit (text in a number field). */
export function fieldValue(answer: TLeadAnswer, type: CrmFieldType): string | number | undefined {
  const { value } = answer;
  if (type === 'number') {
    if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
    const text = Array.isArray(value) ? '' : value.trim();
    return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : undefined;
  }
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** The lead's answers by the field key they go to, the first answer of a key only. */
function answersByField(lead: Lead): Map<string, TLeadAnswer> {
  const wanted = new Map<string, TLeadAnswer>();
  for (const answer of lead.answers) {
    const key = fieldKey(lead.itemKey, answer.key);
    if (!wanted.has(key)) wanted.set(key, answer);
  }
  return wanted;
}

/** Finds or creates the field of every answer of the lead and pairs each answer with its value. */
export async function placeAnswers(lead: Lead, store: CrmFieldStore, plan: FieldPlan): Promise<PlacedAnswers | Failure> {
  const wanted = answersByField(lead);
  if (wanted.size === 0) return { placed: [], leftOut: undefined };

  const refused: string[] = [];
  let fields = await store.known([...wanted.keys()]);
  if ([...wanted.keys()].some((key) => !fields.has(key))) {
    type Made = { kept: Map<string, CrmField>; fresh: CrmField[]; failure?: Failure };
    const made = await store.alone<Made>(async (kept) => {
      const fresh: CrmField[] = [];
      const missing = [...wanted].filter(([key]) => !kept.has(key));
      if (missing.length === 0) return { made: fresh, value: { kept, fresh } };
      const listed = await plan.list();
      if (isFailure(listed)) return { made: fresh, value: { kept, fresh, failure: listed } };
      const byHandle = new Map(listed.map((field) => [field.handle, field]));
      let limit: string | undefined;
      for (const [key, answer] of missing) {
        const handle = plan.handleOf(lead.itemKey, answer.key);
        let found: ProviderField | undefined = byHandle.get(handle);
        if (!found && limit) {
          refused.push(`${answer.key} (${limit})`);
          continue;
        }
        if (!found) {
          const created = await plan.create(handle, answer);
          if (isFailure(created)) return { made: fresh, value: { kept, fresh, failure: created } };
          if ('refused' in created) {
            limit = created.refused;
            refused.push(`${answer.key} (${limit})`);
            continue;
          }
          found = created;
          byHandle.set(handle, created);
        }
        fresh.push({ key, ref: found.ref, name: found.handle, type: found.type });
      }
      return { made: fresh, value: { kept, fresh } };
    });
    if (made.failure) return made.failure;
    fields = new Map([...made.kept, ...made.fresh.map((field) => [field.key, field] as const)]);
  }

  const placed: PlacedAnswer[] = [];
  for (const [key, answer] of wanted) {
    const field = fields.get(key);
    if (!field) continue;
    const value = fieldValue(answer, field.type);
    if (value === undefined) refused.push(`${answer.key} (its field ${field.name} takes numbers)`);
    else placed.push({ answer, field, value });
  }
  return { placed, leftOut: refused.length ? `Answers not sent: ${refused.join('; ')}.` : undefined };
}

/**
 * The preview's placed answers (Settings' preview of a lead, issue 33): the fields the destination keeps
 * with their real refs, the others as `planned` would create them (a name-based ref, or a placeholder such
 * as `{field id: skin_quiz__skin_type}` where the provider answers an id), values by `fieldValue` as
 * `placeAnswers` gives them. Nothing is looked up or created.
 */
export async function previewAnswers(
  lead: Lead,
  store: CrmFieldStore,
  planned: { handleOf: FieldHandle; refOf(handle: string): string; typeOf?(answer: TLeadAnswer): CrmFieldType },
): Promise<PlacedAnswer[]> {
  const wanted = answersByField(lead);
  const known = await store.known([...wanted.keys()]);
  const placed: PlacedAnswer[] = [];
  for (const [key, answer] of wanted) {
    const handle = planned.handleOf(lead.itemKey, answer.key);
    const field = known.get(key) ?? {
      key,
      ref: planned.refOf(handle),
      name: handle,
      type: planned.typeOf?.(answer) ?? fieldTypeOf(answer),
    };
    const value = fieldValue(answer, field.type);
    if (value !== undefined) placed.push({ answer, field, value });
  }
  return placed;
}

/** The placeholder of a field id only the provider's answer gives, e.g. `{field id: skin_quiz__skin_type}`. */
export const fieldIdPlaceholder = (handle: string) => `{field id: ${handle}}`;

/**
 * A store that keeps fields for one run only (Test connection with settings not yet saved, tests): the
 * same serialising, nothing remembered beyond it; the next delivery finds the fields in the provider.
 */
export function memoryCrmFieldStore(): CrmFieldStore {
  const fields = new Map<string, CrmField>();
  let turn: Promise<unknown> = Promise.resolve();
  return {
    async known(keys) {
      return new Map(keys.flatMap((key) => (fields.has(key) ? [[key, fields.get(key)!] as const] : [])));
    },
    alone(make) {
      const run = turn.then(async () => {
        const { made, value } = await make(new Map(fields));
        for (const field of made) fields.set(field.key, field);
        return value;
      });
      turn = run.catch(() => undefined);
      return run;
    },
  };
}
