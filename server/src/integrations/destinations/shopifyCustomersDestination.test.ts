import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLeadAnswer } from '@quizlead/shared/schemas/answerProperties.ts';
import type { TDomainEvent } from '@quizlead/shared/schemas/events.ts';
import { eq, sql } from 'drizzle-orm';
import { customerMetafieldDefinitionsCreator } from '../../commands/customerMetafieldDefinitionsCreator.ts';
import { shopUninstaller } from '../../commands/shopInstaller.ts';
import { createCustomerMetafieldDefinitionsTask } from '../../jobs/tasks/CreateCustomerMetafieldDefinitionsTask.ts';
import { createGradedQuiz, gradedQuestion } from '../../test/quizFactory.ts';
import { destinations } from '../../db/schema/index.ts';
import { quizLead, skinAnswers as kitAnswers } from '../../test/fakes/crm/leadKit.ts';
import { previewDestination } from '../preview/destinationPreview.ts';
import { fakeAppClientId } from '../../test/fakes/shopify/index.ts';
import { getShopifyTestServer, type ShopifyTestServer } from '../../test/getTestServer.ts';
import type { Exchange, Lead } from '../crm/crmProvider.ts';
import { destinationDeps } from '../../commands/deliveryAttempter.ts';
import type { AttemptOutcome, DestinationRow } from './destination.ts';
import { shopifyCustomersDestination, shopifyCustomersMessages } from './shopifyCustomersDestination.ts';

let server: ShopifyTestServer;
beforeAll(async () => {
  server = await getShopifyTestServer();
});
afterAll(() => server.stop());

const db = () => server.services.database.db;

interface InstalledShop {
  shop: string;
  accountId: string;
  destination: DestinationRow;
}

/** A shop installed through its first session token, with Shopify customers as its destination. */
async function installedShop(): Promise<InstalledShop> {
  const shop = `shop-${crypto.randomUUID().slice(0, 8)}.myshopify.com`;
  const session = await server.embedded(shop).get('/api/v1/session');
  expect(session.status).toBe(200);
  const accountId = session.body.data.user.accountId as string;
  const [destination] = await db().insert(destinations).values({ accountId, kind: 'shopify_customers' }).returning();
  return { shop, accountId, destination: destination! };
}

const deps = () => destinationDeps(server.services);

function eventOf(accountId: string, lead: Lead): TDomainEvent {
  return {
    type: 'lead.captured',
    version: 1,
    answers: [],
    occurredAt: lead.capturedAt,
    accountId,
    item: { tool: lead.tool, id: lead.item.id, title: lead.item.title },
    visitor: { email: lead.email, name: lead.name, consent: lead.consent },
    result: lead.result,
  };
}

function attempt({ accountId, destination }: InstalledShop, lead: Lead): Promise<AttemptOutcome> {
  const input = { deliveryId: crypto.randomUUID(), destination, event: eventOf(accountId, lead), lead };
  return shopifyCustomersDestination.attempt(input, deps());
}

/** The operation names the attempt sent, in order. */
const operationsOf = (exchange: Exchange[]) =>
  exchange.map((entry) => /^(?:query|mutation) (\w+)/.exec((JSON.parse(entry.request.body) as { query: string }).query)?.[1]);

const variablesOf = (entry: Exchange | undefined) =>
  (JSON.parse(entry!.request.body) as { variables: Record<string, any> }).variables;

/** Neither the access tokens the fake saw for the shop nor any Shopify token shape appears in the log. */
function expectNoToken(shop: string, exchange: Exchange[]) {
  const tokens = server.fake.graphqlRequests(shop).map((request) => request.headers['x-shopify-access-token']!);
  expect(tokens.length).toBeGreaterThan(0);
  const text = JSON.stringify(exchange);
  for (const token of tokens) expect(text).not.toContain(token);
  expect(text).not.toMatch(/shpat_|shprt_|access[-_]token/i);
}

