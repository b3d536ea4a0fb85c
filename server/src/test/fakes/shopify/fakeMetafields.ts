/**
 * One shop's customer metafields and their definitions behind the Admin GraphQL operations the app
 * uses (marketing-stack-and-languages.md C1–C3; the 2026-04 schema in ./schema):
 * `metafieldDefinitions(ownerType:, namespace:)`, `metafieldDefinitionCreate` and `metafieldsSet`.
 * The fake Shopify validates each operation against the schema first; these answer the valid ones.
 *
 * - Namespaces: `$app` is `app--{api_client_id}`, `$app:x` is `app--{api_client_id}--x`; omitted in
 *   `metafieldsSet` means `$app` (C1, C3). Namespaces 3–255 characters of letters, digits, `-`, `_`
 *   once resolved; keys 2–64 of the same.
 * - Definitions: customers only (anything else fails the field loudly); one per namespace and key
 *   (`TAKEN`); at most 256 per app and owner type (`RESOURCE_TYPE_LIMIT_EXCEEDED_BY_APP`); admin access
 *   only on an app namespace (`ADMIN_ACCESS_INPUT_NOT_ALLOWED`); `adminFilterable` only for the types a
 *   segment can filter on (text, numbers, true/false, dates, C2), else `INVALID_CAPABILITY`.
 * - `metafieldsSet`: at most 25 metafields per call (more fails the field); the owner must exist; a
 *   metafield without a definition needs `type`, one with a definition must not name another type
 *   (`INVALID_TYPE`); values are checked for their type (integers, decimals, JSON of at most 128 KB,
 *   single-line text without line breaks, lists of at most 128 items), 64 KB otherwise; atomic: one
 *   error and nothing is saved.
 *
 * Not verified in the reference (section F.7), so recorded in `unverified` rather than refused: the
 * quota of admin-filterable definitions per owner type. Where Shopify documents no exact wording for a
 * refusal, the message is the fake's own.
 */

/** The app's api_client_id as Shopify would resolve `$app` for it. */
export const fakeAppClientId = '7700001';

const maxDefinitionsPerOwnerType = 256;
export const metafieldsSetMax = 25;
const jsonMaxBytes = 128 * 1024;
const valueMaxBytes = 64 * 1024;
const listMaxItems = 128;
/** A public fake's figure for the unverified admin-filterable quota: above it the fake records, not refuses. */
const adminFilterableNoted = 50;

const filterableTypes = new Set([
  'single_line_text_field',
  'list.single_line_text_field',
  'number_integer',
  'list.number_integer',
  'number_decimal',
  'list.number_decimal',
  'boolean',
  'date',
  'date_time',
]);
const knownTypes = new Set([...filterableTypes, 'json', 'multi_line_text_field', 'url', 'list.url']);

const namePattern = /^[A-Za-z0-9_-]+$/;

export interface FakeMetafieldDefinition {
  /** gid://shopify/MetafieldDefinition/{n} */
  id: string;
  /** Resolved (app--…). */
  namespace: string;
  key: string;
  name: string;
  description: string | null;
  ownerType: string;
  type: string;
  access: { admin: string | null; storefront: string | null; customerAccount: string | null };
  adminFilterable: boolean;
}

export interface FakeMetafield {
  /** gid://shopify/Metafield/{n} */
  id: string;
  ownerId: string;
  namespace: string;
  key: string;
  type: string;
  value: string;
  updatedAt: string;
}

interface DefinitionInput {
  namespace?: string | null;
  key: string;
  name: string;
  description?: string | null;
  ownerType: string;
  type: string;
  access?: { admin?: string | null; storefront?: string | null; customerAccount?: string | null } | null;
  capabilities?: { adminFilterable?: { enabled: boolean } | null } | null;
  pin?: boolean | null;
  validations?: unknown;
}

interface SetInput {
  ownerId: string;
  namespace?: string | null;
  key: string;
  value: string;
  type?: string | null;
  compareDigest?: string | null;
}

interface UserError {
  field: string[] | null;
  message: string;
  code: string;
  elementIndex?: number | null;
}

