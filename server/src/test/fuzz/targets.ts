import { createHash, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { z } from 'zod';
import { csrfHeader, sessionCookie } from '@quizlead/shared/constants.ts';
import { feelingValues } from '@quizlead/shared/engagement.ts';
import { shopifyProxyRoot, storefrontKinds } from '@quizlead/shared/shopify.ts';
import { socialProviders } from '@quizlead/shared/socialSignIn.ts';
import { paypalEventResources } from '../../commands/paypalEventApplier.ts';
import { sessions } from '../../db/schema/index.ts';
import { webhookTopics } from '../../integrations/shopify/webhookPayloads.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { createOwner } from '../factories.ts';
import { FakeExternalWorld } from '../fakes/externalWorld.ts';
import { FakePayPal } from '../fakes/paypal/index.ts';
import { signAppProxyQuery, signWebhook } from '../fakes/shopify/signers.ts';
import { facebookHosts, FakeOidcProvider, googleHosts } from '../fakes/social/index.ts';
import { getTestServer, testShopifyApp, type TestClient, type TestServer } from '../getTestServer.ts';
import { createGradedQuiz, personalityQuestion, twoPersonalities } from '../quizFactory.ts';
import { createFeedback, createPoll, createWheel } from '../widgetFactory.ts';
import { anyJson, hostileText, plainEmail, straying, validValue, type JsonSchema } from './hostile.ts';
import type { WireRequest } from './wire.ts';

/** What a request needs to get past the door: path parameters and headers (a play's token, a session). */
export interface Door {
  params: Record<string, string>;
  headers: Record<string, string>;
}

/** One endpoint under fuzz. */
export interface Endpoint {
  /** "METHOD /path" as the route table names it. */
  name: string;
  method: string;
  /** The path, parameters written `{name}`. */
  path: string;
  /** Valid parameters and headers, from the fixtures. */
  door: fc.Arbitrary<Door>;
  /** A fresh door per request where a request uses its state up (a play whose lead is due). */
  freshDoor?: () => Promise<Door>;
  /** The query keys the route reads, with values it accepts. */
  query?: Record<string, fc.Arbitrary<string>>;
  /** The JSON body's schema, when the route reads one. */
  body?: JsonSchema;
  /** Bodies the route accepts, to stray from. */
  validBody?: fc.Arbitrary<unknown>;
  /** Makes the request genuine where a signature guards the route (webhooks, app proxy). */
  sign?: fc.Arbitrary<(wire: WireRequest) => WireRequest>;
}

const open: fc.Arbitrary<Door> = fc.constant({ params: {}, headers: {} });
const playKeyOf = (playId: string) => createHash('sha256').update(playId).digest('hex').slice(0, 32);

/**
 * The server under fuzz, every integration a public route reaches made real: Google and Facebook
 * sign-in, PayPal (its webhooks are verified by the fake) and Shopify (webhooks and the app proxy
 * are signed with the test app's secret). Rate limits are lifted: the fuzz sends thousands of
 * requests from one address, and what it looks for is behind them.
 */
export async function startFuzzWorld() {
  const world = await FakeExternalWorld.start();
  const google = world.register(
    googleHosts,
    new FakeOidcProvider('google', { clientId: 'google-client.apps.example', clientSecret: 'google-secret', redirectUris: [] }),
  );
  const facebook = world.register(
    facebookHosts,
    new FakeOidcProvider('facebook', { clientId: '1234567890', clientSecret: 'facebook-secret', redirectUris: [] }),
  );
  const paypal = world.register(/^(api-m|www)\.sandbox\.paypal\.com$/, new FakePayPal());
  const server = await getTestServer({
    EXTERNAL_API_ORIGIN: world.origin,
    GOOGLE_CLIENT_ID: google.client.clientId,
    GOOGLE_CLIENT_SECRET: google.client.clientSecret,
    FACEBOOK_APP_ID: facebook.client.clientId,
    FACEBOOK_APP_SECRET: facebook.client.clientSecret,
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    PAYPAL_WEBHOOK_ID: paypal.webhookId,
    SHOPIFY_API_KEY: testShopifyApp.apiKey,
    SHOPIFY_API_SECRET: testShopifyApp.apiSecret,
  });
  google.client.redirectUris.push(`${server.url}/auth/google/callback`);
  facebook.client.redirectUris.push(`${server.url}/auth/facebook/callback`);
  for (const limiter of Object.values(server.services.limiters)) limiter.max = 1_000_000_000;
  return {
    server,
    paypal,
    async stop() {
      await server.stop();
      await world.stop();
    },
  };
}

/** The owner's published items and plays of them that the public routes are fuzzed against. */
async function createFixtures(server: TestServer) {
  const owner = await createOwner(server);
  const graded = await createGradedQuiz(owner.client, { questions: 2, publish: true });
  const gated = await createGatedQuiz(owner.client);
  const poll = await createPoll(owner.client);
  const feedback = await createFeedback(owner.client);
  const wheel = await createWheel(owner.client);

  const startPlay = async (quizId: string) => {
    const playId = randomUUID();
    const started = await server.client().post(`/api/v1/public/quizzes/${quizId}/plays`, { playId, playKey: playKeyOf(playId) });
    if (started.status !== 201) throw new Error(`start: ${JSON.stringify(started.body)}`);
    return { params: { playId }, headers: { authorization: `Bearer ${started.body.data.playToken}` } };
  };
  /** A play of the gated quiz with its answers in: its lead is due. */
  const leadDue = async () => {
    const door = await startPlay(gated.id);
    const answers = { answers: { [gated.question.id]: ['a1'] } };
    const answered = await server
      .client()
      .request('POST', `/api/v1/public/plays/${door.params.playId}/answers`, answers, door.headers);
    if (answered.body?.data?.status !== 'lead_required') throw new Error(`answers: ${JSON.stringify(answered.body)}`);
    return door;
  };
  const started = await Promise.all([startPlay(graded.id), startPlay(graded.id), startPlay(gated.id)]);
  const due = await leadDue();

  /** A signed-in owner of its own, and platform administrator, whose session the fuzz may end: each request gets a new one. */
  const member = await createOwner(server, { platformAdmin: true });
  const session = async (): Promise<Door> => {
    const token = randomToken();
    const csrf = randomToken();
    await server.services.database.db.insert(sessions).values({
      id: sha256(token),
      accountId: member.account.id,
      userId: member.user.id,
      csrfToken: csrf,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    return { params: {}, headers: { cookie: `${sessionCookie}=${token}`, [csrfHeader]: csrf } };
  };

  return {
    owner,
    graded,
    gated,
    poll,
    feedback,
    wheel,
    started,
    due,
    startPlay,
    leadDue,
    /** For the auth routes, which may sign it out (DELETE /session). */
    endingSession: await session(),
    /** For every other owner route. */
    session: await session(),
    newSession: session,
  };
}

/** A published personality quiz that asks for the visitor's email before the result. */
async function createGatedQuiz(client: TestClient) {
  const created = (await client.post('/api/v1/quizzes', { quizType: 'personality_quiz', title: 'Tea' })).body.data;
  const settings = { ...created.settings, welcomeMessage: '<p>Hi</p>', privacyPolicyText: 'We keep your email safe.' };
  await client.put(`/api/v1/quizzes/${created.id}`, { ...created, settings, personalities: twoPersonalities });
  const question = personalityQuestion();
  await client.put(`/api/v1/quizzes/${created.id}/questions`, { questions: [question] });
  const published = await client.put(`/api/v1/quizzes/${created.id}/status`, { status: 'published' });
  if (published.status !== 200) throw new Error(`publish: ${JSON.stringify(published.body)}`);
  return { id: created.id as string, question };
}

type Fixtures = Awaited<ReturnType<typeof createFixtures>>;

interface OpenApiOperation {
  tags: string[];
  security?: unknown[];
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

/**
 * The ApiRouter's routes from the route table the server publishes (/api/v1/openapi.json, built from
 * the same declarations as `api.declared`: public routes carry an empty `security`, sign-in, sign-up and
 * password routes the tag `auth`), and by hand the routes outside it that take input.
 * `fuzzed`: every public endpoint and every auth endpoint, for the full fuzz. `declared`: every
 * ApiRouter route, owner and admin ones included, for the validation step's own property.
 */
export async function fuzzTargets(
  world: Awaited<ReturnType<typeof startFuzzWorld>>,
): Promise<{ fuzzed: Endpoint[]; declared: Endpoint[] }> {
  const { server, paypal } = world;
  const fixtures = await createFixtures(server);
  const table = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as {
    paths: Record<string, Record<string, OpenApiOperation>>;
  };
  const declared: (Endpoint & { fuzzed: boolean })[] = [];
  for (const [path, operations] of Object.entries(table.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const isPublic = !operation.security?.length;
      const name = `${method.toUpperCase()} ${path}`;
      const special = declaredDoors(name, fixtures);
      const query = declaredQueries[name];
      declared.push({
        name,
        method: method.toUpperCase(),
        path,
        door:
          special?.door ??
          (isPublic
            ? doorFor(path, operation, fixtures)
            : fc.constant(operation.tags.includes('auth') ? fixtures.endingSession : fixtures.session)),
        ...(special?.freshDoor ? { freshDoor: special.freshDoor } : isPublic ? {} : { freshDoor: fixtures.newSession }),
        ...(query ? { query } : {}),
        ...(operation.requestBody?.content['application/json']
          ? { body: operation.requestBody.content['application/json'].schema }
          : {}),
        ...(special?.validBody ? { validBody: special.validBody } : {}),
        fuzzed: isPublic || operation.tags.includes('auth'),
      });
    }
  }
  return {
    fuzzed: [...declared.filter((endpoint) => endpoint.fuzzed), ...undeclaredEndpoints(fixtures, paypal)],
    declared,
  };
}

/** Path parameters of the public routes: the fixtures' ids, whose routes then go as far as they can. */
function doorFor(path: string, operation: OpenApiOperation, fixtures: Fixtures): fc.Arbitrary<Door> {
  const names = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name);
  if (names.length === 0) return open;
  const ids: Record<string, string[]> = {
    quizzes: [fixtures.graded.id, fixtures.gated.id],
    polls: [fixtures.poll.id],
    feedbacks: [fixtures.feedback.id],
    wheels: [fixtures.wheel.id],
  };
  const kind = /\/public\/(\w+)\//.exec(path)?.[1] ?? '';
  const choices = ids[kind] ?? [randomUUID()];
  return fc.constantFrom(...choices).map((id) => ({ params: Object.fromEntries(names.map((name) => [name, id])), headers: {} }));
}

/** Routes that need more than an id: a play's token, a play in a given state, a body naming real questions. */
function declaredDoors(
  name: string,
  fixtures: Fixtures,
): { door: fc.Arbitrary<Door>; freshDoor?: () => Promise<Door>; validBody?: fc.Arbitrary<unknown> } | undefined {
  const questionIds = fixtures.graded.questions.map((question: { id: string }) => question.id) as string[];
  const plays = fc.constantFrom(...fixtures.started);
  switch (name) {
    case 'POST /api/v1/public/plays/{playId}/progress':
      return { door: plays, validBody: fc.constantFrom(...questionIds).map((questionId) => ({ questionId })) };
    case 'POST /api/v1/public/plays/{playId}/answers':
      return {
        door: plays,
        freshDoor: () => fixtures.startPlay(fixtures.graded.id),
        validBody: fc
          .subarray(questionIds, { minLength: 1 })
          .chain((ids) =>
            fc
              .tuple(...ids.map(() => fc.constantFrom(['a1'], ['a2'], ['a1', 'a2'], [])))
              .map((picks) => ids.map((id, index) => [id, picks[index]])),
          )
          .map((pairs) => ({ answers: Object.fromEntries(pairs) })),
      };
    case 'POST /api/v1/public/plays/{playId}/lead':
      return {
        door: fc.constant(fixtures.due),
        freshDoor: fixtures.leadDue,
        validBody: fc.record({
          name: fc.string({ minLength: 1, maxLength: 100 }),
          email: plainEmail,
          consent: fc.constant(true),
          fields: fc.dictionary(fc.string({ minLength: 1, maxLength: 20 }), fc.string({ maxLength: 200 }), { maxKeys: 5 }),
        }),
      };
    case 'POST /api/v1/public/feedbacks/{id}/responses':
      return {
        door: fc.constant({ params: { id: fixtures.feedback.id }, headers: {} }),
        validBody: fc.record(
          {
            submissionId: fc.uuid(),
            value: fc.constantFrom(...feelingValues.emotion),
            email: fc.option(plainEmail, { nil: null }),
          },
          { requiredKeys: ['submissionId', 'value'] },
        ),
      };
    default:
      return undefined;
  }
}

/** Query keys the declared public routes read (OpenAPI lists path parameters only). */
const declaredQueries: Record<string, Record<string, fc.Arbitrary<string>>> = {
  'GET /api/v1/public/quizzes/{id}': { preview: fc.constantFrom('1', 'true') },
  'GET /api/v1/public/polls/{id}': { demo: fc.constantFrom('1', 'true') },
  'GET /api/v1/team/invitations/preview': { token: fc.string({ minLength: 1, maxLength: 64 }) },
};

/** Routes outside ApiRouter that a visitor, a provider or Shopify or PayPal can call. */
function undeclaredEndpoints(fixtures: Fixtures, paypal: FakePayPal): Endpoint[] {
  const get = (path: string, extra: Partial<Endpoint> = {}): Endpoint => ({
    name: `GET ${path}`,
    method: 'GET',
    path,
    door: open,
    ...extra,
  });
  const ids = (name: string, values: string[]) =>
    fc.constantFrom(...values).map((value) => ({ params: { [name]: value }, headers: {} }));
  const quizIds = [fixtures.graded.id, fixtures.gated.id];
  const provider = fc.constantFrom<string>(...socialProviders, 'github');
  const webhookTopicNames = Object.keys(webhookTopics);
  const payPalTypes = Object.keys(paypalEventResources);
  let callbacks = 0;
  const shop = fc.constantFrom('fuzz-shop.myshopify.com', 'other.myshopify.com', 'evil.example', 'a.myshopify.com.evil.example');

  return [
    get('/healthz'),
    get('/readyz'),
    get('/version'),
    get('/api/v1/openapi.json'),
    get('/dev/mailbox'),
    get('/{any}', { door: ids('any', ['nothing', 'api/v1/nothing', 'api/v2', '.env', 'wp-admin']) }),
    get('/play/{id}', { door: ids('id', [...quizIds, 'Ab12Cd', 'zzzz']) }),
    get('/files/{id}', { door: ids('id', [randomUUID()]) }),
    get('/template-images/{file}', { door: ids('file', ['quiz.svg', 'missing.svg', 'x.png']) }),
    get('/notifications/unsubscribe', { query: { token: fc.string({ maxLength: 300 }) } }),
    {
      name: 'POST /notifications/unsubscribe',
      method: 'POST',
      path: '/notifications/unsubscribe',
      door: open,
      query: { token: fc.string() },
    },
    get('/auth/{provider}/start', {
      door: provider.map((name) => ({ params: { provider: name }, headers: {} })),
      query: { intent: fc.constantFrom('signin', 'signup'), ref: fc.string({ minLength: 1, maxLength: 32 }) },
    }),
    get('/auth/{provider}/callback', {
      door: provider.map((name) => ({ params: { provider: name }, headers: {} })),
      query: { code: fc.string(), state: fc.string(), error: fc.constantFrom('access_denied', 'server_error'), iss: fc.webUrl() },
      freshDoor: async () => {
        // A flow cookie from a real start, so the callback gets as far as the provider's answer.
        const name = socialProviders[(callbacks += 1) % socialProviders.length]!;
        const started = await fetch(`${fixtures.owner.client.baseUrl}/auth/${name}/start`, { redirect: 'manual' });
        const cookie = started.headers
          .getSetCookie()
          .map((line) => line.split(';')[0])
          .join('; ');
        return { params: { provider: name }, headers: { cookie } };
      },
    }),
    get(`${shopifyProxyRoot}/{kind}/{id}`, {
      door: fc
        .tuple(
          fc.constantFrom<string>(...storefrontKinds, 'nope'),
          fc.constantFrom(...quizIds, fixtures.poll.id, fixtures.wheel.id),
        )
        .map(([kind, id]) => ({ params: { kind, id }, headers: {} })),
      sign: fc
        .tuple(
          fc.nat({ max: 3 }),
          shop,
          fc.array(fc.tuple(fc.string({ minLength: 1, maxLength: 10 }), hostileText), { maxLength: 3 }),
        )
        .map(([roll, shopDomain, params]) => (wire: WireRequest) => {
          if (roll === 0) return wire;
          const [path] = wire.path.split('?');
          const safe = params.filter(([, value]) => !/[\ud800-\udfff]/.test(value));
          return { ...wire, path: `${path}?${signAppProxyQuery(testShopifyApp.apiSecret, shopDomain, { params: safe })}` };
        }),
    }),
    {
      name: 'POST /webhooks/shopify',
      method: 'POST',
      path: '/webhooks/shopify',
      door: open,
      body: { anyOf: Object.values(webhookTopics).map(jsonSchemaOf) },
      sign: fc
        .tuple(fc.nat({ max: 3 }), fc.constantFrom(...webhookTopicNames, 'orders/create', ''), shop)
        .map(([roll, topic, shopDomain]) => (wire: WireRequest) => {
          if (roll === 0) return wire;
          const body = wire.body ?? Buffer.alloc(0);
          const signed = signWebhook(testShopifyApp.apiSecret, { topic, shop: shopDomain, body: body.toString('utf8') });
          // The signature is over the bytes as they go; a coded body is signed as coded.
          return {
            ...wire,
            headers: { ...wire.headers, ...signed.headers, 'content-type': wire.headers['content-type'] ?? 'application/json' },
          };
        }),
    },
    {
      name: 'POST /paypal/webhooks',
      method: 'POST',
      path: '/paypal/webhooks',
      door: open,
      body: {},
      sign: fc
        .tuple(fc.nat({ max: 3 }), fc.constantFrom(...payPalTypes, 'BILLING.SUBSCRIPTION.CREATED'), hostileText)
        .chain(([roll, eventType, id]) => {
          const schema = paypalEventResources[eventType as keyof typeof paypalEventResources];
          const resource = fc.oneof(
            schema ? straying(validValue(jsonSchemaOf(schema))) : fc.constant({}),
            anyJson.map(parsedObject),
          );
          return resource.map((value) => ({
            roll,
            event: { id: roll === 1 ? id : `WH-${randomUUID()}`, event_type: eventType, resource: value },
          }));
        })
        .map(({ roll, event }) => (wire: WireRequest) => {
          if (roll === 0) return wire;
          const signed = paypal.signedWebhook(event);
          return { ...wire, headers: { ...wire.headers, ...lowerCased(signed.headers) }, body: Buffer.from(signed.body) };
        }),
    },
    get('/'),
    get('/Shopify', {
      query: {
        hmac: fc.string({ unit: fc.constantFrom(...'0123456789abcdef') }),
        shop: shop,
        timestamp: fc.nat().map(String),
        host: fc.base64String(),
      },
    }),
    get('/shopify/app/{rest}', {
      door: ids('rest', ['', 'x', 'assets/none.js']),
      query: { id_token: fc.string(), shop, host: fc.string() },
    }),
    get('/app/{rest}', { door: ids('rest', ['', 'quizzes']) }),
    get('/index.html'),
    get('/quizplayer.html', { query: { id: fc.constantFrom(...quizIds) } }),
    get('/poll/publish/show/{id}', { door: ids('id', [fixtures.poll.id]) }),
    get('/wheelspin/publish/show/{id}', { door: ids('id', [fixtures.wheel.id]) }),
    get('/feedback/preview/{id}', { door: ids('id', [fixtures.feedback.id]) }),
    get('/widgets/embed.js', { query: { v: fc.string() } }),
    get('/assets/{file}', { door: ids('file', ['index.js', 'none.css']) }),
    get('/player/assets/{file}', { door: ids('file', ['player.js']) }),
    get('/widgets/assets/{file}', { door: ids('file', ['widgets.js']) }),
  ];
}

function parsedObject(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
  } catch {
    return {};
  }
}

const lowerCased = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

/** A zod schema as the JSON Schema the generators read. */
const jsonSchemaOf = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' }) as JsonSchema;
