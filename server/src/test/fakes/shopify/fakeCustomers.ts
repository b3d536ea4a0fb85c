/**
 * One shop's customers behind the Admin GraphQL operations the app uses (shopify.md 7; the field and
 * argument descriptions of the 2026-04 schema in ./schema): `customers(query:)`, `customerByIdentifier`,
 * `customer(id:)`, `customerCreate`, `customerUpdate` (its phone), `tagsAdd`, `customerEmailMarketingConsentUpdate`
 * and `customerSmsMarketingConsentUpdate`. The fake
 * Shopify validates each operation against the schema first; these answer the valid ones.
 *
 * - Emails are unique per shop, compared without case; `customerCreate` with a taken one answers the
 *   userError Shopify gives ("Email has already been taken").
 * - Tags are a set: an element with commas is several tags (as `tagsAdd` documents), blanks and
 *   repeats (without case) are dropped, and adding never removes one.
 * - Email marketing consent: only SUBSCRIBED, UNSUBSCRIBED and PENDING are accepted as input; a
 *   customer created without it is NOT_SUBSCRIBED.
 * - Phones are unique per shop too ("Phone has already been taken"), and must be a valid number (the
 *   fake takes E.164, the form the app sends). SMS marketing consent (reference C5) needs the customer's
 *   phone; REDACTED is not an input; a customer starts NOT_SUBSCRIBED. `defaultPhoneNumber` shows both.
 * - `customers(query:)` takes `email:` terms (quoted: the exact address; unquoted: every word of the
 *   value among the address's words, Shopify's tokenized match; `*`: has one) and `tag:` terms,
 *   joined by spaces or AND, and `first`/`last` without cursors. Anything else fails the field loudly
 *   so a test never passes on a filter the fake ignored.
 *
 * Where Shopify documents no exact wording for a refusal, the message is the fake's own.
 */

export const emailMarketingStates = ['NOT_SUBSCRIBED', 'PENDING', 'SUBSCRIBED', 'UNSUBSCRIBED', 'REDACTED', 'INVALID'] as const;
export type EmailMarketingState = (typeof emailMarketingStates)[number];
export type MarketingOptInLevel = 'SINGLE_OPT_IN' | 'CONFIRMED_OPT_IN' | 'UNKNOWN';

/** The states CustomerEmailMarketingConsentInput accepts. */
const settableStates: readonly EmailMarketingState[] = ['SUBSCRIBED', 'UNSUBSCRIBED', 'PENDING'];

export interface FakeCustomer {
  /** gid://shopify/Customer/{n} */
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  tags: string[];
  phone: string | null;
  smsMarketing: { state: EmailMarketingState; optInLevel: MarketingOptInLevel | null; updatedAt: string | null };
  emailMarketing: { state: EmailMarketingState; optInLevel: MarketingOptInLevel | null; updatedAt: string | null };
  createdAt: string;
  updatedAt: string;
}

export type FakeCustomerSeed = Partial<
  Omit<FakeCustomer, 'id' | 'createdAt' | 'updatedAt' | 'emailMarketing' | 'smsMarketing'>
> & {
  emailMarketing?: Partial<FakeCustomer['emailMarketing']>;
  smsMarketing?: Partial<FakeCustomer['smsMarketing']>;
};

interface UserError {
  field: string[] | null;
  message: string;
  code?: string;
}

export interface ConsentInput {
  marketingState: EmailMarketingState;
  marketingOptInLevel?: MarketingOptInLevel | null;
  consentUpdatedAt?: string | null;
}

interface CustomerInput {
  email?: string | null;
  phone?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  tags?: string[] | null;
  emailMarketingConsent?: ConsentInput | null;
}

/** Customer ids are unique across shops, as Shopify's are. */
let lastCustomerNumber = 7_000_000_000;

const phoneFormat = /^\+[1-9]\d{6,14}$/;
const emailFormat = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const sameEmail = (a: string | null, b: string) => a !== null && a.toLowerCase() === b.trim().toLowerCase();

/** `["a, b", " c "]` → `["a", "b", "c"]`. */
function tagList(tags: readonly string[]): string[] {
  return tags
    .flatMap((tag) => tag.split(','))
    .map((tag) => tag.trim())
    .filter(Boolean);
}

function withTags(existing: readonly string[], added: readonly string[]): string[] {
  const tags = [...existing];
  for (const tag of tagList(added)) if (!tags.some((kept) => kept.toLowerCase() === tag.toLowerCase())) tags.push(tag);
  return tags;
}

