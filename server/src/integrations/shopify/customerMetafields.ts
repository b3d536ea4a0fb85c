import { createHash } from 'node:crypto';
import type { TAnswerValueType, TLeadAnswer } from '@quizlead/shared/schemas/answerProperties.ts';
import type { Lead } from '../crm/crmProvider.ts';

/**
 * A lead's answers as app-owned customer metafields (marketing-stack-and-languages.md C1–C3), in the
 * `$app:quizlead` namespace, which only this app writes and merchants read:
 *
 * - one `json` metafield per item, keyed by the item's key, with every answer (`answers: {key: value}`)
 *   and the questions as the visitor saw them; within the 128 KB Shopify allows json writes from API
 *   2026-04 on (the questions go first, then the last answers, with a `note` saying what was left out);
 * - one typed metafield per answer the owner marked "use in segments", keyed `{itemKey}-{answerKey}`,
 *   typed by its value (text `single_line_text_field`, several options `list.single_line_text_field`,
 *   a whole number `number_integer`, else `number_decimal`), so segments can filter on it (C2).
 *
 * Each has a definition (`metafieldDefinitionCreate`, ownerType CUSTOMER, merchant read access, admin
 * filterable for the typed ones). The definitions are looked up before any is created and a `TAKEN`
 * answer counts as created, so concurrent deliveries and retries end with one definition each, with no
 * table of our own. Values are written with `metafieldsSet`, at most 25 a call; writing the same value
 * again changes nothing, so a retried delivery ends where the first one did.
 */

export const quizleadNamespace = '$app:quizlead';
export const metafieldsPerCall = 25;
/** Shopify's 128 KB for json writes, read as the smaller 128,000 bytes (kB or KiB is not said, C3). */
const jsonMaxBytes = 128_000;
/** Most types hold 64 KB; lists at most 128 items (C3). */
const textMaxBytes = 64_000;
const listMaxItems = 128;
/** Shopify's key rule: 2–64 letters, digits, `-`, `_` (C1). */
const keyMaxLength = 64;
const nameMaxLength = 255;

/** What the app calls with: an Admin GraphQL operation that resolves to `data` (and is logged). */
export type RunGraphql = <T>(query: string, variables: Record<string, unknown>) => Promise<T>;

export interface UserError {
  field: string[] | null;
  message: string;
  code?: string | null;
}

/** Shopify's userErrors: the request was understood and refused, so repeating it will not help. */
export class ShopifyRefusal extends Error {
  constructor(userErrors: readonly UserError[]) {
    super(userErrors.map((error) => error.message).join('; ') || 'Shopify refused the change without saying why.');
  }
}

export function refuseOn(userErrors: readonly UserError[] | null | undefined): void {
  if (userErrors && userErrors.length > 0) throw new ShopifyRefusal(userErrors);
}

type MetafieldType = 'json' | 'single_line_text_field' | 'list.single_line_text_field' | 'number_integer' | 'number_decimal';

/** A metafield definition as the app makes it (C1): always merchant read, admin filterable for segments. */
export interface DefinitionSpec {
  key: string;
  type: MetafieldType;
  name: string;
  description: string;
  adminFilterable: boolean;
}

interface PlannedMetafield extends DefinitionSpec {
  value: TLeadAnswer['value'] | Record<string, unknown>;
}

const definitionsQuery = `query QuizleadMetafieldDefinitions($namespace: String!, $after: String) {
  metafieldDefinitions(ownerType: CUSTOMER, namespace: $namespace, first: 250, after: $after) {
    nodes { key type { name } }
    pageInfo { hasNextPage endCursor }
  }
}`;

const definitionCreateMutation = `mutation QuizleadMetafieldDefinitionCreate($definition: MetafieldDefinitionInput!) {
  metafieldDefinitionCreate(definition: $definition) {
    createdDefinition { id key type { name } }
    userErrors { field message code }
  }
}`;

