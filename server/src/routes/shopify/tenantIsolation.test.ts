import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookReceiver } from '../../test/fakes/webhookReceiver.ts';
import { getShopifyTestServer, type EmbeddedTestClient, type ShopifyTestServer } from '../../test/getTestServer.ts';
import { createGradedQuiz, gradedQuestion } from '../../test/quizFactory.ts';
import { createFeedback, createPoll, createWheel } from '../../test/widgetFactory.ts';
import { visitor } from '../../test/reportFixture.ts';

/**
 * Every owner route that names a resource, walked from the OpenAPI document the route table builds,
 * called with shop B's session token on shop A's ids: each must answer 404, exactly as for an id
 * that does not exist, and change nothing of A's. A new owner route with a body needs a body below,
 * so it cannot join the table untested.
 */

let server: ShopifyTestServer;
let shopA: EmbeddedTestClient;
let shopB: EmbeddedTestClient;
/** Shop A's ids, by the route's first path segment. */
let ids: Record<string, string>;
let questionId: string;
/** Shop A's running A/B tests, by the route's first path segment. */
let experimentIds: Record<string, string>;
/** Valid bodies (shop B's own data where it has the right shape), so a 404 is not a 400 in disguise. */
let bodies: Record<string, unknown>;
let receiver: WebhookReceiver;