let lastId = 9_000_000_000;

/** `$app` / `$app:x` as Shopify resolves them for the app; other namespaces as given. */
export function resolveNamespace(namespace: string | null | undefined): string {
  if (namespace === undefined || namespace === null || namespace === '$app') return `app--${fakeAppClientId}`;
  if (namespace.startsWith('$app:')) return `app--${fakeAppClientId}--${namespace.slice('$app:'.length)}`;
  return namespace;
}

const isAppNamespace = (resolved: string) => resolved.startsWith(`app--${fakeAppClientId}`);

export class FakeMetafields {
  readonly definitions: FakeMetafieldDefinition[] = [];
  readonly metafields: FakeMetafield[] = [];
  /** Every `metafieldsSet` call the shop received (its inputs), in order. */
  readonly setCalls: SetInput[][] = [];
  /** What the reference leaves unverified and the fake let through (section F.7). */
  readonly unverified: string[] = [];
  readonly #ownerExists: (id: string) => boolean;

  constructor(ownerExists: (id: string) => boolean) {
    this.#ownerExists = ownerExists;
  }

  /** The customer's metafields in `namespace` (`$app:…` resolved), by key. */
  of(ownerId: string, namespace = '$app:quizlead'): Record<string, FakeMetafield> {
    const resolved = resolveNamespace(namespace);
    return Object.fromEntries(
      this.metafields
        .filter((metafield) => metafield.ownerId === ownerId && metafield.namespace === resolved)
        .map((metafield) => [metafield.key, metafield]),
    );
  }

  definition(namespace: string, key: string): FakeMetafieldDefinition | undefined {
    const resolved = resolveNamespace(namespace);
    return this.definitions.find((definition) => definition.namespace === resolved && definition.key === key);
  }

  queryFields(): Record<string, unknown> {
    return {
      metafieldDefinitions: (args: {
        ownerType: string;
        namespace?: string;
        key?: string;
        first?: number;
        after?: string;
        last?: number;
        query?: string;
      }) => this.#list(args),
    };
  }

  mutationFields(): Record<string, unknown> {
    return {
      metafieldDefinitionCreate: (args: { definition: DefinitionInput }) => this.#create(args.definition),
      metafieldsSet: (args: { metafields: SetInput[] }) => this.#set(args.metafields),
    };
  }