export class FakeCustomers {
  readonly #customers: FakeCustomer[] = [];
  /**
   * Every email consent input the shop accepted, as sent (`consentUpdatedAt` is optional for Shopify,
   * which then takes the request's time; only a given one within 24 hours fires the "Customer subscribed
   * to email marketing" automations, reference C5), so tests can tell a sent time from a defaulted one.
   */
  readonly consentInputs: {
    customerId: string;
    via: 'customerCreate' | 'customerEmailMarketingConsentUpdate';
    consent: ConsentInput;
  }[] = [];
  /** Every SMS consent input the shop accepted (`customerSmsMarketingConsentUpdate`), as sent. */
  readonly smsConsentInputs: { customerId: string; consent: ConsentInput }[] = [];

  /** Every customer of the shop, oldest first (the stored objects: read, or change them to set a scene). */
  all(): FakeCustomer[] {
    return this.#customers;
  }

  byEmail(email: string): FakeCustomer | undefined {
    return this.#customers.find((customer) => sameEmail(customer.email, email));
  }

  byId(id: string): FakeCustomer | undefined {
    return this.#customers.find((customer) => customer.id === id);
  }

  /** A customer the shop already has (made in the admin, an order, another app). */
  add(seed: FakeCustomerSeed = {}): FakeCustomer {
    const now = new Date().toISOString();
    const customer: FakeCustomer = {
      id: `gid://shopify/Customer/${++lastCustomerNumber}`,
      email: seed.email?.trim() ?? null,
      firstName: seed.firstName ?? null,
      lastName: seed.lastName ?? null,
      tags: withTags([], seed.tags ?? []),
      phone: seed.phone ?? null,
      smsMarketing: { state: 'NOT_SUBSCRIBED', optInLevel: null, updatedAt: null, ...seed.smsMarketing },
      emailMarketing: { state: 'NOT_SUBSCRIBED', optInLevel: null, updatedAt: null, ...seed.emailMarketing },
      createdAt: now,
      updatedAt: now,
    };
    this.#customers.push(customer);
    return customer;
  }

  /** Root fields for the shop's `query` object (graphql's default resolvers call them with the field's args). */
  queryFields(): Record<string, unknown> {
    return {
      customers: (args: { first?: number; last?: number; after?: string; before?: string; query?: string; reverse?: boolean }) =>
        this.#search(args),
      customerByIdentifier: (args: {
        identifier: { id?: string; emailAddress?: string; phoneNumber?: string; customId?: unknown };
      }) => {
        const { id, emailAddress } = args.identifier;
        if (id !== undefined) return present(this.byId(id));
        if (emailAddress !== undefined) return present(this.byEmail(emailAddress));
        throw new Error('fake Shopify: customerByIdentifier answers an id or an emailAddress only');
      },
      customer: (args: { id: string }) => present(this.byId(args.id)),
    };
  }

  /** Root fields for the shop's `mutation` object. */
  mutationFields(): Record<string, unknown> {
    return {
      customerCreate: (args: { input: CustomerInput }) => this.#create(args.input),
      customerUpdate: (args: { input: CustomerInput & { id: string } }) => this.#update(args.input),
      tagsAdd: (args: { id: string; tags: string[] }) => this.#tagsAdd(args.id, args.tags),
      customerSmsMarketingConsentUpdate: (args: { input: { customerId: string; smsMarketingConsent: ConsentInput } }) =>
        this.#smsConsentUpdate(args.input.customerId, args.input.smsMarketingConsent),
      customerEmailMarketingConsentUpdate: (args: { input: { customerId: string; emailMarketingConsent: ConsentInput } }) =>
        this.#consentUpdate(args.input.customerId, args.input.emailMarketingConsent),
    };
  }

