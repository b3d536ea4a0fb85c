import { GraphqlQueryError, HttpRequestError, HttpResponseError, HttpThrottlingError } from '@shopify/shopify-api';
import { splitName } from '../crm/crmHttp.ts';
import type { DeliveryOutcome, Exchange, Lead } from '../crm/crmProvider.ts';
import { shopifyAdmin, ShopNotInstalledError, type ShopifyAdmin } from '../shopify/adminApi.ts';
import { answerMetafieldsWriter, refuseOn, ShopifyRefusal, type UserError } from '../shopify/customerMetafields.ts';
import { shopifyApiVersion } from '../shopify/shopifyApp.ts';
import type { DestinationHandler } from './destination.ts';

/**
 * Leads into the shop's customers (Admin GraphQL, scope write_customers; shopify.md 7). The lead's
 * email is looked up with `customerByIdentifier`, an exact match that sees a customer created a moment
 * ago (the `customers(query:)` search is tokenized and indexed later, so a retry or a second lead could
 * miss it and make a duplicate). A new customer is created with the name and the tags, a known one gets
 * the tags it lacks (`tagsAdd`, which never removes any); then, only when the visitor ticked consent,
 * SUBSCRIBED / SINGLE_OPT_IN at the capture time (`customerEmailMarketingConsentUpdate`). Nothing here ever
 * unsubscribes or otherwise lowers a customer's consent. The tags are the lead's and those of the options
 * picked. Then the answers go into the customer's `$app:quizlead` metafields, their definitions created
 * where missing (shopify/customerMetafields.ts; `customerSet` can write neither metafields nor consent in
 * 2026-04). A lead's phone (E.164) goes on a new customer, or on a known one that has none
 * (`customerUpdate`, which C5 asks for before SMS consent); a phone another customer holds is left out
 * rather than failing the lead. With the SMS consent box ticked and the phone on the customer,
 * `customerSmsMarketingConsentUpdate` subscribes it like the email (SINGLE_OPT_IN, `consentUpdatedAt`).
 * Every step is safe to repeat, so a retried attempt ends where the first one would have.
 */

export const shopifyCustomersMessages = {
  uninstalled: 'The shop has uninstalled the app',
  throttled: "Shopify is throttling the app's requests; the delivery will be tried again.",
  unreachable: (detail: string) => `Could not reach Shopify: ${detail}`,
  httpError: (status: number) => `Shopify answered HTTP ${status}.`,
  unexpected: (detail: string) => `Unexpected error: ${detail}`,
};

/** How much of an answer's body the delivery log keeps. */
const recordedBodyChars = 4096;
/** Response headers worth keeping in the log (no cookie or token ever comes back, but keep it to these). */
const recordedHeaders = ['retry-after', 'x-request-id'];
/** When Shopify throttles without saying how long to wait. */
const defaultRetryAfterMs = 2000;

const customerFields = `id tags defaultEmailAddress { marketingState } defaultPhoneNumber { phoneNumber marketingState }`;

const findCustomerQuery = `query CustomerByEmail($email: String!) {
  customerByIdentifier(identifier: { emailAddress: $email }) { ${customerFields} }
}`;

const createCustomerMutation = `mutation CustomerCreate($input: CustomerInput!) {
  customerCreate(input: $input) { customer { ${customerFields} } userErrors { field message } }
}`;

const setPhoneMutation = `mutation CustomerPhone($input: CustomerInput!) {
  customerUpdate(input: $input) { customer { ${customerFields} } userErrors { field message } }
}`;

const smsSubscribeMutation = `mutation SmsMarketingConsentUpdate($input: CustomerSmsMarketingConsentUpdateInput!) {
  customerSmsMarketingConsentUpdate(input: $input) { customer { id } userErrors { field message code } }
}`;

const addTagsMutation = `mutation TagsAdd($id: ID!, $tags: [String!]!) {
  tagsAdd(id: $id, tags: $tags) { userErrors { field message } }
}`;

const subscribeMutation = `mutation EmailMarketingConsentUpdate($input: CustomerEmailMarketingConsentUpdateInput!) {
  customerEmailMarketingConsentUpdate(input: $input) { customer { id } userErrors { field message code } }
}`;

/** An Admin GraphQL call as it is sent (and a preview shows it): the document and its variables. */
export interface GraphqlRequest {
  query: string;
  variables: Record<string, unknown>;
}

/**
 * The calls that carry the lead, built for the delivery and the preview alike: a new customer with its
 * name, tags and phone; the tags a known one lacks; a known one's phone; email and SMS consent.
 */