describe('Shopify customers destination', () => {
  it('Settings’ preview shows the calls a new customer’s delivery makes, built by the same functions (issue 33)', async () => {
    const installed = await installedShop();
    const lead = quizLead({ itemKey: 'skin_quiz', answers: kitAnswers });
    const preview = await previewDestination(installed.destination, { event: eventOf(installed.accountId, lead), lead }, deps());
    const requests = server.fake.graphqlRequests(installed.shop).length;
    const outcome = await attempt(installed, lead);
    expect(outcome).toMatchObject({ ok: true });
    const [customer] = server.fake.shop(installed.shop).customers.all();

    // The preview sent nothing; each of its calls but the known customer's tagsAdd is one the delivery made, the id filled in.
    expect(requests).toBe(0);
    const sent = outcome.exchange.map((entry) => entry.request.body);
    const shown = preview.requests.filter((request) => !request.label.startsWith('If the email is already a customer'));
    expect(shown.map((request) => request.label)).toEqual([
      'Create the customer',
      'Subscribe it to email marketing',
      'Write the answers to its metafields',
    ]);
    for (const request of shown) {
      expect(request.url).toBe(outcome.exchange[0]!.request.url);
      expect(sent).toContain(request.body.replaceAll('{customer id}', customer!.id));
    }
  });

  it("needs the write_customers scope, which the app asks for in shopify.app.toml (the server's default SCOPES)", () => {
    expect(server.env.SCOPES.split(',')).toContain('write_customers');
  });

  it('creates a subscribed customer with the name and tags from a lead with consent, and logs each call without the token', async () => {
    const installed = await installedShop();
    const lead = quizLead();
    const outcome = await attempt(installed, lead);
    expect(outcome).toMatchObject({ ok: true });

    const customers = server.fake.shop(installed.shop).customers.all();
    expect(customers).toHaveLength(1);
    expect(customers[0]).toMatchObject({
      email: 'ann.lee@example.com',
      firstName: 'Ann',
      lastName: 'Lee Smith',
      tags: ['summer-quiz', 'quizlead-personality-adventurer'],
      emailMarketing: { state: 'SUBSCRIBED', optInLevel: 'SINGLE_OPT_IN', updatedAt: '2026-11-23T15:00:00.000Z' },
    });
    server.fake.expectValidQueries();

    expect(operationsOf(outcome.exchange)).toEqual(['CustomerByEmail', 'CustomerCreate', 'EmailMarketingConsentUpdate']);
    for (const entry of outcome.exchange) {
      expect(entry.request).toMatchObject({
        method: 'POST',
        url: `https://${installed.shop}/admin/api/2026-10/graphql.json`,
        headers: {},
      });
      expect(entry.response).toMatchObject({ status: 200, headers: {} });
    }
    expect(variablesOf(outcome.exchange[1]).input).toEqual({
      email: 'ann.lee@example.com',
      firstName: 'Ann',
      lastName: 'Lee Smith',
      tags: ['summer-quiz', 'quizlead-personality-adventurer'],
    });
    expect(JSON.parse(outcome.exchange[1]!.response!.body)).toMatchObject({
      data: { customerCreate: { customer: { id: customers[0]!.id }, userErrors: [] } },
    });
    // Subscribed by the consent mutation with the capture time, which fires Shopify's "customer subscribed" automations.
    expect(variablesOf(outcome.exchange[2]).input).toEqual({
      customerId: customers[0]!.id,
      emailMarketingConsent: {
        marketingState: 'SUBSCRIBED',
        marketingOptInLevel: 'SINGLE_OPT_IN',
        consentUpdatedAt: lead.capturedAt,
      },
    });
    expectNoToken(installed.shop, outcome.exchange);
  });

  it('updates the customer a second lead with the same email finds: only the missing tags are added, no duplicate', async () => {
    const installed = await installedShop();
    expect(await attempt(installed, quizLead())).toMatchObject({ ok: true });
    const second = await attempt(
      installed,
      quizLead({ name: 'Ann', tags: ['Summer-Quiz', 'autumn-quiz'], capturedAt: '2026-11-24T09:00:00.000Z' }),
    );
    expect(second).toMatchObject({ ok: true });

    const customers = server.fake.shop(installed.shop).customers.all();
    expect(customers).toHaveLength(1);
    expect(customers[0]!.tags).toEqual(['summer-quiz', 'quizlead-personality-adventurer', 'autumn-quiz']);
    // Already subscribed: the consent is left as it was given the first time, and so is the name.
    expect(customers[0]).toMatchObject({
      firstName: 'Ann',
      lastName: 'Lee Smith',
      emailMarketing: { state: 'SUBSCRIBED', updatedAt: '2026-11-23T15:00:00.000Z' },
    });
    expect(operationsOf(second.exchange)).toEqual(['CustomerByEmail', 'TagsAdd']);
    expect(variablesOf(second.exchange[1])).toEqual({ id: customers[0]!.id, tags: ['autumn-quiz'] });
    // Nothing left to add: a lookup only.
    const third = await attempt(installed, quizLead({ tags: ['autumn-quiz'] }));
    expect(operationsOf(third.exchange)).toEqual(['CustomerByEmail']);
    server.fake.expectValidQueries();
  });

  it('creates a customer without marketing consent when the box was not ticked', async () => {
    const installed = await installedShop();
    const outcome = await attempt(installed, quizLead({ consent: false, name: '' }));
    expect(outcome).toMatchObject({ ok: true });
    const [customer, ...others] = server.fake.shop(installed.shop).customers.all();
    expect(others).toHaveLength(0);
    expect(customer).toMatchObject({
      email: 'ann.lee@example.com',
      firstName: null,
      lastName: null,
      emailMarketing: { state: 'NOT_SUBSCRIBED', optInLevel: null },
    });
    expect(variablesOf(outcome.exchange[1]).input).toEqual({
      email: 'ann.lee@example.com',
      tags: ['summer-quiz', 'quizlead-personality-adventurer'],
    });
    server.fake.expectValidQueries();
  });

  it('never lowers or touches a known customer’s consent without a tick, and subscribes one who ticks', async () => {
    const installed = await installedShop();
    const customers = server.fake.shop(installed.shop).customers;
    const subscribed = customers.add({
      email: 'sub@example.com',
      tags: ['vip'],
      emailMarketing: { state: 'SUBSCRIBED', optInLevel: 'CONFIRMED_OPT_IN', updatedAt: '2025-01-01T00:00:00.000Z' },
    });
    const unsubscribed = customers.add({
      email: 'unsub@example.com',
      emailMarketing: { state: 'UNSUBSCRIBED', optInLevel: null, updatedAt: '2025-02-01T00:00:00.000Z' },
    });
    const notSubscribed = customers.add({ email: 'new@example.com' });

    const quiet = await attempt(installed, quizLead({ email: 'SUB@example.com', consent: false }));
    expect(quiet).toMatchObject({ ok: true });
    expect(operationsOf(quiet.exchange)).toEqual(['CustomerByEmail', 'TagsAdd']);
    expect(subscribed).toMatchObject({
      tags: ['vip', 'summer-quiz', 'quizlead-personality-adventurer'],
      emailMarketing: { state: 'SUBSCRIBED', optInLevel: 'CONFIRMED_OPT_IN', updatedAt: '2025-01-01T00:00:00.000Z' },
    });
    await attempt(installed, quizLead({ email: 'unsub@example.com', consent: false }));
    expect(unsubscribed.emailMarketing).toEqual({
      state: 'UNSUBSCRIBED',
      optInLevel: null,
      updatedAt: '2025-02-01T00:00:00.000Z',
    });

    // The visitor ticks the box: a fresh, single opt-in consent at the time of the capture.
    const ticked = await attempt(installed, quizLead({ email: 'new@example.com', capturedAt: '2026-11-25T10:00:00.000Z' }));
    expect(operationsOf(ticked.exchange)).toEqual(['CustomerByEmail', 'TagsAdd', 'EmailMarketingConsentUpdate']);
    expect(notSubscribed.emailMarketing).toEqual({
      state: 'SUBSCRIBED',
      optInLevel: 'SINGLE_OPT_IN',
      updatedAt: '2026-11-25T10:00:00.000Z',
    });
    // A subscribed customer who ticks again keeps the consent on record.
    const again = await attempt(installed, quizLead({ email: 'sub@example.com' }));
    expect(operationsOf(again.exchange)).toEqual(['CustomerByEmail']);
    expect(subscribed.emailMarketing.optInLevel).toBe('CONFIRMED_OPT_IN');
    expect(customers.all()).toHaveLength(3);
    server.fake.expectValidQueries();
  });

  it('when the email is taken between the lookup and the create (a racing delivery), looks up again and updates', async () => {
    const installed = await installedShop();
    const fakeShop = server.fake.shop(installed.shop);
    const lookup = fakeShop.query.customerByIdentifier as (args: unknown) => unknown;
    let lookups = 0;
    fakeShop.query.customerByIdentifier = (args: unknown) => {
      if (lookups++ > 0) return lookup(args);
      // The other delivery creates the customer just after this lookup found none.
      fakeShop.customers.add({ email: 'ann.lee@example.com', firstName: 'Ann', tags: ['summer-quiz'] });
      return null;
    };
    const outcome = await attempt(installed, quizLead());
    expect(outcome).toMatchObject({ ok: true });
    expect(operationsOf(outcome.exchange)).toEqual([
      'CustomerByEmail',
      'CustomerCreate',
      'CustomerByEmail',
      'TagsAdd',
      'EmailMarketingConsentUpdate',
    ]);
    expect(JSON.parse(outcome.exchange[1]!.response!.body)).toMatchObject({
      data: { customerCreate: { customer: null, userErrors: [{ field: ['email'], message: 'Email has already been taken' }] } },
    });
    const [customer, ...others] = fakeShop.customers.all();
    expect(others).toHaveLength(0);
    expect(customer).toMatchObject({
      tags: ['summer-quiz', 'quizlead-personality-adventurer'],
      emailMarketing: { state: 'SUBSCRIBED', optInLevel: 'SINGLE_OPT_IN' },
    });
    server.fake.expectValidQueries();
  });

  it('is a failure not to retry with Shopify’s own message when Shopify answers userErrors', async () => {
    const installed = await installedShop();
    const outcome = await attempt(installed, quizLead({ email: 'ann.lee@example' }));
    expect(outcome).toMatchObject({ ok: false, retryable: false, message: 'Email is invalid' });
    expect(outcome.exchange.at(-1)!.response!.body).toContain('Email is invalid');
    expect(server.fake.shop(installed.shop).customers.all()).toHaveLength(0);

    const customer = server.fake.shop(installed.shop).customers.add({ email: 'ann.lee@example.com' });
    server.fake.shop(installed.shop).mutation.tagsAdd = () => ({
      node: null,
      userErrors: [{ field: ['tags'], message: 'Tags is too long (maximum is 255 characters)' }],
    });
    const refused = await attempt(installed, quizLead());
    expect(refused).toMatchObject({ ok: false, retryable: false, message: 'Tags is too long (maximum is 255 characters)' });
    expect(customer.emailMarketing.state).toBe('NOT_SUBSCRIBED');
    server.fake.expectValidQueries();
  });

  it('is a failure not to retry when the shop has uninstalled the app', async () => {
    const installed = await installedShop();
    server.fake.uninstall(installed.shop);
    expect(await shopUninstaller({ db: db(), shop: installed.shop })).toBe(true);
    const outcome = await attempt(installed, quizLead());
    expect(outcome).toEqual({ ok: false, retryable: false, message: shopifyCustomersMessages.uninstalled, exchange: [] });
    expect(shopifyCustomersMessages.uninstalled).toBe('The shop has uninstalled the app');
  });

  it('is retryable, after the wait Shopify asks for, when throttled (THROTTLED or 429), and writes nothing', async () => {
    const installed = await installedShop();
    const fakeShop = server.fake.shop(installed.shop);

    // The cost bucket holds 2 of the 502 points the call needs, refilling 100 a second: 5 s.
    fakeShop.failNext.push({ throttled: { requestedQueryCost: 502, currentlyAvailable: 2, restoreRate: 100 } });
    const throttled = await attempt(installed, quizLead());
    expect(throttled).toMatchObject({
      ok: false,
      retryable: true,
      retryAfterMs: 5000,
      message: shopifyCustomersMessages.throttled,
    });
    expect(throttled.exchange).toHaveLength(1);
    expect(throttled.exchange[0]!.response!.status).toBe(200);
    expect(JSON.parse(throttled.exchange[0]!.response!.body)).toMatchObject({
      errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }],
    });

    // The create itself is throttled with HTTP 429 and Retry-After.
    fakeShop.failNext.push({
      operation: 'CustomerCreate',
      status: 429,
      headers: { 'Retry-After': '2.0' },
      body: { errors: 'Exceeded 2 calls per second for api client.' },
    });
    const limited = await attempt(installed, quizLead());
    expect(limited).toMatchObject({ ok: false, retryable: true, retryAfterMs: 2000 });
    expect(operationsOf(limited.exchange)).toEqual(['CustomerByEmail', 'CustomerCreate']);
    expect(limited.exchange[1]!.response).toEqual({
      status: 429,
      headers: { 'retry-after': '2.0' },
      body: JSON.stringify({ errors: 'Exceeded 2 calls per second for api client.' }),
    });
    expect(fakeShop.customers.all()).toHaveLength(0);

    // The retry goes through.
    expect(await attempt(installed, quizLead())).toMatchObject({ ok: true });
    expect(fakeShop.customers.all()).toHaveLength(1);
    expectNoToken(installed.shop, [...throttled.exchange, ...limited.exchange]);
    server.fake.expectValidQueries();
  });

  it('is retryable on a 5xx or a dropped connection', async () => {
    const installed = await installedShop();
    const fakeShop = server.fake.shop(installed.shop);
    fakeShop.failNext.push({ status: 503, body: { errors: 'Service Unavailable' } });
    const unavailable = await attempt(installed, quizLead());
    expect(unavailable).toMatchObject({ ok: false, retryable: true, message: shopifyCustomersMessages.httpError(503) });
    expect(unavailable.exchange[0]!.response).toMatchObject({ status: 503, body: '{"errors":"Service Unavailable"}' });

    fakeShop.failNext.push({ disconnect: true });
    const dropped = await attempt(installed, quizLead());
    expect(dropped).toMatchObject({ ok: false, retryable: true });
    expect(dropped.ok === false && dropped.message).toMatch(/^Could not reach Shopify/);
    expect(dropped.exchange).toHaveLength(1);
    expect(dropped.exchange[0]!.response).toBeUndefined();
    expect(fakeShop.customers.all()).toHaveLength(0);
  });
});