  #create(input: CustomerInput) {
    const userErrors: UserError[] = [];
    const email = input.email?.trim() || null;
    if (email !== null && !emailFormat.test(email)) userErrors.push({ field: ['email'], message: 'Email is invalid' });
    else if (email !== null && this.byEmail(email))
      userErrors.push({ field: ['email'], message: 'Email has already been taken' });
    const consent = input.emailMarketingConsent;
    if (consent && email === null) {
      userErrors.push({
        field: ['emailMarketingConsent'],
        message: 'An email address is required to set email marketing consent',
      });
    }
    if (consent && !settableStates.includes(consent.marketingState)) {
      userErrors.push({
        field: ['emailMarketingConsent', 'marketingState'],
        message: 'Marketing state is not included in the list',
      });
    }
    const phone = input.phone?.trim() || null;
    const phoneError = phone === null ? undefined : this.#phoneError(phone);
    if (phoneError) userErrors.push(phoneError);
    if (!email && !input.phone && !input.firstName && !input.lastName) {
      userErrors.push({ field: null, message: 'Customer must have a name, phone number or email address' });
    }
    if (userErrors.length > 0) return { customer: null, userErrors };
    const customer = this.add({
      email,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      tags: input.tags ?? [],
      phone,
      emailMarketing: consent ? consentState(consent) : undefined,
    });
    if (consent) this.consentInputs.push({ customerId: customer.id, via: 'customerCreate', consent });
    return { customer: present(customer), userErrors };
  }

  #phoneError(phone: string, except?: FakeCustomer): UserError | undefined {
    if (!phoneFormat.test(phone)) return { field: ['phone'], message: 'Phone is invalid' };
    if (this.#customers.some((customer) => customer !== except && customer.phone === phone))
      return { field: ['phone'], message: 'Phone has already been taken' };
    return undefined;
  }

  /** The app only ever sets a customer's phone with it; other fields fail loudly so no test passes on one ignored. */
  #update(input: CustomerInput & { id: string }) {
    const unsupported = Object.keys(input).filter((key) => !['id', 'phone'].includes(key));
    if (unsupported.length > 0)
      throw new Error(`fake Shopify: customerUpdate sets the phone only, not ${unsupported.join(', ')}`);
    const customer = this.byId(input.id);
    if (!customer) return { customer: null, userErrors: [{ field: ['id'], message: 'Customer does not exist' }] };
    const phone = input.phone?.trim() || null;
    const phoneError = phone === null ? undefined : this.#phoneError(phone, customer);
    if (phoneError) return { customer: null, userErrors: [phoneError] };
    customer.phone = phone;
    customer.updatedAt = new Date().toISOString();
    return { customer: present(customer), userErrors: [] };
  }

  #smsConsentUpdate(customerId: string, consent: ConsentInput) {
    const refuse = (field: string[], message: string, code: string) => ({
      customer: null,
      userErrors: [{ field, message, code }],
    });
    const customer = this.byId(customerId);
    if (!customer) return refuse(['input', 'customerId'], 'Customer does not exist', 'INVALID');
    if (!customer.phone) return refuse(['input', 'customerId'], 'Customer must have a phone number', 'INVALID');
    if (consent.marketingState === 'REDACTED' || consent.marketingState === 'INVALID')
      return refuse(
        ['input', 'smsMarketingConsent', 'marketingState'],
        'Marketing state is not included in the list',
        'INCLUSION',
      );
    customer.smsMarketing = consentState(consent);
    this.smsConsentInputs.push({ customerId, consent });
    customer.updatedAt = new Date().toISOString();
    return { customer: present(customer), userErrors: [] };
  }

  #tagsAdd(id: string, tags: string[]) {
    if (!id.startsWith('gid://shopify/Customer/')) throw new Error(`fake Shopify: tagsAdd supports customers only, not ${id}`);
    const customer = this.byId(id);
    if (!customer) return { node: null, userErrors: [{ field: ['id'], message: 'Customer does not exist' }] };
    if (tagList(tags).length === 0) return { node: null, userErrors: [{ field: ['tags'], message: 'Tags can not be blank' }] };
    customer.tags = withTags(customer.tags, tags);
    customer.updatedAt = new Date().toISOString();
    return { node: present(customer), userErrors: [] };
  }

  #consentUpdate(customerId: string, consent: ConsentInput) {
    const refuse = (field: string[], message: string, code: string) => ({
      customer: null,
      userErrors: [{ field, message, code }],
    });
    const customer = this.byId(customerId);
    if (!customer) return refuse(['input', 'customerId'], 'Customer does not exist', 'INVALID');
    if (!customer.email) return refuse(['input', 'customerId'], 'Customer must have an email address', 'INVALID');
    if (!settableStates.includes(consent.marketingState)) {
      return refuse(
        ['input', 'emailMarketingConsent', 'marketingState'],
        'Marketing state is not included in the list',
        'INCLUSION',
      );
    }
    customer.emailMarketing = consentState(consent);
    this.consentInputs.push({ customerId, via: 'customerEmailMarketingConsentUpdate', consent });
    customer.updatedAt = new Date().toISOString();
    return { customer: present(customer), userErrors: [] };
  }

  #search(args: { first?: number; last?: number; after?: string; before?: string; query?: string; reverse?: boolean }) {
    if (args.first === undefined && args.last === undefined) throw new Error('you must provide one of first or last');
    if (args.after !== undefined || args.before !== undefined) throw new Error('fake Shopify: customers has no cursors');
    const terms = searchTerms(args.query ?? '');
    let found = this.#customers.filter((customer) => terms.every((matches) => matches(customer)));
    if (args.reverse) found = [...found].reverse();
    const page = args.first !== undefined ? found.slice(0, args.first) : found.slice(-args.last!);
    const nodes = page.map((customer) => present(customer)!);
    return {
      nodes,
      edges: nodes.map((node) => ({ node, cursor: Buffer.from(node.id).toString('base64') })),
      pageInfo: {
        hasNextPage: args.first !== undefined && found.length > page.length,
        hasPreviousPage: args.last !== undefined && found.length > page.length,
        startCursor: nodes[0] ? Buffer.from(nodes[0].id).toString('base64') : null,
        endCursor: nodes.at(-1) ? Buffer.from(nodes.at(-1)!.id).toString('base64') : null,
      },
    };
  }
}