export const customerRequests = {
  create(lead: Lead): GraphqlRequest {
    const { first, last } = splitName(lead.name);
    const input = {
      email: lead.email,
      ...(first ? { firstName: first } : {}),
      ...(last ? { lastName: last } : {}),
      tags: tagsOf(lead),
      ...(lead.phone ? { phone: lead.phone } : {}),
    };
    return { query: createCustomerMutation, variables: { input } };
  },
  addTags: (id: string, tags: string[]): GraphqlRequest => ({ query: addTagsMutation, variables: { id, tags } }),
  setPhone: (id: string, phone: string): GraphqlRequest => ({ query: setPhoneMutation, variables: { input: { id, phone } } }),
  emailConsent: (customerId: string, lead: Lead): GraphqlRequest => ({
    query: subscribeMutation,
    variables: { input: { customerId, emailMarketingConsent: subscribed(lead) } },
  }),
  smsConsent: (customerId: string, lead: Lead): GraphqlRequest => ({
    query: smsSubscribeMutation,
    variables: { input: { customerId, smsMarketingConsent: subscribed(lead) } },
  }),
};

interface Customer {
  id: string;
  tags: string[];
  defaultEmailAddress: { marketingState: string } | null;
  defaultPhoneNumber: { phoneNumber: string; marketingState: string } | null;
}

type Failure = Extract<DeliveryOutcome, { ok: false }>;

export const shopifyCustomersDestination: DestinationHandler = {
  byShopifyCustomer: true,
  async attempt({ destination, lead }, deps) {
    const exchange: Exchange[] = [];
    try {
      const admin = await shopifyAdmin(deps.services, destination.accountId);
      const calls = new AdminCalls(admin, exchange);
      // A buyer Shopify named (the post-purchase survey's session token) and no email: that very customer.
      const customerId =
        !lead.email && lead.shopifyCustomerId
          ? await namedCustomer(calls, lead.shopifyCustomerId, lead)
          : await upsertCustomer(calls, lead);
      await answerMetafieldsWriter((query, variables) => calls.run(query, variables), customerId, lead);
      return { ok: true, exchange };
    } catch (error) {
      return { ...failureOf(error), exchange };
    }
  },
};

/** The customer's id, found or created, with the lead's tags and consent. */
async function upsertCustomer(calls: AdminCalls, lead: Lead): Promise<string> {
  const known = await findCustomer(calls, lead.email);
  if (known) return updateCustomer(calls, known, lead);
  const { customerCreate } = await calls.send<{ customerCreate: { customer: Customer | null; userErrors: UserError[] } | null }>(
    customerRequests.create(lead),
  );
  if (customerCreate?.customer) {
    await subscribe(calls, customerCreate.customer.id, lead);
    await subscribeSms(calls, customerCreate.customer, lead);
    return customerCreate.customer.id;
  }
  const userErrors = customerCreate?.userErrors ?? [];
  // The phone is another customer's: the lead still becomes a customer, without it.
  if (lead.phone && userErrors.some(phoneTaken)) return upsertCustomer(calls, withoutPhone(lead));
  if (userErrors.some(emailTaken)) {
    // Another delivery for the same email created the customer since the lookup: update it instead.
    const raced = await findCustomer(calls, lead.email);
    if (raced) return updateCustomer(calls, raced, lead);
  }
  throw new ShopifyRefusal(userErrors);
}

/**
 * The customer Shopify named, with the lead's tags added (`tagsAdd` keeps the ones it has): no lookup, no
 * create, and no consent or phone, which a buyer gives only on a lead form.
 */
async function namedCustomer(calls: AdminCalls, customerId: string, lead: Lead): Promise<string> {
  const tags = tagsOf(lead);
  if (tags.length > 0) {
    const { tagsAdd } = await calls.send<{ tagsAdd: { userErrors: UserError[] } | null }>(
      customerRequests.addTags(customerId, tags),
    );
    refuseOn(tagsAdd?.userErrors);
  }
  return customerId;
}

async function updateCustomer(calls: AdminCalls, customer: Customer, lead: Lead): Promise<string> {
  const kept = new Set(customer.tags.map((tag) => tag.toLowerCase()));
  const missing = tagsOf(lead).filter((tag) => !kept.has(tag.toLowerCase()));
  if (missing.length > 0) {
    const { tagsAdd } = await calls.send<{ tagsAdd: { userErrors: UserError[] } | null }>(
      customerRequests.addTags(customer.id, missing),
    );
    refuseOn(tagsAdd?.userErrors);
  }
  // Consent only ever goes up, and only on the visitor's tick.
  if (customer.defaultEmailAddress?.marketingState !== 'SUBSCRIBED') await subscribe(calls, customer.id, lead);
  await subscribeSms(calls, await withPhone(calls, customer, lead), lead);
  return customer.id;
}