/** A skin quiz's answers: two marked "use in segments" with option tags, a score, a typed answer and a multi-select. */
function skinAnswers(): TLeadAnswer[] {
  return [
    {
      key: 'skin_type',
      question: 'What is your skin type?',
      type: 'choice',
      value: 'oily',
      optionIds: ['o_oily'],
      tags: ['skin-oily'],
      segment: true,
    },
    {
      key: 'concerns',
      question: 'Which concerns do you have?',
      type: 'choices',
      value: ['Acne', 'Redness'],
      optionIds: ['o_acne', 'o_red'],
      tags: ['concern-acne', 'concern-redness'],
      segment: true,
    },
    { key: 'budget', question: 'Your budget per month?', type: 'number', value: 40, optionIds: [], tags: [], segment: true },
    { key: 'score', question: 'Score', type: 'number', value: 7.5, optionIds: [], tags: [], segment: false },
    {
      key: 'anything_else',
      question: 'Anything else?',
      type: 'text',
      value: 'Sensitive\nin winter',
      optionIds: [],
      tags: [],
      segment: false,
    },
  ];
}

const skinLead = (overrides: Partial<Lead> = {}) =>
  quizLead({ item: { id: 'q_skin', title: 'Skin quiz' }, itemKey: 'skin_quiz', answers: skinAnswers(), ...overrides });

