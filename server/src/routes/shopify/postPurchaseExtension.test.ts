import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deliveries,
  events,
  feedbackResponses,
  pollVotes,
  postPurchaseAnswers,
  shopifyDataRequests,
  shopInstallations,
} from '../../db/schema/index.ts';
import { scoped } from '../../db/scope.ts';
import { extensionSessionTokens, forgedExtensionTokens } from '../../test/fakes/shopify/index.ts';
import { getShopifyTestServer, type EmbeddedTestClient, type ShopifyTestServer } from '../../test/getTestServer.ts';
import { orderBody, payOrder, placeOrder as deliverOrder } from '../../test/revenueFixture.ts';
import { deliverApplied, installedShop, newShop } from '../../test/shopifyWebhooks.ts';
import { createFeedback, createPoll } from '../../test/widgetFactory.ts';

/**
 * The thank-you and order status extensions' calls (issue 36 contract), against the real app and the
 * fake Shopify: the session token as Shopify mints extension tokens, CORS for any origin, the server's
 * rules, and one answer per order recorded as the item's own vote or response.
 */

let server: ShopifyTestServer;
beforeAll(async () => {
  server = await getShopifyTestServer();
});
afterAll(() => server.stop());

const surveyPath = '/extensions/post-purchase/survey';
const answersPath = '/extensions/post-purchase/answers';
const customer = 'gid://shopify/Customer/7044372168804';
let nextOrder = 6_100_000;
const newOrderId = () => nextOrder++;
const orderGid = (id: number) => `gid://shopify/Order/${id}`;

interface Call {
  token?: string | null;
  headers?: Record<string, string>;
}