/** A known customer without a phone gets the lead's (one another customer holds is left out). */
async function withPhone(calls: AdminCalls, customer: Customer, lead: Lead): Promise<Customer> {
  if (!lead.phone || customer.defaultPhoneNumber) return customer;
  const { customerUpdate } = await calls.send<{ customerUpdate: { customer: Customer | null; userErrors: UserError[] } | null }>(
    customerRequests.setPhone(customer.id, lead.phone),
  );
  if (customerUpdate?.customer) return customerUpdate.customer;
  if (customerUpdate?.userErrors.some(phoneTaken)) return customer;
  throw new ShopifyRefusal(customerUpdate?.userErrors ?? []);
}

/** The SMS box, like the email one: only for the phone the customer has, only ever up (reference C5). */
async function subscribeSms(calls: AdminCalls, customer: Customer, lead: Lead): Promise<void> {
  const phone = customer.defaultPhoneNumber;
  if (!lead.smsConsent || !phone || phone.phoneNumber !== lead.phone || phone.marketingState === 'SUBSCRIBED') return;
  const { customerSmsMarketingConsentUpdate } = await calls.send<{
    customerSmsMarketingConsentUpdate: { userErrors: UserError[] } | null;
  }>(customerRequests.smsConsent(customer.id, lead));
  refuseOn(customerSmsMarketingConsentUpdate?.userErrors);
}

/**
 * A ticked box subscribes with `customerEmailMarketingConsentUpdate` and `consentUpdatedAt` = the capture
 * time: Shopify fires its "Customer subscribed to email marketing" automations when an app updates the
 * consent with a `consentUpdatedAt` within the last 24 hours (reference C5), which a new customer's
 * `customerCreate` consent is not documented to do; so a new customer is created first, then subscribed
 * (a retry finds it unsubscribed and subscribes it).
 */
async function subscribe(calls: AdminCalls, customerId: string, lead: Lead): Promise<void> {
  if (!lead.consent) return;
  const { customerEmailMarketingConsentUpdate } = await calls.send<{
    customerEmailMarketingConsentUpdate: { userErrors: UserError[] } | null;
  }>(customerRequests.emailConsent(customerId, lead));
  refuseOn(customerEmailMarketingConsentUpdate?.userErrors);
}

async function findCustomer(calls: AdminCalls, email: string): Promise<Customer | null> {
  const { customerByIdentifier } = await calls.run<{ customerByIdentifier: Customer | null }>(findCustomerQuery, { email });
  return customerByIdentifier;
}

function subscribed(lead: Lead) {
  return { marketingState: 'SUBSCRIBED', marketingOptInLevel: 'SINGLE_OPT_IN', consentUpdatedAt: lead.capturedAt };
}

/** The lead's tags and its picked options' tags, once each (Shopify compares tags without case). */
export function tagsOf(lead: Lead): string[] {
  const tags = new Map<string, string>();
  const all = [...lead.tags, ...lead.answers.flatMap((answer) => answer.tags)];
  for (const tag of all.map((raw) => raw.trim()).filter(Boolean))
    if (!tags.has(tag.toLowerCase())) tags.set(tag.toLowerCase(), tag);
  return [...tags.values()];
}

const phoneTaken = (error: UserError) => Boolean(error.field?.includes('phone')) && /taken/i.test(error.message);
const withoutPhone = (lead: Lead): Lead => ({ ...lead, phone: undefined, smsConsent: false });
const emailTaken = (error: UserError) => Boolean(error.field?.includes('email')) && /taken/i.test(error.message);

/** A call to the shop's Admin GraphQL endpoint as the delivery log records it (the access token is never recorded). */
export function adminGraphqlRequest(shop: string, request: GraphqlRequest): Exchange['request'] {
  return {
    method: 'POST',
    url: `https://${shop}/admin/api/${shopifyApiVersion}/graphql.json`,
    headers: {},
    body: JSON.stringify({ query: request.query, variables: request.variables }),
  };
}

/** The attempt's Admin API calls, each kept for the delivery log without the access token (the Flow destination makes its own). */
export class AdminCalls {
  readonly #admin: ShopifyAdmin;
  readonly #exchange: Exchange[];

  constructor(admin: ShopifyAdmin, exchange: Exchange[]) {
    this.#admin = admin;
    this.#exchange = exchange;
  }

  send<T>(request: GraphqlRequest): Promise<T> {
    return this.run<T>(request.query, request.variables);
  }