/** The customer's `$app:quizlead` metafields as key → {type, value}. */
function metafieldsOf(shop: string, customerId: string) {
  const stored = server.fake.shop(shop).metafields.of(customerId);
  return Object.fromEntries(
    Object.entries(stored).map(([key, metafield]) => [key, { type: metafield.type, value: metafield.value }]),
  );
}

describe('Shopify customers destination: answers as metafields, option tags, consent (issue 33)', () => {
  it('writes every answer in the item’s json metafield, a typed metafield per segment answer with its definition (made once across two leads), the option tags and consent with consentUpdatedAt', async () => {
    const installed = await installedShop();
    const fakeShop = server.fake.shop(installed.shop);
    const first = await attempt(installed, skinLead());
    expect(first).toMatchObject({ ok: true });

    const [customer] = fakeShop.customers.all();
    expect(customer!.tags).toEqual([
      'summer-quiz',
      'quizlead-personality-adventurer',
      'skin-oily',
      'concern-acne',
      'concern-redness',
    ]);
    expect(customer!.emailMarketing).toEqual({
      state: 'SUBSCRIBED',
      optInLevel: 'SINGLE_OPT_IN',
      updatedAt: '2026-11-23T15:00:00.000Z',
    });
    expect(fakeShop.customers.consentInputs).toEqual([
      {
        customerId: customer!.id,
        via: 'customerEmailMarketingConsentUpdate',
        consent: {
          marketingState: 'SUBSCRIBED',
          marketingOptInLevel: 'SINGLE_OPT_IN',
          consentUpdatedAt: '2026-11-23T15:00:00.000Z',
        },
      },
    ]);

    const metafields = metafieldsOf(installed.shop, customer!.id);
    expect(Object.keys(metafields).sort()).toEqual([
      'skin_quiz',
      'skin_quiz-budget',
      'skin_quiz-concerns',
      'skin_quiz-skin_type',
    ]);
    expect(metafields['skin_quiz']!.type).toBe('json');
    expect(JSON.parse(metafields['skin_quiz']!.value)).toEqual({
      item: { id: 'q_skin', title: 'Skin quiz', tool: 'quiz' },
      capturedAt: '2026-11-23T15:00:00.000Z',
      answers: {
        skin_type: 'oily',
        concerns: ['Acne', 'Redness'],
        budget: 40,
        score: 7.5,
        anything_else: 'Sensitive\nin winter',
      },
      questions: {
        skin_type: { text: 'What is your skin type?', type: 'choice' },
        concerns: { text: 'Which concerns do you have?', type: 'choices' },
        budget: { text: 'Your budget per month?', type: 'number' },
        score: { text: 'Score', type: 'number' },
        anything_else: { text: 'Anything else?', type: 'text' },
      },
    });
    expect(metafields['skin_quiz-skin_type']).toEqual({ type: 'single_line_text_field', value: 'oily' });
    expect(metafields['skin_quiz-concerns']).toEqual({ type: 'list.single_line_text_field', value: '["Acne","Redness"]' });
    expect(metafields['skin_quiz-budget']).toEqual({ type: 'number_integer', value: '40' });

    const definitions = fakeShop.metafields.definitions;
    expect(definitions.map(({ key, type, adminFilterable }) => ({ key, type, adminFilterable }))).toEqual([
      { key: 'skin_quiz', type: 'json', adminFilterable: false },
      { key: 'skin_quiz-skin_type', type: 'single_line_text_field', adminFilterable: true },
      { key: 'skin_quiz-concerns', type: 'list.single_line_text_field', adminFilterable: true },
      { key: 'skin_quiz-budget', type: 'number_integer', adminFilterable: true },
    ]);
    for (const definition of definitions) {
      expect(definition).toMatchObject({
        namespace: `app--${fakeAppClientId}--quizlead`,
        ownerType: 'CUSTOMER',
        access: { admin: 'MERCHANT_READ' },
      });
    }
    expect(definitions[1]!.name).toBe('Skin quiz: What is your skin type?');
    expect(operationsOf(first.exchange)).toEqual([
      'CustomerByEmail',
      'CustomerCreate',
      'EmailMarketingConsentUpdate',
      'QuizleadMetafieldDefinitions',
      'QuizleadMetafieldDefinitionCreate',
      'QuizleadMetafieldDefinitionCreate',
      'QuizleadMetafieldDefinitionCreate',
      'QuizleadMetafieldDefinitionCreate',
      'QuizleadMetafieldsSet',
    ]);

    // A second shopper of the same quiz: the definitions exist, none is made again.
    const second = await attempt(
      installed,
      skinLead({
        email: 'bo@example.com',
        answers: skinAnswers().map((answer) => (answer.key === 'budget' ? { ...answer, value: 25 } : answer)),
      }),
    );
    expect(second).toMatchObject({ ok: true });
    expect(operationsOf(second.exchange)).toEqual([
      'CustomerByEmail',
      'CustomerCreate',
      'EmailMarketingConsentUpdate',
      'QuizleadMetafieldDefinitions',
      'QuizleadMetafieldsSet',
    ]);
    expect(fakeShop.metafields.definitions).toHaveLength(4);
    const bo = fakeShop.customers.byEmail('bo@example.com')!;
    expect(metafieldsOf(installed.shop, bo.id)['skin_quiz-budget']).toEqual({ type: 'number_integer', value: '25' });
    server.fake.expectValidQueries();
    expect(fakeShop.metafields.unverified).toEqual([]);
  });

  it('subscribes a known customer with customerEmailMarketingConsentUpdate at the capture time', async () => {
    const installed = await installedShop();
    const fakeShop = server.fake.shop(installed.shop);
    const known = fakeShop.customers.add({ email: 'ann.lee@example.com' });
    expect(await attempt(installed, skinLead({ capturedAt: '2026-11-27T08:00:00.000Z' }))).toMatchObject({ ok: true });
    expect(fakeShop.customers.consentInputs).toEqual([
      {
        customerId: known.id,
        via: 'customerEmailMarketingConsentUpdate',
        consent: {
          marketingState: 'SUBSCRIBED',
          marketingOptInLevel: 'SINGLE_OPT_IN',
          consentUpdatedAt: '2026-11-27T08:00:00.000Z',
        },
      },
    ]);
    expect(known.tags).toContain('skin-oily');
    expect(Object.keys(metafieldsOf(installed.shop, known.id))).toHaveLength(4);
    server.fake.expectValidQueries();
  });

  it('splits more than 25 metafields into calls of at most 25', async () => {
    const installed = await installedShop();
    const fakeShop = server.fake.shop(installed.shop);
    const answers: TLeadAnswer[] = Array.from({ length: 30 }, (_, index) => ({
      key: `q${index + 1}`,
      question: `Question ${index + 1}`,
      type: 'choice',
      value: `Option ${index + 1}`,
      optionIds: [`o${index + 1}`],
      tags: [],
      segment: true,
    }));
    const outcome = await attempt(installed, skinLead({ answers }));
    expect(outcome).toMatchObject({ ok: true });
    expect(fakeShop.metafields.setCalls.map((call) => call.length)).toEqual([25, 6]);
    const customer = fakeShop.customers.all()[0]!;
    const stored = metafieldsOf(installed.shop, customer.id);
    expect(Object.keys(stored)).toHaveLength(31);
    expect(stored['skin_quiz-q30']).toEqual({ type: 'single_line_text_field', value: 'Option 30' });
    expect(fakeShop.metafields.definitions).toHaveLength(31);
    server.fake.expectValidQueries();
  });

  it('a retried delivery changes nothing more: no new definition, customer, tag, consent or metafield value', async () => {
    const installed = await installedShop();
    const fakeShop = server.fake.shop(installed.shop);
    const lead = skinLead();
    expect(await attempt(installed, lead)).toMatchObject({ ok: true });
    const snapshot = () =>
      JSON.stringify({
        customers: fakeShop.customers.all(),
        metafields: fakeShop.metafields.metafields,
        definitions: fakeShop.metafields.definitions,
        consent: fakeShop.customers.consentInputs,
      });
    const before = snapshot();
    const retried = await attempt(installed, lead);
    expect(retried).toMatchObject({ ok: true });
    expect(operationsOf(retried.exchange)).toEqual(['CustomerByEmail', 'QuizleadMetafieldDefinitions', 'QuizleadMetafieldsSet']);
    expect(snapshot()).toBe(before);
    server.fake.expectValidQueries();
  });

  it('two leads of one quiz delivered at once make each definition once and both customers get their answers', async () => {
    const installed = await installedShop();
    const fakeShop = server.fake.shop(installed.shop);
    const outcomes = await Promise.all([
      attempt(installed, skinLead({ email: 'one@example.com' })),
      attempt(installed, skinLead({ email: 'two@example.com' })),
    ]);
    for (const outcome of outcomes) expect(outcome).toMatchObject({ ok: true });
    expect(fakeShop.metafields.definitions.map((definition) => definition.key).sort()).toEqual([
      'skin_quiz',
      'skin_quiz-budget',
      'skin_quiz-concerns',
      'skin_quiz-skin_type',
    ]);
    for (const email of ['one@example.com', 'two@example.com']) {
      const customer = fakeShop.customers.byEmail(email)!;
      expect(Object.keys(metafieldsOf(installed.shop, customer.id))).toHaveLength(4);
    }
    server.fake.expectValidQueries();
  });

  it('when a racing delivery made a definition first (TAKEN), counts it as made and writes the value', async () => {
    const installed = await installedShop();
    const fakeShop = server.fake.shop(installed.shop);
    const list = fakeShop.query.metafieldDefinitions as (args: any) => any;
    let reads = 0;
    fakeShop.query.metafieldDefinitions = (args: any) => {
      // The other delivery creates every definition just after this one read none.
      if (reads++ === 0) {
        const answer = list(args);
        const create = fakeShop.mutation.metafieldDefinitionCreate as (args: any) => any;
        for (const [key, type] of [
          ['skin_quiz', 'json'],
          ['skin_quiz-skin_type', 'single_line_text_field'],
          ['skin_quiz-concerns', 'list.single_line_text_field'],
          ['skin_quiz-budget', 'number_decimal'],
        ] as const)
          create({ definition: { namespace: '$app:quizlead', key, name: key, ownerType: 'CUSTOMER', type } });
        return answer;
      }
      return list(args);
    };
    const outcome = await attempt(installed, skinLead());
    expect(outcome).toMatchObject({ ok: true });
    expect(fakeShop.metafields.definitions).toHaveLength(4);
    const customer = fakeShop.customers.all()[0]!;
    // The other delivery made budget a decimal: the whole number is written as one.
    expect(metafieldsOf(installed.shop, customer.id)['skin_quiz-budget']).toEqual({ type: 'number_decimal', value: '40' });
    server.fake.expectValidQueries();
  });
});