async function call(method: string, path: string, options: Call & { body?: unknown } = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

const tokenFor = (shop: string, customerId?: string) => extensionSessionTokens.valid(server.app, shop, { customerId });

async function getSurvey(
  shop: string,
  orderId: number,
  options: { customerId?: string; query?: string; headers?: Record<string, string> } = {},
) {
  const query = `orderId=${encodeURIComponent(orderGid(orderId))}&surface=thank_you${options.query ?? ''}`;
  return call('GET', `${surveyPath}?${query}`, { token: await tokenFor(shop, options.customerId), headers: options.headers });
}

async function answer(shop: string, body: Record<string, unknown>, customerId?: string) {
  return call('POST', answersPath, { token: await tokenFor(shop, customerId), body });
}

/** A shop with a poll (Instagram / Friend / Other) set as its post-purchase survey. */
async function shopWithSurvey(
  settings: Record<string, unknown> = {},
  item?: (owner: EmbeddedTestClient) => Promise<{ kind: string; id: string }>,
) {
  const { shop, owner, accountId } = await installedShop(server);
  const picked = item
    ? await item(owner)
    : {
        kind: 'poll',
        id: (await createPoll(owner, { description: 'How did you hear about us?', options: ['Instagram', 'A friend', 'Other'] }))
          .id as string,
      };
  const saved = await owner.put('/api/v1/shopify/post-purchase-survey', {
    itemKind: picked.kind,
    itemId: picked.id,
    ...settings,
  });
  expect(saved.status).toBe(200);
  return { shop, owner, accountId, itemId: picked.id };
}

const answersOf = (accountId: string) =>
  server.services.database.db.select().from(postPurchaseAnswers).where(scoped(postPurchaseAnswers, accountId));
const votesOf = (accountId: string) => server.services.database.db.select().from(pollVotes).where(scoped(pollVotes, accountId));
const eventsOf = (accountId: string) => server.services.database.db.select().from(events).where(scoped(events, accountId));

describe('session token and CORS', () => {
  it('answers the preflight for any origin with the headers the extension sends', async () => {
    for (const path of [surveyPath, answersPath]) {
      const preflight = await call('OPTIONS', path, {
        headers: {
          origin: 'null',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      expect(preflight.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type');
      expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    }
  });

  it('refuses with 401 and CORS headers: no token, every forged token, and a token of a shop that has not installed the app', async () => {
    const { shop, itemId } = await shopWithSurvey();
    const orderId = newOrderId();
    const query = `${surveyPath}?orderId=${encodeURIComponent(orderGid(orderId))}&surface=thank_you`;
    const body = { orderId: orderGid(orderId), surface: 'thank_you', surveyId: itemId, choiceId: '0' };
    const tokens: [string, string | null][] = [
      ['none', null],
      ['not a jwt', 'not-a-jwt'],
      ...(await Promise.all(
        Object.entries(forgedExtensionTokens).map(
          async ([name, forge]) => [name, await forge(server.app, shop)] as [string, string],
        ),
      )),
      ['unknown shop', await extensionSessionTokens.valid(server.app, newShop())],
    ];
    for (const [name, token] of tokens) {
      for (const [method, path, payload] of [
        ['GET', query, undefined],
        ['POST', answersPath, body],
      ] as const) {
        const refused = await call(method, path, { token, body: payload });
        expect(refused.status, `${name} ${method}`).toBe(401);
        expect(refused.body.error.code, name).toBe('unauthorized');
        expect(refused.headers.get('access-control-allow-origin'), name).toBe('*');
      }
    }
    expect(await answersOf((await installedAccount(shop))!)).toEqual([]);
  });

  it('refuses a shop that uninstalled the app', async () => {
    const { shop, accountId } = await shopWithSurvey();
    await server.services.database.db
      .update(shopInstallations)
      .set({ accessToken: null, refreshToken: null, uninstalledAt: new Date() })
      .where(eq(shopInstallations.accountId, accountId));
    expect((await getSurvey(shop, newOrderId())).status).toBe(401);
  });
});

async function installedAccount(shop: string) {
  const [row] = await server.services.database.db
    .select({ accountId: shopInstallations.accountId })
    .from(shopInstallations)
    .where(eq(shopInstallations.shop, shop));
  return row?.accountId;
}

describe('GET survey', () => {
  it('answers the poll as choices, with Other taking free text, and CORS on the answer', async () => {
    const { shop, itemId } = await shopWithSurvey();
    const got = await getSurvey(shop, newOrderId());
    expect(got.status).toBe(200);
    expect(got.headers.get('access-control-allow-origin')).toBe('*');
    expect(got.body).toEqual({
      survey: {
        id: itemId,
        kind: 'poll',
        question: 'How did you hear about us?',
        layout: 'choice',
        choices: [
          { id: '0', label: 'Instagram' },
          { id: '1', label: 'A friend' },
          { id: '2', label: 'Other' },
        ],
        otherChoiceId: '2',
        submitLabel: 'Vote',
        thanks: 'Thank you for voting.',
      },
    });
  });

  it('answers a star web response as a rating out of 5, and an emotion one as choices', async () => {
    const stars = await shopWithSurvey({}, async (owner) => ({
      kind: 'feedback',
      id: (await createFeedback(owner, { title: 'Checkout', feelingType: 'star', question: 'How was checkout?' })).id,
    }));
    expect((await getSurvey(stars.shop, newOrderId())).body.survey).toMatchObject({
      id: stars.itemId,
      kind: 'feedback',
      question: 'How was checkout?',
      layout: 'rating',
      ratingMax: 5,
      submitLabel: 'Send',
      thanks: 'Thanks for your feedback.',
    });
    const emotions = await shopWithSurvey({}, async (owner) => ({ kind: 'feedback', id: (await createFeedback(owner, {})).id }));
    const survey = (await getSurvey(emotions.shop, newOrderId())).body.survey;
    expect(survey.layout).toBe('choice');
    expect(survey.choices[3]).toEqual({ id: 'Happy', label: 'Happy' });
  });

  it('speaks the buyer’s language: the item’s translation and the app’s words', async () => {
    const { shop, owner, itemId } = await shopWithSurvey();
    const saved = await owner.put(`/api/v1/polls/${itemId}/languages`, {
      default: 'en',
      fixed: null,
      languages: ['de'],
      translations: {
        de: {
          description: 'Wie haben Sie von uns gehört?',
          'option.0': 'Instagram',
          'option.1': 'Freunde',
          'option.2': 'Andere',
        },
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const german = (await getSurvey(shop, newOrderId(), { query: '&locale=de-DE' })).body.survey;
    expect(german).toMatchObject({ question: 'Wie haben Sie von uns gehört?', submitLabel: expect.not.stringMatching(/^Vote$/) });
    expect(german.choices[1]).toEqual({ id: '1', label: 'Freunde' });
    const byHeader = (await getSurvey(shop, newOrderId(), { headers: { 'accept-language': 'de-AT,de;q=0.9' } })).body.survey;
    expect(byHeader.question).toBe('Wie haben Sie von uns gehört?');
  });

  it('answers null with no survey, a disabled one, or an unpublished poll', async () => {
    const { shop } = await installedShop(server);
    expect((await getSurvey(shop, newOrderId())).body).toEqual({ survey: null });
    const disabled = await shopWithSurvey({ enabled: false });
    expect((await getSurvey(disabled.shop, newOrderId())).body).toEqual({ survey: null });
    const unpublished = await shopWithSurvey();
    await unpublished.owner.put(`/api/v1/polls/${unpublished.itemId}/status`, { status: 'unpublished' });
    expect((await getSurvey(unpublished.shop, newOrderId())).body).toEqual({ survey: null });
  });

  it('asks new customers only their first order, returning ones only later ones; an order it knows nothing of, neither', async () => {
    const newOnly = await shopWithSurvey({ audience: 'new' });
    const first = newOrderId();
    const third = newOrderId();
    await placeOrder(newOnly.shop, first, { ordersCount: 1 });
    await placeOrder(newOnly.shop, third, { ordersCount: 3 });
    expect((await getSurvey(newOnly.shop, first)).body.survey).not.toBeNull();
    expect((await getSurvey(newOnly.shop, third)).body).toEqual({ survey: null });
    expect((await getSurvey(newOnly.shop, newOrderId())).body).toEqual({ survey: null });

    const returning = await shopWithSurvey({ audience: 'returning' });
    const again = newOrderId();
    const firstTime = newOrderId();
    const guest = newOrderId();
    await placeOrder(returning.shop, again, { ordersCount: 2 });
    await placeOrder(returning.shop, firstTime, { ordersCount: 1 });
    await placeOrder(returning.shop, guest, { ordersCount: null });
    expect((await getSurvey(returning.shop, again)).body.survey).not.toBeNull();
    expect((await getSurvey(returning.shop, firstTime)).body).toEqual({ survey: null });
    expect((await getSurvey(returning.shop, guest)).body).toEqual({ survey: null });

    const everyone = await shopWithSurvey({ audience: 'all' });
    expect((await getSurvey(everyone.shop, newOrderId())).body.survey).not.toBeNull();
  });

  it('asks only orders within the value range, in minor units, bounds included', async () => {
    const { shop } = await shopWithSurvey({ minOrderMinor: 2000, maxOrderMinor: 10_000 });
    const cases: [string, boolean][] = [
      ['19.99', false],
      ['20.00', true],
      ['100.00', true],
      ['100.01', false],
    ];
    for (const [total, shown] of cases) {
      const id = newOrderId();
      await placeOrder(shop, id, { total });
      expect((await getSurvey(shop, id)).body.survey !== null, total).toBe(shown);
    }
    // An order paid before its orders/create arrives is known by its orders/paid.
    const paid = newOrderId();
    await payOrder(server, shop, orderBody({ total: '50.00', id: paid }));
    expect((await getSurvey(shop, paid)).body.survey).not.toBeNull();
    // Not known at all: the range cannot hold.
    expect((await getSurvey(shop, newOrderId())).body).toEqual({ survey: null });
  });

  it('takes the thank-you page’s OrderIdentity gid for the same order', async () => {
    const { shop, itemId } = await shopWithSurvey();
    const id = newOrderId();
    const got = await call(
      'GET',
      `${surveyPath}?orderId=${encodeURIComponent(`gid://shopify/OrderIdentity/${id}`)}&surface=thank_you`,
      {
        token: await tokenFor(shop),
      },
    );
    expect(got.body.survey.id).toBe(itemId);
    const answered = await answer(shop, {
      orderId: `gid://shopify/OrderIdentity/${id}`,
      surface: 'thank_you',
      surveyId: itemId,
      choiceId: '1',
    });
    expect(answered.status).toBe(201);
    expect((await getSurvey(shop, id)).body).toEqual({ survey: null });
  });

  it('names the field of a bad query: 400', async () => {
    const { shop } = await shopWithSurvey();
    const token = await tokenFor(shop);
    const bad = await call('GET', `${surveyPath}?orderId=gid://shopify/Customer/1&surface=thank_you`, { token });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('orderId');
    const surface = await call('GET', `${surveyPath}?orderId=${encodeURIComponent(orderGid(1))}&surface=checkout`, { token });
    expect(surface.status).toBe(400);
    expect(surface.body.error.field).toBe('surface');
  });
});

describe('POST answers', () => {
  it('stores the answer once per order and records it as a poll vote with its event; a second answer changes nothing', async () => {
    const { shop, accountId, itemId } = await shopWithSurvey();
    const id = newOrderId();
    const body = { orderId: orderGid(id), surface: 'thank_you', surveyId: itemId, choiceId: '2', otherText: 'A podcast' };
    const first = await answer(shop, body, customer);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ ok: true });
    expect(first.headers.get('access-control-allow-origin')).toBe('*');

    const [stored, ...more] = await answersOf(accountId);
    expect(more).toEqual([]);
    expect(stored).toMatchObject({
      itemKind: 'poll',
      itemId,
      orderId: String(id),
      customerId: customer,
      surface: 'thank_you',
      answerKey: 'other',
      answerLabel: 'Other',
      otherText: 'A podcast',
      rating: null,
    });
    const votes = await votesOf(accountId);
    expect(votes).toMatchObject([{ pollId: itemId, id: stored!.submissionId, optionIndex: 2, email: null }]);
    expect((await eventsOf(accountId)).filter((event) => event.type === 'poll.voted')).toHaveLength(1);

    // The same order again, even with another answer and from the order status page.
    const second = await answer(shop, { ...body, surface: 'order_status', choiceId: '0', otherText: undefined }, customer);
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ ok: true, duplicate: true });
    expect(await answersOf(accountId)).toHaveLength(1);
    expect(await votesOf(accountId)).toHaveLength(1);
    expect((await eventsOf(accountId)).filter((event) => event.type === 'poll.voted')).toHaveLength(1);
    // Answered: the order is not asked again.
    expect((await getSurvey(shop, id, { customerId: customer })).body).toEqual({ survey: null });
  });

  it('two answers for one order at once store one', async () => {
    const { shop, accountId, itemId } = await shopWithSurvey();
    const body = { orderId: orderGid(newOrderId()), surface: 'thank_you', surveyId: itemId, choiceId: '0' };
    const results = await Promise.all([answer(shop, body), answer(shop, body), answer(shop, body)]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 200, 201]);
    expect(await answersOf(accountId)).toHaveLength(1);
    expect(await votesOf(accountId)).toHaveLength(1);
  });

  it('asks a customer who answered once no more (once per customer), unless the survey allows it', async () => {
    const once = await shopWithSurvey();
    const body = { orderId: orderGid(newOrderId()), surface: 'thank_you', surveyId: once.itemId, choiceId: '0' };
    expect((await answer(once.shop, body, customer)).status).toBe(201);
    expect((await getSurvey(once.shop, newOrderId(), { customerId: customer })).body).toEqual({ survey: null });
    // Another buyer, or a guest, is still asked.
    expect((await getSurvey(once.shop, newOrderId(), { customerId: 'gid://shopify/Customer/99' })).body.survey).not.toBeNull();
    expect((await getSurvey(once.shop, newOrderId())).body.survey).not.toBeNull();

    const every = await shopWithSurvey({ oncePerCustomer: false });
    expect((await answer(every.shop, { ...body, surveyId: every.itemId }, customer)).status).toBe(201);
    expect((await getSurvey(every.shop, newOrderId(), { customerId: customer })).body.survey).not.toBeNull();
  });

  it('records a star rating as a web response with its event', async () => {
    const { shop, accountId, itemId } = await shopWithSurvey({}, async (owner) => ({
      kind: 'feedback',
      id: (await createFeedback(owner, { feelingType: 'star' })).id,
    }));
    const sent = await answer(shop, { orderId: orderGid(newOrderId()), surface: 'order_status', surveyId: itemId, rating: 4 });
    expect(sent.status).toBe(201);
    const [stored] = await answersOf(accountId);
    expect(stored).toMatchObject({
      itemKind: 'feedback',
      answerKey: 'rating:4',
      answerLabel: '4*',
      rating: 4,
      surface: 'order_status',
    });
    const responses = await server.services.database.db
      .select()
      .from(feedbackResponses)
      .where(scoped(feedbackResponses, accountId));
    expect(responses).toMatchObject([{ feedbackId: itemId, id: stored!.submissionId, value: '4*', email: null }]);
    expect((await eventsOf(accountId)).map((event) => event.type)).toContain('feedback.sent');
  });

  it('names the field of a bad answer: 400, nothing stored', async () => {
    const { shop, accountId, itemId } = await shopWithSurvey();
    const base = { orderId: orderGid(newOrderId()), surface: 'thank_you', surveyId: itemId, choiceId: '0' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, orderId: 'order-1' }, 'orderId'],
      [{ ...base, surface: 'cart' }, 'surface'],
      [{ ...base, surveyId: 'x' }, 'surveyId'],
      [{ ...base, surveyId: crypto.randomUUID() }, 'surveyId'],
      [{ ...base, choiceId: '9' }, 'choiceId'],
      [{ ...base, choiceId: undefined }, 'choiceId'],
      [{ ...base, otherText: 'x'.repeat(501), choiceId: '2' }, 'otherText'],
      [{ ...base, otherText: 'only with Other' }, 'otherText'],
      [{ ...base, rating: 1.5 }, 'rating'],
    ];
    for (const [body, field] of cases) {
      const refused = await answer(shop, body);
      expect(refused.status, field).toBe(400);
      expect(refused.body.error.field, JSON.stringify(body)).toBe(field);
    }
    const notJson = await fetch(`${server.url}${answersPath}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await tokenFor(shop)}`, 'content-type': 'application/json' },
      body: '{"orderId":',
    });
    expect(notJson.status).toBe(400);
    expect(notJson.headers.get('access-control-allow-origin')).toBe('*');
    expect(await answersOf(accountId)).toEqual([]);
    expect(await votesOf(accountId)).toEqual([]);
  });

  it('keeps one shop’s answers and orders from another’s: the same order id in two shops is two orders', async () => {
    const a = await shopWithSurvey();
    const b = await shopWithSurvey();
    const id = newOrderId();
    expect(
      (await answer(a.shop, { orderId: orderGid(id), surface: 'thank_you', surveyId: a.itemId, choiceId: '0' })).status,
    ).toBe(201);
    // B's token with A's survey id: not B's survey.
    const foreign = await answer(b.shop, { orderId: orderGid(id), surface: 'thank_you', surveyId: a.itemId, choiceId: '0' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.field).toBe('surveyId');
    expect((await getSurvey(b.shop, id)).body.survey.id).toBe(b.itemId);
    expect(
      (await answer(b.shop, { orderId: orderGid(id), surface: 'thank_you', surveyId: b.itemId, choiceId: '1' })).status,
    ).toBe(201);
    expect(await answersOf(a.accountId)).toMatchObject([{ orderId: String(id), answerKey: '0' }]);
    expect(await answersOf(b.accountId)).toMatchObject([{ orderId: String(id), answerKey: '1' }]);
  });
});