const metafieldsSetMutation = `mutation QuizleadMetafieldsSet($metafields: [MetafieldsSetInput!]!) {
  metafieldsSet(metafields: $metafields) {
    metafields { key }
    userErrors { field message code elementIndex }
  }
}`;

/** Definition refusals that mean "no room for another": the value is still written, untyped for segments. */
const quotaCodes = new Set([
  'RESOURCE_TYPE_LIMIT_EXCEEDED',
  'RESOURCE_TYPE_LIMIT_EXCEEDED_BY_APP',
  'LIMIT_EXCEEDED',
  'OWNER_TYPE_LIMIT_EXCEEDED_FOR_USE_AS_ADMIN_FILTERS',
]);

/** Writes the lead's answers onto the customer, creating the definitions first where missing. */
export async function answerMetafieldsWriter(run: RunGraphql, customerId: string, lead: Lead): Promise<void> {
  const planned = plannedMetafields(lead);
  if (planned.length === 0) return;
  const existing = await definitionsEnsurer(run, planned);
  for (const request of metafieldsSetRequests(customerId, lead, existing)) {
    const { metafieldsSet } = await run<{ metafieldsSet: { userErrors: UserError[] } | null }>(request.query, request.variables);
    refuseOn(metafieldsSet?.userErrors);
  }
}

/**
 * The `metafieldsSet` calls that write the lead's answers to the customer, 25 metafields a call, each typed
 * as its definition is (`definedTypes`: key → type; a metafield without one takes its planned type).
 */
export function metafieldsSetRequests(
  customerId: string,
  lead: Lead,
  definedTypes: ReadonlyMap<string, string>,
): { query: string; variables: Record<string, unknown> }[] {
  const inputs = plannedMetafields(lead).flatMap((metafield) => {
    const type = (definedTypes.get(metafield.key) ?? metafield.type) as MetafieldType;
    const value = metafieldValue(metafield.value, type);
    return value === undefined ? [] : [{ ownerId: customerId, namespace: quizleadNamespace, key: metafield.key, type, value }];
  });
  const requests = [];
  for (let start = 0; start < inputs.length; start += metafieldsPerCall) {
    requests.push({ query: metafieldsSetMutation, variables: { metafields: inputs.slice(start, start + metafieldsPerCall) } });
  }
  return requests;
}

/**
 * Makes the definitions missing among `wanted` (looked up first; `TAKEN` counts as made) and answers
 * every definition of the namespace, key → type. One the shop has no room for is left out (the value
 * is then written without one).
 */
export async function definitionsEnsurer(run: RunGraphql, wanted: readonly DefinitionSpec[]): Promise<Map<string, string>> {
  let existing = await definitionTypes(run);
  let raced = false;
  for (const definition of wanted) {
    if (existing.has(definition.key)) continue;
    const created = await definitionCreator(run, definition);
    if (created === 'taken') raced = true;
    else if (created) existing.set(definition.key, created);
  }
  // A racing delivery made some: read the types it gave them (a number may have been whole there).
  if (raced) existing = await definitionTypes(run);
  return existing;
}

/**
 * The definitions of an item's metafields before any answer arrives (an install): the json one, and a
 * typed one per question marked "use in segments", typed by the kind of answer it takes (a number
 * question as a decimal, which takes whole numbers too).
 */
export function itemDefinitionSpecs(
  item: { title: string; itemKey: string },
  questions: readonly { key: string; question: string; type: TAnswerValueType }[],
): DefinitionSpec[] {
  const types: Record<TAnswerValueType, MetafieldType> = {
    choice: 'single_line_text_field',
    text: 'single_line_text_field',
    choices: 'list.single_line_text_field',
    number: 'number_decimal',
  };
  return [
    itemJsonSpec(item),
    ...questions.map((question) => segmentSpec(item, question.key, question.question, types[question.type])),
  ];
}