describe('Shopify customers: metafield definitions on install', () => {
  it('an install enqueues the definitions of the published quizzes’ segment questions, which a delivery then finds', async () => {
    const installed = await installedShop();
    const fakeShop = server.fake.shop(installed.shop);
    const client = server.embedded(installed.shop);
    const quiz = await createGradedQuiz(client, { title: 'Skin quiz' });
    const skinType = { ...gradedQuestion('<p>What is your <b>skin</b> type?</p>'), segment: true };
    const concerns = { ...gradedQuestion('<p>Concerns?</p>'), kind: 'multiple' as const, propertyKey: 'concerns', segment: true };
    const plain = gradedQuestion('<p>Not for segments</p>');
    expect((await client.put(`/api/v1/quizzes/${quiz.id}/questions`, { questions: [skinType, concerns, plain] })).status).toBe(
      200,
    );
    expect((await client.put(`/api/v1/quizzes/${quiz.id}/status`, { status: 'published' })).status).toBe(200);

    // The shop reinstalls: the install enqueues the definitions' task.
    server.fake.uninstall(installed.shop);
    expect(await shopUninstaller({ db: db(), shop: installed.shop })).toBe(true);
    expect((await server.embedded(installed.shop).get('/api/v1/session')).status).toBe(200);
    const jobs = await db().execute(
      sql`select data from ${sql.identifier(server.services.queue.schema)}.job where name = ${createCustomerMetafieldDefinitionsTask.name}
        and data->>'accountId' = ${installed.accountId}`,
    );
    expect((jobs as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0);

    expect(await customerMetafieldDefinitionsCreator(server.services, installed.accountId)).toBe(3);
    expect(
      fakeShop.metafields.definitions.map(({ key, type, adminFilterable, name }) => ({ key, type, adminFilterable, name })),
    ).toEqual([
      { key: 'skin_quiz', type: 'json', adminFilterable: false, name: 'Skin quiz (answers)' },
      {
        key: 'skin_quiz-what_is_your_skin_type',
        type: 'single_line_text_field',
        adminFilterable: true,
        name: 'Skin quiz: What is your skin type?',
      },
      { key: 'skin_quiz-concerns', type: 'list.single_line_text_field', adminFilterable: true, name: 'Skin quiz: Concerns?' },
    ]);
    // Run again (a retried job): nothing more.
    expect(await customerMetafieldDefinitionsCreator(server.services, installed.accountId)).toBe(3);
    expect(fakeShop.metafields.definitions).toHaveLength(3);

    const lead = skinLead({
      answers: [
        {
          key: 'what_is_your_skin_type',
          question: 'What is your skin type?',
          type: 'choice',
          value: 'Oily',
          optionIds: ['a1'],
          tags: [],
          segment: true,
        },
        { key: 'concerns', question: 'Concerns?', type: 'choices', value: ['Acne'], optionIds: ['a1'], tags: [], segment: true },
      ],
    });
    const outcome = await attempt(installed, lead);
    expect(outcome).toMatchObject({ ok: true });
    expect(operationsOf(outcome.exchange)).not.toContain('QuizleadMetafieldDefinitionCreate');
    const customer = fakeShop.customers.all()[0]!;
    expect(metafieldsOf(installed.shop, customer.id)['skin_quiz-concerns']).toEqual({
      type: 'list.single_line_text_field',
      value: '["Acne"]',
    });
    server.fake.expectValidQueries();
  });

  it('makes none for a shop without Shopify customers on', async () => {
    const installed = await installedShop();
    await db().update(destinations).set({ enabled: false }).where(eq(destinations.id, installed.destination.id));
    const client = server.embedded(installed.shop);
    const quiz = await createGradedQuiz(client, { title: 'Skin quiz', questions: 1, publish: true });
    expect(quiz.id).toBeTruthy();
    expect(await customerMetafieldDefinitionsCreator(server.services, installed.accountId)).toBe(0);
    expect(server.fake.shop(installed.shop).metafields.definitions).toHaveLength(0);
  });
});

describe('Shopify customers destination: phone and SMS consent (issue 33, reference C5)', () => {
  const phone = '+14155552671';
  const smsConsent = {
    marketingState: 'SUBSCRIBED',
    marketingOptInLevel: 'SINGLE_OPT_IN',
    consentUpdatedAt: '2026-11-23T15:00:00.000Z',
  };

  it('creates the customer with the phone, then subscribes it to SMS with customerSmsMarketingConsentUpdate and consentUpdatedAt', async () => {
    const installed = await installedShop();
    const outcome = await attempt(installed, quizLead({ phone, smsConsent: true }));
    expect(outcome).toMatchObject({ ok: true });
    server.fake.expectValidQueries();
    const [customer] = server.fake.shop(installed.shop).customers.all();
    expect(customer).toMatchObject({ phone, smsMarketing: { state: 'SUBSCRIBED', updatedAt: '2026-11-23T15:00:00.000Z' } });
    expect(operationsOf(outcome.exchange)).toEqual([
      'CustomerByEmail',
      'CustomerCreate',
      'EmailMarketingConsentUpdate',
      'SmsMarketingConsentUpdate',
    ]);
    expect(variablesOf(outcome.exchange[1]).input).toMatchObject({ email: 'ann.lee@example.com', phone });
    expect(variablesOf(outcome.exchange[3]).input).toEqual({ customerId: customer!.id, smsMarketingConsent: smsConsent });

    // A retry finds the customer subscribed: no second consent call.
    const retried = await attempt(installed, quizLead({ phone, smsConsent: true }));
    expect(operationsOf(retried.exchange)).toEqual(['CustomerByEmail']);
    expect(server.fake.shop(installed.shop).customers.smsConsentInputs).toHaveLength(1);
  });

  it('gives a known customer without a phone the lead’s with customerUpdate first; no SMS consent without the tick', async () => {
    const installed = await installedShop();
    const customers = server.fake.shop(installed.shop).customers;
    const known = customers.add({
      email: 'ann.lee@example.com',
      tags: quizLead().tags,
      emailMarketing: { state: 'SUBSCRIBED' },
    });
    const outcome = await attempt(installed, quizLead({ phone, smsConsent: false }));
    expect(outcome).toMatchObject({ ok: true });
    server.fake.expectValidQueries();
    expect(operationsOf(outcome.exchange)).toEqual(['CustomerByEmail', 'CustomerPhone']);
    expect(variablesOf(outcome.exchange[1]).input).toEqual({ id: known.id, phone });
    expect(known).toMatchObject({ phone, smsMarketing: { state: 'NOT_SUBSCRIBED' } });

    const ticked = await attempt(installed, quizLead({ phone, smsConsent: true }));
    expect(operationsOf(ticked.exchange)).toEqual(['CustomerByEmail', 'SmsMarketingConsentUpdate']);
    expect(customers.smsConsentInputs).toEqual([{ customerId: known.id, consent: smsConsent }]);
  });

  it('a phone another customer holds is left out: the lead still becomes a customer, with no SMS consent', async () => {
    const installed = await installedShop();
    const customers = server.fake.shop(installed.shop).customers;
    customers.add({ email: 'someone.else@example.com', phone });
    const outcome = await attempt(installed, quizLead({ phone, smsConsent: true }));
    expect(outcome).toMatchObject({ ok: true });
    expect(customers.byEmail('ann.lee@example.com')).toMatchObject({ phone: null, smsMarketing: { state: 'NOT_SUBSCRIBED' } });
    expect(customers.smsConsentInputs).toEqual([]);
    server.fake.expectValidQueries();
  });

  it('the fake refuses SMS consent for a customer without a phone, as Shopify does', async () => {
    const installed = await installedShop();
    const customers = server.fake.shop(installed.shop).customers;
    const known = customers.add({ email: 'no.phone@example.com' });
    const refused = (customers.mutationFields().customerSmsMarketingConsentUpdate as (args: unknown) => unknown)({
      input: { customerId: known.id, smsMarketingConsent: smsConsent },
    });
    expect(refused).toEqual({
      customer: null,
      userErrors: [{ field: ['input', 'customerId'], message: 'Customer must have a phone number', code: 'INVALID' }],
    });
  });
});