describe('deliveries of an answer', () => {
  it('writes a known buyer’s answer to that Shopify customer (tags and metafields), with no email asked', async () => {
    const { shop, owner, accountId, itemId } = await shopWithSurvey();
    expect((await owner.put('/api/v1/settings/shopify-customers', { enabled: true })).status).toBe(200);
    const buyer = server.fake.shop(shop).customers.add({ email: 'bea@example.com', tags: ['vip'] });
    const sent = await answer(
      shop,
      { orderId: orderGid(newOrderId()), surface: 'thank_you', surveyId: itemId, choiceId: '1' },
      buyer.id,
    );
    expect(sent.status).toBe(201);

    const [event] = (await eventsOf(accountId)).filter((row) => row.type === 'poll.voted');
    expect(event!.payload).toMatchObject({ shopifyCustomerId: buyer.id, option: { index: 1, text: 'A friend' } });
    expect(event!.payload).not.toHaveProperty('visitor');
    const delivered = async () =>
      (await server.services.database.db.select().from(deliveries).where(scoped(deliveries, accountId))).map((row) => row.status);
    await expect.poll(delivered, { timeout: 15_000 }).toEqual(['delivered']);
    const customer = server.fake
      .shop(shop)
      .customers.all()
      .find((entry) => entry.id === buyer.id)!;
    expect(customer.tags).toEqual(expect.arrayContaining(['vip', 'quizlead-vote-a-friend']));
    const metafields = Object.values(server.fake.shop(shop).metafields.of(buyer.id));
    expect(metafields).toHaveLength(1);
    expect(metafields[0]!.value).toContain('A friend');
    // No customer was made or looked up by email.
    expect(server.fake.shop(shop).customers.all()).toHaveLength(1);
  });

  it('a guest’s answer reaches the report only: no delivery to Shopify customers', async () => {
    const { shop, owner, accountId, itemId } = await shopWithSurvey();
    expect((await owner.put('/api/v1/settings/shopify-customers', { enabled: true })).status).toBe(200);
    expect(
      (await answer(shop, { orderId: orderGid(newOrderId()), surface: 'thank_you', surveyId: itemId, choiceId: '0' })).status,
    ).toBe(201);
    expect((await eventsOf(accountId)).map((row) => row.type)).toContain('poll.voted');
    expect(await server.services.database.db.select().from(deliveries).where(scoped(deliveries, accountId))).toEqual([]);
  });
});