function itemJsonSpec(item: { title: string; itemKey: string }): DefinitionSpec {
  return {
    key: itemMetafieldKey(item.itemKey),
    type: 'json',
    name: cut(`${item.title} (answers)`, nameMaxLength),
    description: cut(`Every answer to “${item.title}”, written by Quizlead at each submission.`, nameMaxLength),
    adminFilterable: false,
  };
}

function segmentSpec(
  item: { title: string; itemKey: string },
  key: string,
  question: string,
  type: MetafieldType,
): DefinitionSpec {
  return {
    key: segmentMetafieldKey(item.itemKey, key),
    type,
    name: cut(`${item.title}: ${question || key}`, nameMaxLength),
    description: cut(`The answer to “${question}” in “${item.title}” (Quizlead).`, nameMaxLength),
    adminFilterable: true,
  };
}

/** The json metafield of the item, then one typed metafield per segment answer. */
export function plannedMetafields(lead: Lead): PlannedMetafield[] {
  if (lead.answers.length === 0) return [];
  const item = { title: lead.item.title, itemKey: lead.itemKey };
  const planned: PlannedMetafield[] = [{ ...itemJsonSpec(item), value: itemDocument(lead) }];
  for (const answer of lead.answers) {
    const type = answer.segment ? typeOfValue(answer.value) : undefined;
    if (type) planned.push({ ...segmentSpec(item, answer.key, answer.question, type), value: answer.value });
  }
  return planned;
}

/** The item's key, 2 characters at least: a one-letter key gets a trailing `-`, which no segment key ends with. */
export function itemMetafieldKey(itemKey: string): string {
  return itemKey.length >= 2 ? itemKey.slice(0, keyMaxLength) : `${itemKey}-`;
}

/**
 * `{itemKey}-{answerKey}`: both keys are `[a-z0-9_]`, so the `-` keeps every segment key apart from the
 * item keys and from each other; one longer than Shopify's 64 keeps its first 55 characters (the `-`
 * among them) and a hash of the whole.
 */
export function segmentMetafieldKey(itemKey: string, answerKey: string): string {
  const full = `${itemKey}-${answerKey}`;
  if (full.length <= keyMaxLength) return full;
  return `${full.slice(0, 55)}_${createHash('sha256').update(full).digest('hex').slice(0, 8)}`;
}

function typeOfValue(value: TLeadAnswer['value']): MetafieldType | undefined {
  if (Array.isArray(value)) return value.some((item) => item.trim()) ? 'list.single_line_text_field' : undefined;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    return Number.isSafeInteger(value) ? 'number_integer' : 'number_decimal';
  }
  return value.trim() ? 'single_line_text_field' : undefined;
}

/**
 * The value as a `type` metafield holds it, or undefined when it cannot be (a fraction for a definition
 * made for whole numbers, a blank answer): the json metafield still carries it. A definition made
 * earlier with another type wins over the value's own type.
 */
function metafieldValue(value: PlannedMetafield['value'], type: MetafieldType): string | undefined {
  if (type === 'json') return JSON.stringify(value);
  const texts = (Array.isArray(value) ? value : typeof value === 'object' ? [] : [String(value)])
    .map((text) => singleLine(text))
    .filter(Boolean);
  if (type === 'list.single_line_text_field') return texts.length > 0 ? JSON.stringify(texts.slice(0, listMaxItems)) : undefined;
  if (type === 'single_line_text_field') return texts.length > 0 ? cutBytes(texts.join(', '), textMaxBytes) : undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  if (type === 'number_integer') return Number.isSafeInteger(value) ? String(value) : undefined;
  // Plain digits only: a tiny fraction is rounded to 9 places, an exponent form Shopify would refuse is left out.
  const decimal = /e/i.test(String(value)) ? value.toFixed(9).replace(/\.?0+$/, '') : String(value);
  return /^-?\d+(\.\d+)?$/.test(decimal) ? decimal : undefined;
}