function consentState(consent: ConsentInput): FakeCustomer['emailMarketing'] {
  return {
    state: consent.marketingState,
    optInLevel: consent.marketingOptInLevel ?? (consent.marketingState === 'SUBSCRIBED' ? 'SINGLE_OPT_IN' : null),
    updatedAt: consent.consentUpdatedAt ?? new Date().toISOString(),
  };
}

/** `email:"a@b.c" AND tag:vip` → one predicate per term. */
function searchTerms(query: string): ((customer: FakeCustomer) => boolean)[] {
  const tokens = query.match(/[^\s:]+:(?:"(?:[^"\\]|\\.)*"|'[^']*'|\S+)|\S+/g) ?? [];
  return tokens
    .filter((token) => token !== 'AND')
    .map((token) => {
      const term = /^(email|tag):(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+))$/.exec(token);
      if (!term) throw new Error(`fake Shopify: the customers query takes email: and tag: terms, not ${token}`);
      const quoted = term[2] !== undefined ? term[2].replace(/\\(.)/g, '$1') : term[3];
      const value = quoted ?? term[4]!;
      if (term[1] === 'tag') {
        const wanted = tagList([value]).map((tag) => tag.toLowerCase());
        return (customer) => wanted.every((tag) => customer.tags.some((kept) => kept.toLowerCase() === tag));
      }
      if (value === '*' && quoted === undefined) return (customer) => customer.email !== null;
      if (quoted !== undefined) return (customer) => sameEmail(customer.email, value);
      const words = (text: string) =>
        text
          .toLowerCase()
          .split(/[^a-z0-9]+/)
          .filter(Boolean);
      return (customer) => customer.email !== null && words(value).every((word) => words(customer.email!).includes(word));
    });
}

/** The customer as the Admin API's Customer object shows it (what the app reads; other fields stay unanswered). */
function present(customer: FakeCustomer | undefined) {
  if (!customer) return null;
  const { email, emailMarketing } = customer;
  const addressState = emailMarketing.state === 'REDACTED' ? 'NOT_SUBSCRIBED' : emailMarketing.state;
  return {
    __typename: 'Customer',
    id: customer.id,
    legacyResourceId: customer.id.split('/').at(-1),
    firstName: customer.firstName,
    lastName: customer.lastName,
    displayName: [customer.firstName, customer.lastName].filter(Boolean).join(' ') || email || '',
    email,
    tags: [...customer.tags],
    createdAt: customer.createdAt,
    updatedAt: customer.updatedAt,
    validEmailAddress: email !== null && emailFormat.test(email),
    defaultEmailAddress: email && {
      emailAddress: email,
      marketingState: addressState,
      marketingOptInLevel: emailMarketing.optInLevel,
      marketingUpdatedAt: emailMarketing.updatedAt,
      validFormat: emailFormat.test(email),
    },
    defaultPhoneNumber: customer.phone && {
      phoneNumber: customer.phone,
      marketingState: customer.smsMarketing.state,
      marketingOptInLevel: customer.smsMarketing.optInLevel,
      marketingUpdatedAt: customer.smsMarketing.updatedAt,
    },
    emailMarketingConsent: email && {
      marketingState: emailMarketing.state,
      marketingOptInLevel: emailMarketing.optInLevel,
      consentUpdatedAt: emailMarketing.updatedAt,
    },
  };
}