describe('customers/data_request', () => {
  it('puts the customer’s answers, and those of the orders they asked about, in the document', async () => {
    const { shop, accountId, itemId } = await shopWithSurvey({ oncePerCustomer: false });
    const known = newOrderId();
    const guest = newOrderId();
    const stranger = newOrderId();
    const base = { surface: 'thank_you', surveyId: itemId };
    expect(
      (await answer(shop, { ...base, orderId: orderGid(known), choiceId: '2', otherText: 'A podcast' }, customer)).status,
    ).toBe(201);
    expect((await answer(shop, { ...base, orderId: orderGid(guest), choiceId: '0' })).status).toBe(201);
    expect((await answer(shop, { ...base, orderId: orderGid(stranger), choiceId: '1' })).status).toBe(201);
    await deliverApplied(server, {
      topic: 'customers/data_request',
      shop,
      body: {
        shop_domain: shop,
        customer: { id: 7044372168804, email: 'bea@example.com' },
        orders_requested: [guest],
        data_request: { id: 9 },
      },
    });
    const [request] = await server.services.database.db
      .select()
      .from(shopifyDataRequests)
      .where(scoped(shopifyDataRequests, accountId));
    expect((request!.document as { postPurchaseAnswers: unknown[] }).postPurchaseAnswers).toEqual([
      { orderId: String(known), surface: 'thank_you', answer: 'Other', otherText: 'A podcast', answeredAt: expect.any(String) },
      { orderId: String(guest), surface: 'thank_you', answer: 'Instagram', otherText: null, answeredAt: expect.any(String) },
    ]);
  });
});