  async run<T>(query: string, variables: Record<string, unknown>): Promise<T> {
    const entry: Exchange = { request: adminGraphqlRequest(this.#admin.shop, { query, variables }) };
    this.#exchange.push(entry);
    try {
      const data = await this.#admin.graphql<T>(query, variables);
      entry.response = { status: 200, headers: {}, body: recordable(JSON.stringify({ data })) };
      return data;
    } catch (error) {
      entry.response = await failedResponse(error);
      throw error;
    }
  }
}

/** What Shopify answered when the call failed, as far as the library's error keeps it; none for a network error. */
async function failedResponse(error: unknown): Promise<Exchange['response']> {
  if (error instanceof GraphqlQueryError) {
    const body = (error.body ?? {}) as { data?: unknown; extensions?: unknown; errors?: { graphQLErrors?: unknown } };
    const answer = { ...(body.data ? { data: body.data } : {}), errors: body.errors?.graphQLErrors, extensions: body.extensions };
    return {
      status: (error.response as { status?: number } | undefined)?.status ?? 200,
      headers: pickHeaders(error.headers),
      body: recordable(JSON.stringify(answer)),
    };
  }
  if (error instanceof HttpResponseError) {
    return {
      status: error.response.code,
      headers: pickHeaders(error.response.headers),
      body: recordable(await unreadBody(error)),
    };
  }
  return undefined;
}

/** The library leaves a failed answer's body unread on its Response; read it for the log. */
async function unreadBody(error: HttpResponseError): Promise<string> {
  const raw = (error.response.body as { errors?: { response?: unknown } } | undefined)?.errors?.response;
  if (raw instanceof Response && !raw.bodyUsed) {
    try {
      return await raw.text();
    } catch {
      // A body that cannot be read leaves the status text.
    }
  }
  return error.response.statusText ?? '';
}

function pickHeaders(headers: Record<string, unknown> | undefined): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const lower = name.toLowerCase();
    if (recordedHeaders.includes(lower)) picked[lower] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return picked;
}

function recordable(text: string): string {
  return text.length > recordedBodyChars ? `${text.slice(0, recordedBodyChars)}…` : text;
}

/** 429, 5xx, throttling and network errors may pass; uninstalls, refusals and other answers will not. */
export function failureOf(error: unknown): Omit<Failure, 'exchange'> {
  const fail = (retryable: boolean, message: string, retryAfterMs?: number) => ({
    ok: false as const,
    retryable,
    message,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  });
  if (error instanceof ShopNotInstalledError) return fail(false, shopifyCustomersMessages.uninstalled);
  if (error instanceof ShopifyRefusal) return fail(false, error.message);
  if (error instanceof HttpThrottlingError) {
    const seconds = error.response.retryAfter;
    return fail(
      true,
      shopifyCustomersMessages.throttled,
      seconds === undefined ? defaultRetryAfterMs : Math.round(seconds * 1000),
    );
  }
  if (error instanceof HttpResponseError) {
    const status = error.response.code;
    return fail(status >= 500 || status === 408, shopifyCustomersMessages.httpError(status));
  }
  if (error instanceof GraphqlQueryError) return graphqlFailure(error);
  if (error instanceof HttpRequestError) return fail(true, shopifyCustomersMessages.unreachable(error.message));
  // The token refresh's ShopifyUnavailableError, HttpMaxRetriesError, anything unforeseen: worth another try.
  return fail(true, shopifyCustomersMessages.unexpected(error instanceof Error ? error.message : String(error)));
}

interface GraphqlErrorBody {
  errors?: { graphQLErrors?: { message?: string; extensions?: { code?: string } }[] };
  extensions?: { cost?: { requestedQueryCost?: number; throttleStatus?: { currentlyAvailable?: number; restoreRate?: number } } };
}

/**
 * THROTTLED (the cost bucket is empty) waits until the bucket holds the request's cost again
 * (https://shopify.dev/docs/api/usage/limits#rate-limits); an internal error may pass; anything else
 * (ACCESS_DENIED for a missing scope or protected customer data, a query Shopify refuses) will not.
 */
function graphqlFailure(error: GraphqlQueryError): Omit<Failure, 'exchange'> {
  const body = (error.body ?? {}) as GraphqlErrorBody;
  const errors = body.errors?.graphQLErrors ?? [];
  const codes = errors.map((entry) => entry.extensions?.code);
  if (codes.includes('THROTTLED')) {
    const cost = body.extensions?.cost;
    const missing = (cost?.requestedQueryCost ?? 0) - (cost?.throttleStatus?.currentlyAvailable ?? 0);
    const rate = cost?.throttleStatus?.restoreRate;
    const retryAfterMs = rate && missing > 0 ? Math.ceil((missing / rate) * 1000) : defaultRetryAfterMs;
    return { ok: false, retryable: true, retryAfterMs, message: shopifyCustomersMessages.throttled };
  }
  const message =
    errors
      .map((entry) => entry.message)
      .filter(Boolean)
      .join('; ') || error.message;
  return { ok: false, retryable: codes.includes('INTERNAL_SERVER_ERROR'), message };
}