  #list(args: {
    ownerType: string;
    namespace?: string | null;
    key?: string | null;
    first?: number | null;
    after?: string | null;
    last?: number | null;
    query?: string | null;
  }) {
    if (args.ownerType !== 'CUSTOMER') throw new Error('fake Shopify: metafieldDefinitions answers CUSTOMER only');
    if (args.query != null || args.last != null) throw new Error('fake Shopify: metafieldDefinitions takes no query or last');
    if (args.first == null) throw new Error('you must provide one of first or last');
    if (args.first > 250) throw new Error('fake Shopify: first is at most 250');
    const found = this.definitions.filter(
      (definition) =>
        definition.ownerType === args.ownerType &&
        (args.namespace == null || definition.namespace === resolveNamespace(args.namespace)) &&
        (args.key == null || definition.key === args.key),
    );
    const first = args.first;
    const start = args.after == null ? 0 : Number(Buffer.from(args.after, 'base64').toString('utf8')) + 1;
    const page = found.slice(start, start + first);
    const nodes = page.map(presentDefinition);
    const cursor = (index: number) => Buffer.from(String(start + index)).toString('base64');
    return {
      nodes,
      edges: nodes.map((node, index) => ({ node, cursor: cursor(index) })),
      pageInfo: {
        hasNextPage: start + page.length < found.length,
        hasPreviousPage: start > 0,
        startCursor: page.length > 0 ? cursor(0) : null,
        endCursor: page.length > 0 ? cursor(page.length - 1) : null,
      },
    };
  }

  #create(input: DefinitionInput) {
    if (input.ownerType !== 'CUSTOMER') throw new Error('fake Shopify: metafieldDefinitionCreate supports CUSTOMER only');
    const refuse = (field: string[], message: string, code: string) => ({
      createdDefinition: null,
      userErrors: [{ field: ['definition', ...field], message, code }],
    });
    const namespace = resolveNamespace(input.namespace);
    if (!namePattern.test(namespace) || namespace.length < 3 || namespace.length > 255)
      return refuse(['namespace'], 'Namespace is invalid', 'INVALID');
    if (!namePattern.test(input.key)) return refuse(['key'], 'Key contains invalid characters', 'INVALID_CHARACTER');
    if (input.key.length < 2) return refuse(['key'], 'Key is too short (minimum is 2 characters)', 'TOO_SHORT');
    if (input.key.length > 64) return refuse(['key'], 'Key is too long (maximum is 64 characters)', 'TOO_LONG');
    if (!input.name.trim()) return refuse(['name'], "Name can't be blank", 'BLANK');
    if (input.name.length > 255) return refuse(['name'], 'Name is too long (maximum is 255 characters)', 'TOO_LONG');
    if (!knownTypes.has(input.type)) return refuse(['type'], 'Type is not included in the list', 'INCLUSION');
    if (input.access?.admin && !isAppNamespace(namespace))
      return refuse(
        ['access', 'admin'],
        'Admin access can only be set on app-owned definitions',
        'ADMIN_ACCESS_INPUT_NOT_ALLOWED',
      );
    const filterable = input.capabilities?.adminFilterable?.enabled === true;
    if (filterable && !filterableTypes.has(input.type))
      return refuse(
        ['capabilities', 'adminFilterable'],
        `Admin filterable is not supported for ${input.type}`,
        'INVALID_CAPABILITY',
      );
    if (this.definitions.some((definition) => definition.namespace === namespace && definition.key === input.key))
      return refuse(['key'], 'Key is in use for Customer metafields on the namespace.', 'TAKEN');
    const ownerTypeCount = this.definitions.filter(
      (definition) => definition.ownerType === input.ownerType && isAppNamespace(definition.namespace),
    ).length;
    if (isAppNamespace(namespace) && ownerTypeCount >= maxDefinitionsPerOwnerType)
      return refuse([], 'The app has reached its limit of definitions for customers', 'RESOURCE_TYPE_LIMIT_EXCEEDED_BY_APP');
    if (filterable && this.definitions.filter((definition) => definition.adminFilterable).length >= adminFilterableNoted)
      this.unverified.push(`admin-filterable definition ${input.key} beyond ${adminFilterableNoted} (quota unverified)`);
    const definition: FakeMetafieldDefinition = {
      id: `gid://shopify/MetafieldDefinition/${++lastId}`,
      namespace,
      key: input.key,
      name: input.name,
      description: input.description ?? null,
      ownerType: input.ownerType,
      type: input.type,
      access: {
        // App-owned definitions default to merchant read (C1 ownership table).
        admin: input.access?.admin ?? (isAppNamespace(namespace) ? 'MERCHANT_READ' : null),
        storefront: input.access?.storefront ?? 'NONE',
        customerAccount: input.access?.customerAccount ?? 'NONE',
      },
      adminFilterable: filterable,
    };
    this.definitions.push(definition);
    return { createdDefinition: presentDefinition(definition), userErrors: [] };
  }

  #set(inputs: SetInput[]) {
    if (inputs.length > metafieldsSetMax)
      throw new Error(`The input array size of ${inputs.length} is greater than the maximum allowed of ${metafieldsSetMax}.`);
    this.setCalls.push(inputs);
    const userErrors: UserError[] = [];
    const planned: { input: SetInput; namespace: string; type: string }[] = [];
    inputs.forEach((input, elementIndex) => {
      const refuse = (field: string, message: string, code: string) =>
        userErrors.push({ field: ['metafields', String(elementIndex), field], message, code, elementIndex });
      const namespace = resolveNamespace(input.namespace);
      if (!this.#ownerExists(input.ownerId)) return refuse('ownerId', 'Owner does not exist.', 'INVALID');
      if (!namePattern.test(input.key) || input.key.length < 2 || input.key.length > 64)
        return refuse('key', 'Key is invalid', 'INVALID');
      if (input.compareDigest !== undefined) throw new Error('fake Shopify: compareDigest is not modelled');
      const definition = this.definitions.find((found) => found.namespace === namespace && found.key === input.key);
      const type = input.type ?? definition?.type;
      if (!type) return refuse('type', "Type can't be blank when no definition exists", 'BLANK');
      if (definition && type !== definition.type)
        return refuse('type', `Type must be ${definition.type} as the definition says`, 'INVALID_TYPE');
      if (!knownTypes.has(type)) return refuse('type', 'Type is not included in the list', 'INCLUSION');
      const problem = valueProblem(type, input.value);
      if (problem) return refuse('value', problem, 'INVALID_VALUE');
      planned.push({ input, namespace, type });
    });
    if (userErrors.length > 0) return { metafields: null, userErrors };
    const now = new Date().toISOString();
    const written = planned.map(({ input, namespace, type }) => {
      let metafield = this.metafields.find(
        (found) => found.ownerId === input.ownerId && found.namespace === namespace && found.key === input.key,
      );
      if (metafield) {
        if (metafield.value !== input.value || metafield.type !== type)
          Object.assign(metafield, { value: input.value, type, updatedAt: now });
      } else {
        metafield = {
          id: `gid://shopify/Metafield/${++lastId}`,
          ownerId: input.ownerId,
          namespace,
          key: input.key,
          type,
          value: input.value,
          updatedAt: now,
        };
        this.metafields.push(metafield);
      }
      return {
        __typename: 'Metafield',
        id: metafield.id,
        namespace,
        key: metafield.key,
        type,
        value: metafield.value,
        updatedAt: metafield.updatedAt,
      };
    });
    return { metafields: written, userErrors: [] };
  }
}