/** Single-line text: line breaks become spaces, within the 64 KB a value holds. */
function singleLine(text: string): string {
  return cutBytes(text.replace(/[\r\n]+/g, ' ').trim(), textMaxBytes);
}

/**
 * What the item's json metafield holds: `answers` `{key: value}`, `questions` `{key: {text, type}}`,
 * the item and the capture time; over 128 kB the questions are left out first, then answers from the
 * last one, and `note` names what is missing.
 */
export function itemDocument(lead: Lead): Record<string, unknown> {
  const answers = Object.fromEntries(lead.answers.map((answer) => [answer.key, answer.value]));
  const questions = Object.fromEntries(lead.answers.map((answer) => [answer.key, { text: answer.question, type: answer.type }]));
  const base = { item: { id: lead.item.id, title: lead.item.title, tool: lead.tool }, capturedAt: lead.capturedAt };
  const whole = { ...base, answers, questions };
  if (fits(whole)) return whole;
  const kept = lead.answers.map((answer) => answer.key);
  const omitted: string[] = [];
  for (;;) {
    const note = `Shortened to fit Shopify's 128 KB limit for json metafields: questions left out${
      omitted.length > 0 ? `; answers left out: ${omitted.join(', ')}` : ''
    }.`;
    const shortened = { ...base, answers: Object.fromEntries(kept.map((key) => [key, answers[key]])), note };
    if (fits(shortened) || kept.length === 0) return shortened;
    omitted.unshift(kept.pop()!);
  }
}

const fits = (document: unknown) => Buffer.byteLength(JSON.stringify(document), 'utf8') <= jsonMaxBytes;

/** The app's definitions in the namespace, key → type name. */
async function definitionTypes(run: RunGraphql): Promise<Map<string, string>> {
  const types = new Map<string, string>();
  let after: string | null = null;
  do {
    const { metafieldDefinitions }: DefinitionsPage = await run<DefinitionsPage>(definitionsQuery, {
      namespace: quizleadNamespace,
      after,
    });
    for (const node of metafieldDefinitions.nodes) types.set(node.key, node.type.name);
    after = metafieldDefinitions.pageInfo.hasNextPage ? metafieldDefinitions.pageInfo.endCursor : null;
  } while (after);
  return types;
}

interface DefinitionsPage {
  metafieldDefinitions: {
    nodes: { key: string; type: { name: string } }[];
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  };
}

/**
 * Creates the definition; the type it has, or undefined when the shop has no room for another
 * (the value is then written without one). `TAKEN`: another delivery made it meanwhile.
 */
async function definitionCreator(run: RunGraphql, metafield: DefinitionSpec): Promise<string | 'taken' | undefined> {
  const { metafieldDefinitionCreate } = await run<{
    metafieldDefinitionCreate: { createdDefinition: { type: { name: string } } | null; userErrors: UserError[] } | null;
  }>(definitionCreateMutation, {
    definition: {
      namespace: quizleadNamespace,
      key: metafield.key,
      name: metafield.name,
      description: metafield.description,
      ownerType: 'CUSTOMER',
      type: metafield.type,
      access: { admin: 'MERCHANT_READ' },
      ...(metafield.adminFilterable ? { capabilities: { adminFilterable: { enabled: true } } } : {}),
    },
  });
  if (metafieldDefinitionCreate?.createdDefinition) return metafieldDefinitionCreate.createdDefinition.type.name;
  const userErrors = metafieldDefinitionCreate?.userErrors ?? [];
  if (userErrors.length > 0 && userErrors.every((error) => error.code === 'TAKEN')) return 'taken';
  if (userErrors.length > 0 && userErrors.every((error) => error.code && quotaCodes.has(error.code))) return undefined;
  throw new ShopifyRefusal(userErrors);
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function cutBytes(text: string, max: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= max) return text;
  // A character split at the cut decodes as U+FFFD: drop it.
  return bytes
    .subarray(0, max)
    .toString('utf8')
    .replace(/\uFFFD+$/, '');
}