const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const newShop = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}.myshopify.com`;
const productBody = (title: string) => ({ title, url: 'https://example.com/p', price: '1.00', currency: 'USD' });

beforeAll(async () => {
  // Shop A's leads go to a local webhook receiver, so A has deliveries to walk.
  server = await getShopifyTestServer({ WEBHOOKS_ALLOW_PRIVATE: 'true' });
  receiver = await WebhookReceiver.start('');
  shopA = server.embedded(newShop('shop-a'));
  shopB = server.embedded(newShop('shop-b'));
  const webhook = await shopA.post('/api/v1/settings/webhooks', { url: receiver.url('/a') });
  expect(webhook.status).toBe(201);

  const quiz = await createGradedQuiz(shopA, { title: 'A’s quiz', questions: 1, publish: true });
  questionId = quiz.questions[0].id;
  const play = visitor(server, quiz.id);
  await play.view();
  await play.start();
  await play.answers({ [questionId]: ['a1'] });
  await play.lead('Ann', 'ann@example.com');
  const file = await shopA.request('POST', '/api/v1/files', Uint8Array.from(tinyPng), { 'content-type': 'image/png' });
  expect(file.status).toBe(201);
  ids = {
    quizzes: quiz.id,
    templates: quiz.id,
    plays: play.playId,
    polls: (await createPoll(shopA, { description: 'A’s poll' })).id,
    // With a unique-code slice, so the walk covers its prize and pool too.
    wheels: (
      await createWheel(shopA, {
        description: 'A’s wheel',
        options: [
          { text: '10% off', prize: { kind: 'unique', valueType: 'percentage', value: 10 } },
          { text: 'B' },
          { text: 'C' },
        ],
      })
    ).id,
    feedbacks: (await createFeedback(shopA, { title: 'A’s feedback' })).id,
    files: file.body.data.id,
    shopify: crypto.randomUUID(),
    settings: webhook.body.data.webhook.id,
    deliveries: (await shopA.get('/api/v1/deliveries')).body.data.items[0].id,
    // Shopify bills shops: they have no payments or invoices of their own (standalone accounts' are walled
    // off in routes/api/billing/*.test.ts), so any id must answer 404.
    billing: crypto.randomUUID(),
    invoices: crypto.randomUUID(),
    // A shop's staff come through Shopify: shops have no team of their own (routes/api/team/team.test.ts).
    team: crypto.randomUUID(),
    products: (await shopA.post('/api/v1/products', productBody('A’s product'))).body.data.id,
  };

  const introTest = {
    subject: 'intro',
    variants: [
      { name: 'Now', share: 50, value: '' },
      { name: 'Warmer', share: 50, value: '<p>Welcome!</p>' },
    ],
  };
  const oddsTest = {
    subject: 'odds',
    variants: [
      { name: 'Now', share: 50, value: [1, 1, 1] },
      { name: 'Kinder', share: 50, value: [3, 1, 1] },
    ],
  };
  experimentIds = {
    quizzes: (await shopA.post(`/api/v1/quizzes/${ids.quizzes}/experiments`, introTest)).body.data.id,
    wheels: (await shopA.post(`/api/v1/wheels/${ids.wheels}/experiments`, oddsTest)).body.data.id,
  };

  const ownQuiz = await createGradedQuiz(shopB, { title: 'B’s quiz' });
  const ownWheel = (await shopB.get(`/api/v1/wheels/${(await createWheel(shopB)).id}`)).body.data;
  const ownFeedback = (await shopB.get(`/api/v1/feedbacks/${(await createFeedback(shopB)).id}`)).body.data;
  bodies = {
    'put /api/v1/quizzes/{id}': { ...ownQuiz, title: 'Hijacked' },
    'put /api/v1/quizzes/{id}/status': { status: 'draft' },
    'put /api/v1/quizzes/{id}/questions': { questions: [gradedQuestion('<p>Hijacked</p>')] },
    'put /api/v1/quizzes/{id}/branches': { enabled: false, branches: [] },
    'put /api/v1/polls/{id}': { description: 'Hijacked', options: ['x', 'y'] },
    'put /api/v1/polls/{id}/status': { status: 'unpublished' },
    'put /api/v1/wheels/{id}': { ...ownWheel, description: 'Hijacked' },
    'put /api/v1/feedbacks/{id}': { ...ownFeedback, title: 'Hijacked' },
    'put /api/v1/settings/webhooks/{id}': { url: receiver.url('/hijacked'), enabled: false },
    'put /api/v1/team/members/{userId}': { role: 'owner' },
    'put /api/v1/products/{id}': productBody('Hijacked'),
    'post /api/v1/quizzes/{id}/experiments': introTest,
    'post /api/v1/quizzes/{id}/experiments/{experimentId}/end': { winner: 'b' },
    'post /api/v1/wheels/{id}/experiments': oddsTest,
    'post /api/v1/wheels/{id}/experiments/{experimentId}/end': { winner: 'b' },
    // Each kind's languages and its translations file (issue 34).
    ...Object.fromEntries(
      ['quizzes', 'polls', 'wheels', 'feedbacks'].flatMap((kind) => [
        [`put /api/v1/${kind}/{id}/languages`, { languages: ['es'], translations: {} }],
        [`put /api/v1/${kind}/{id}/translations.csv`, new TextEncoder().encode('key,default,es\r\n')],
      ]),
    ),
  };
});
afterAll(async () => {
  await server.stop();
  await receiver.close();
});

interface Operation {
  security?: unknown[];
  requestBody?: unknown;
}

describe("shop B's session token on shop A's resources", () => {
  it('answers 404 on every owner route that names a resource, and A keeps everything', async () => {
    const openapi = (await server.client().get('/api/v1/openapi.json')).body as {
      paths: Record<string, Record<string, Operation>>;
    };
    const walked: string[] = [];
    for (const [path, operations] of Object.entries(openapi.paths)) {
      if (!path.includes('{')) continue;
      for (const [method, operation] of Object.entries(operations)) {
        if (!operation.security?.length) continue;
        // Platform administrators' routes hold no tenant's data; any owner gets 403 (routes/api/admin/billing.test.ts).
        if (path.startsWith('/api/v1/admin/')) continue;
        const segment = /^\/api\/v1\/([^/]+)/.exec(path)![1]!;
        const id = ids[segment];
        expect(id, `no id of shop A for ${path}`).toBeDefined();
        const url = path
          .replace('{id}', id!)
          .replace('{userId}', id!)
          // A webhook endpoint is one of the account's destinations (its Settings preview, issue 33).
          .replace('{destinationId}', id!)
          .replace('{questionId}', questionId)
          .replace('{experimentId}', experimentIds[segment] ?? '');
        expect(url, `unknown parameter in ${path}`).not.toContain('{');
        const key = `${method} ${path}`;
        const body = operation.requestBody ? bodies[key] : undefined;
        if (operation.requestBody) expect(body, `add a valid body for ${key}`).toBeDefined();
        const answer = await shopB.request(method.toUpperCase(), url, body);
        expect(answer.status, `${key}: ${JSON.stringify(answer.body)}`).toBe(404);
        walked.push(key);
      }
    }
    // The main resources are all in the walk.
    for (const resource of [
      'quizzes',
      'polls',
      'wheels',
      'feedbacks',
      'files',
      'plays',
      'templates',
      'settings',
      'deliveries',
      'products',
    ]) {
      expect(
        walked.some((key) => key.includes(`/api/v1/${resource}/`)),
        resource,
      ).toBe(true);
    }
    for (const route of [
      'report',
      'respondents',
      'short-link',
      'shopify',
      'answer-sheet',
      'export',
      'experiments',
      'languages',
      'translations.csv',
    ]) {
      expect(
        walked.some((key) => key.includes(route)),
        route,
      ).toBe(true);
    }

    const quiz = await shopA.get(`/api/v1/quizzes/${ids.quizzes}`);
    expect(quiz.body.data).toMatchObject({ title: 'A’s quiz', status: 'published' });
    expect(quiz.body.data.questions.map((question: { id: string }) => question.id)).toEqual([questionId]);
    expect((await shopA.get(`/api/v1/polls/${ids.polls}`)).body.data).toMatchObject({ description: 'A’s poll' });
    expect((await shopA.get(`/api/v1/wheels/${ids.wheels}`)).body.data).toMatchObject({
      description: 'A’s wheel',
      options: [
        { text: '10% off', prize: { value: 10 }, prizePool: { status: expect.any(String) } },
        { text: 'B' },
        { text: 'C' },
      ],
    });
    expect((await shopA.get(`/api/v1/feedbacks/${ids.feedbacks}`)).body.data).toMatchObject({ title: 'A’s feedback' });
    // A's tests still run, with their variants as A made them.
    for (const [segment, id] of Object.entries(experimentIds)) {
      const [test] = (await shopA.get(`/api/v1/${segment}/${ids[segment]}/experiments`)).body.data;
      expect(test, segment).toMatchObject({ id, status: 'running', winner: null });
      expect(test.variants).toHaveLength(2);
    }
    expect((await shopA.get(`/api/v1/plays/${ids.plays}/answer-sheet`)).status).toBe(200);
    expect((await fetch(`${server.url}/files/${ids.files}`)).status).toBe(200);
    expect((await shopA.get('/api/v1/settings/integrations')).body.data.webhooks).toMatchObject([
      { id: ids.settings, url: receiver.url('/a'), enabled: true },
    ]);
    expect((await shopA.get(`/api/v1/deliveries/${ids.deliveries}`)).body.data).toMatchObject({ email: 'ann@example.com' });
    expect((await shopA.get('/api/v1/products')).body.data.items).toMatchObject([{ id: ids.products, title: 'A’s product' }]);
  });

  it("lists only B's own items", async () => {
    for (const resource of ['quizzes', 'polls', 'wheels', 'feedbacks', 'products']) {
      const list = await shopB.get(`/api/v1/${resource}`);
      expect(list.status).toBe(200);
      expect(JSON.stringify(list.body)).not.toContain(ids[resource]!);
    }
  });
});