/** Why `value` is not a valid `type` value, or undefined (C3 sizes; the type's own format). */
function valueProblem(type: string, value: string): string | undefined {
  const bytes = Buffer.byteLength(value, 'utf8');
  if (value === '') return "Value can't be blank";
  if (type === 'json') {
    if (bytes > jsonMaxBytes) return `Value is too big: json values are at most ${jsonMaxBytes} bytes`;
    try {
      JSON.parse(value);
    } catch {
      return 'Value must be valid JSON';
    }
    return undefined;
  }
  if (bytes > valueMaxBytes) return `Value is too big: at most ${valueMaxBytes} bytes`;
  if (type === 'number_integer') return /^-?\d+$/.test(value) ? undefined : 'Value must be an integer';
  if (type === 'number_decimal') return /^-?\d+(\.\d+)?$/.test(value) ? undefined : 'Value must be a decimal';
  if (type === 'single_line_text_field') return /[\r\n]/.test(value) ? 'Value must be a single line' : undefined;
  if (type.startsWith('list.')) {
    let items: unknown;
    try {
      items = JSON.parse(value);
    } catch {
      return 'Value must be a JSON array';
    }
    if (!Array.isArray(items)) return 'Value must be a JSON array';
    if (items.length > listMaxItems) return `Value has more than ${listMaxItems} items`;
    const itemType = type.slice('list.'.length);
    return items.map((item) => valueProblem(itemType, typeof item === 'string' ? item : JSON.stringify(item))).find(Boolean);
  }
  return undefined;
}

function presentDefinition(definition: FakeMetafieldDefinition) {
  return {
    __typename: 'MetafieldDefinition',
    id: definition.id,
    namespace: definition.namespace,
    key: definition.key,
    name: definition.name,
    description: definition.description,
    ownerType: definition.ownerType,
    type: { name: definition.type, category: null },
    access: definition.access,
    capabilities: {
      adminFilterable: {
        enabled: definition.adminFilterable,
        eligible: filterableTypes.has(definition.type),
        // Enabling is asynchronous at Shopify; the fake finishes at once.
        status: definition.adminFilterable ? 'FILTERABLE' : 'NOT_FILTERABLE',
      },
    },
  };
}