describe('customers/redact', () => {
  it('unties the customer’s answers from them (and drops their own words); the answers stay for the report', async () => {
    const { shop, accountId, itemId } = await shopWithSurvey();
    const other = 'gid://shopify/Customer/555';
    const mine = {
      orderId: orderGid(newOrderId()),
      surface: 'thank_you',
      surveyId: itemId,
      choiceId: '2',
      otherText: 'My aunt Ann',
    };
    expect((await answer(shop, mine, customer)).status).toBe(201);
    expect((await answer(shop, { ...mine, orderId: orderGid(newOrderId()) }, other)).status).toBe(201);
    await deliverApplied(server, {
      topic: 'customers/redact',
      shop,
      body: { shop_domain: shop, customer: { id: 7044372168804, email: 'bea@example.com' }, orders_to_redact: [] },
    });
    const rows = await answersOf(accountId);
    expect(rows.find((row) => row.orderId === mine.orderId.split('/').at(-1))).toMatchObject({
      customerId: null,
      otherText: null,
      answerKey: 'other',
    });
    expect(rows.find((row) => row.customerId === other)).toMatchObject({ otherText: 'My aunt Ann' });
  });
});

/** orders/create for `id` with the fixture's defaults. */
async function placeOrder(shop: string, id: number, options: { ordersCount?: number | null; total?: string } = {}) {
  await deliverOrder(server, shop, orderBody({ id, total: options.total ?? '40.00', ordersCount: options.ordersCount }));
}
