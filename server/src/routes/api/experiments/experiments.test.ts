import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignVariant } from '@quizlead/shared/engine/experiments.ts';
import {
  experimentMessages,
  variantTag,
  ZExperimentResponse,
  ZExperimentsResponse,
} from '@quizlead/shared/schemas/experiments.ts';
import { cartProperties } from '@quizlead/shared/schemas/products.ts';
import { ZPublicQuizResponse, ZStartPlayResponse } from '@quizlead/shared/schemas/play.ts';
import { createOwner } from '../../../test/factories.ts';
import { getShopifyTestServer, type ShopifyTestServer, type TestClient } from '../../../test/getTestServer.ts';
import { newPlayKey } from '../../../test/quizFactory.ts';
import { createWheel } from '../../../test/widgetFactory.ts';
import { orderBody, personalityQuiz, placeOrder, sellingShop } from '../../../test/revenueFixture.ts';

/**
 * A/B tests through the API: a quiz's lead gate before or after the result and a wheel's odds, each
 * visitor kept in one variant, the report's figures per variant (orders included, from signed
 * orders/create webhooks), and the end keeping the winner for everyone.
 */

let server: ShopifyTestServer;
beforeAll(async () => {
  server = await getShopifyTestServer();
});
afterAll(() => server.stop());

const visitorIds = Array.from({ length: 24 }, (_, index) => `visitor-${String(index).padStart(12, '0')}`);

/** A visitor's play through the public API, with their browser's lasting visitor id. */
function visit(client: TestClient, quizId: string, visitorId: string) {
  const playId = randomUUID();
  const playKey = newPlayKey();
  let auth: Record<string, string> = {};
  return {
    async start() {
      const response = await client.post(`/api/v1/public/quizzes/${quizId}/plays`, { playId, playKey, visitorId });
      expect(response.status).toBe(201);
      auth = { authorization: `Bearer ${response.body.data.playToken}` };
      return ZStartPlayResponse.parse(response.body).data.variant;
    },
    answers: (answers: Record<string, string[]>) =>
      client.request('POST', `/api/v1/public/plays/${playId}/answers`, { answers }, auth),
    lead: (email: string) => client.request('POST', `/api/v1/public/plays/${playId}/lead`, { name: 'Vi', email }, auth),
  };
}

const leadGateTest = {
  subject: 'leadGate',
  variants: [
    { name: 'Email first', share: 50, value: 'before' },
    { name: 'Result first', share: 50, value: 'after' },
  ],
};

describe('what visitors receive of a test', () => {
  it('the public quiz (fast path, cached bytes and the API route) carries variant keys, shares and values, never the names the owner typed', async () => {
    const owner = (await createOwner(server)).client;
    const quiz = await personalityQuiz(owner);
    const names = ['Internal: Black Friday push', 'Boss wants this one (Q4 OKR)'];
    const started = await owner.post(`/api/v1/quizzes/${quiz.id}/experiments`, {
      subject: 'intro',
      variants: [
        { name: names[0], share: 50, value: '' },
        { name: names[1], share: 50, value: '<p>Welcome in!</p>' },
      ],
    });
    expect(started.status).toBe(201);
    const id = started.body.data.id as string;
    // The owner still sees the names in the report.
    expect(started.body.data.variants.map((variant: { name: string }) => variant.name)).toEqual(names);

    const visitor = server.client();
    const answers = [
      await fetch(`${server.url}/api/v1/public/quizzes/${quiz.id}`),
      await fetch(`${server.url}/api/v1/public/quizzes/${quiz.id}`, { headers: { 'accept-encoding': 'gzip' } }),
      await fetch(`${server.url}/api/v1/public/quizzes/${quiz.id}`, { headers: { 'accept-encoding': 'identity' } }),
      // A query takes the API route, not the fast path.
      await fetch(`${server.url}/api/v1/public/quizzes/${quiz.id}?lang=en`),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      const text = await answer.text();
      for (const name of names) expect(text).not.toContain(name);
      const experiment = ZPublicQuizResponse.parse(JSON.parse(text)).data.experiment!;
      expect(experiment).toEqual({
        id,
        subject: 'intro',
        variants: [
          { key: 'a', share: 50, value: expect.any(String) },
          { key: 'b', share: 50, value: '<p>Welcome in!</p>' },
        ],
      });
    }
    // The player still plays its variant: the start counts the visitor in the variant the key picks.
    const visitorId = visitorIds[0]!;
    const expected = assignVariant(id, visitorId, [50, 50]) === 0 ? 'a' : 'b';
    expect(await visit(visitor, quiz.id, visitorId).start()).toBe(expected);
  });
});

describe('a quiz’s lead gate test', () => {
  it('keeps each visitor in one variant, shows the result first where it says so, counts and credits each variant, and keeps the winner', async () => {
    const { shop, owner, quiz } = await sellingShop(server);
    const current = (await owner.get(`/api/v1/quizzes/${quiz.id}`)).body.data;
    expect(
      (await owner.put(`/api/v1/quizzes/${quiz.id}`, { ...current, settings: { ...current.settings, collectEmail: true } }))
        .status,
    ).toBe(200);

    const started = await owner.post(`/api/v1/quizzes/${quiz.id}/experiments`, leadGateTest);
    expect(started.status).toBe(201);
    const experiment = ZExperimentResponse.parse(started.body).data;
    expect(experiment).toMatchObject({ subject: 'leadGate', status: 'running', metric: 'leads', leader: null });
    expect(experiment.variants.map((variant) => [variant.key, variant.value, variant.visitors])).toEqual([
      ['a', 'before', 0],
      ['b', 'after', 0],
    ]);

    // The player learns the test with the quiz (the cache was told).
    const publicQuiz = ZPublicQuizResponse.parse((await server.client().get(`/api/v1/public/quizzes/${quiz.id}`)).body).data;
    expect(publicQuiz.experiment).toMatchObject({ id: experiment.id, subject: 'leadGate' });

    const expected = (visitorId: string) => (assignVariant(experiment.id, visitorId, [50, 50]) === 0 ? 'a' : 'b');
    const counts = { a: { visitors: 0, completions: 0, leads: 0 }, b: { visitors: 0, completions: 0, leads: 0 } };
    let cartTagOfB: string | undefined;
    for (const [index, visitorId] of visitorIds.entries()) {
      const client = server.client();
      const variant = expected(visitorId);
      // The same visitor twice: the same variant both times.
      expect(await visit(client, quiz.id, visitorId).start()).toBe(variant);
      const play = visit(client, quiz.id, visitorId);
      expect(await play.start()).toBe(variant);
      counts[variant].visitors += 2;
      const outcome = (await play.answers({ [quiz.questionId]: ['a1'] })).body.data;
      const leaves = index % 3 === 0;
      if (variant === 'a') {
        expect(outcome).toEqual({ status: 'lead_required', leadForm: { type: 'standard', code: '' } });
        if (leaves) continue;
        const completed = (await play.lead(`${visitorId}@example.com`)).body.data;
        expect(completed).toMatchObject({ status: 'completed', summary: 'Calm' });
        expect(completed.leadForm ?? null).toBeNull();
        counts.a.completions += 1;
        counts.a.leads += 1;
      } else {
        // Result first, with the lead form offered under it until it is filled in.
        expect(outcome).toMatchObject({ status: 'completed', summary: 'Calm', leadForm: { type: 'standard', code: '' } });
        expect(outcome.cartProperties[cartProperties.variant]).toBe(variantTag(experiment.id, 'b'));
        cartTagOfB = outcome.cartProperties[cartProperties.variant];
        counts.b.completions += 1;
        if (leaves) continue;
        const withLead = (await play.lead(`${visitorId}@example.com`)).body.data;
        expect(withLead).toMatchObject({ status: 'completed', summary: 'Calm' });
        expect(withLead.leadForm ?? null).toBeNull();
        // A retried lead is the same lead, counted once.
        expect((await play.lead(`${visitorId}@example.com`)).status).toBe(200);
        counts.b.leads += 1;
      }
    }
    expect(counts.a.visitors).toBeGreaterThan(0);
    expect(counts.b.visitors).toBeGreaterThan(0);

    // An order whose cart carries variant B's tag is credited to B.
    await placeOrder(
      server,
      shop,
      orderBody({ total: '30.00', lines: [{ quizId: quiz.id, outcome: 'p1', variant: cartTagOfB! }] }),
    );

    const listed = ZExperimentsResponse.parse((await owner.get(`/api/v1/quizzes/${quiz.id}/experiments`)).body).data;
    expect(listed).toHaveLength(1);
    const [a, b] = listed[0]!.variants;
    expect(a).toMatchObject({ ...counts.a, orders: 0, revenue: 0, completionsVsOriginal: null });
    expect(b).toMatchObject({ ...counts.b, orders: 1, revenue: 3000 });
    expect(listed[0]!.currency).toBe('EUR');
    expect(b!.leadsVsOriginal!.difference).toBeCloseTo(
      counts.b.leads / counts.b.visitors - counts.a.leads / counts.a.visitors,
      10,
    );

    // The lead-gate events reached the pipeline once per lead (a retried lead adds nothing).
    const leadsCaptured = await server.services.database.db.execute(
      `select count(*)::int as n from events where type = 'lead.captured' and payload->'item'->>'id' = '${quiz.id}'`,
    );
    expect((leadsCaptured as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(counts.a.leads + counts.b.leads);

    const ended = await owner.post(`/api/v1/quizzes/${quiz.id}/experiments/${experiment.id}/end`, { winner: 'b' });
    expect(ended.status).toBe(200);
    expect(ZExperimentResponse.parse(ended.body).data).toMatchObject({ status: 'ended', winner: 'b', leader: null });
    expect((await owner.get(`/api/v1/quizzes/${quiz.id}`)).body.data.settings.leadGate).toBe('after');
    const after = ZPublicQuizResponse.parse((await server.client().get(`/api/v1/public/quizzes/${quiz.id}`)).body).data;
    expect(after.experiment).toBeNull();
    // Everyone now gets the result first, and plays count in no test.
    const everyone = visit(
      server.client(),
      quiz.id,
      visitorIds.find((id) => expected(id) === 'a')!,
    );
    expect(await everyone.start()).toBeNull();
    expect((await everyone.answers({ [quiz.questionId]: ['a2'] })).body.data).toMatchObject({
      status: 'completed',
      summary: 'Bold',
    });
    expect((await owner.post(`/api/v1/quizzes/${quiz.id}/experiments/${experiment.id}/end`, { winner: 'a' })).body).toMatchObject(
      {
        error: { message: experimentMessages.notRunning },
      },
    );
  });
});

describe('a wheel’s odds test', () => {
  it('draws each visitor from their variant’s odds and keeps the winner’s odds', async () => {
    const owner = (await createOwner(server)).client;
    const wheel = await createWheel(owner, {
      description: 'Spin',
      collectEmail: false,
      options: [{ text: 'Nothing' }, { text: '10% off' }, { text: 'Free shipping' }],
    });
    const test = {
      subject: 'odds',
      variants: [
        { name: 'Even', share: 50, value: [9, 9, 9] },
        { name: 'Mostly nothing', share: 50, value: [1000, 0.001, 0.001] },
      ],
    };
    const started = await owner.post(`/api/v1/wheels/${wheel.id}/experiments`, test);
    expect(started.status).toBe(201);
    const experiment = ZExperimentResponse.parse(started.body).data;
    // The original is what the wheel has, whatever was sent for it.
    expect(experiment.variants[0]!.value).toEqual([1, 1, 1]);
    expect(experiment.metric).toBe('orders');

    const inB = visitorIds.filter((id) => assignVariant(experiment.id, id, [50, 50]) === 1);
    for (const visitorId of inB) {
      const spin = await server
        .client()
        .post(`/api/v1/public/wheels/${wheel.id}/spins`, { submissionId: randomUUID(), visitorId });
      expect(spin.status).toBe(201);
      expect(spin.body.data.optionIndex).toBe(0);
    }
    const report = ZExperimentsResponse.parse((await owner.get(`/api/v1/wheels/${wheel.id}/experiments`)).body).data[0]!;
    expect(report.variants.map((variant) => variant.visitors)).toEqual([0, inB.length]);

    expect((await owner.post(`/api/v1/wheels/${wheel.id}/experiments/${experiment.id}/end`, { winner: 'b' })).status).toBe(200);
    const saved = (await owner.get(`/api/v1/wheels/${wheel.id}`)).body.data;
    expect(saved.options.map((option: { weight: number }) => option.weight)).toEqual([1000, 0.001, 0.001]);
  });
});

describe('refusals', () => {
  it('names the field of a bad test, allows one running test per item, and answers 404 to another account', async () => {
    const owner = (await createOwner(server)).client;
    const quiz = await personalityQuiz(owner);
    const wheel = await createWheel(owner, { description: 'Spin', options: [{ text: 'A' }, { text: 'B' }, { text: 'C' }] });
    const refused = async (path: string, body: unknown, field: string, message?: string) => {
      const response = await owner.post(path, body);
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(response.body.error.field).toBe(field);
      if (message) expect(response.body.error.message).toBe(message);
    };
    const quizPath = `/api/v1/quizzes/${quiz.id}/experiments`;
    const wheelPath = `/api/v1/wheels/${wheel.id}/experiments`;
    // personalityQuiz collects no email: there is no lead gate to test.
    await refused(quizPath, leadGateTest, 'subject', experimentMessages.needsEmail);
    await refused(
      quizPath,
      {
        subject: 'odds',
        variants: [
          { name: 'A', share: 50, value: [1, 1] },
          { name: 'B', share: 50, value: [1, 2] },
        ],
      },
      'subject',
    );
    await refused(
      wheelPath,
      {
        subject: 'intro',
        variants: [
          { name: 'A', share: 50, value: '' },
          { name: 'B', share: 50, value: 'Hi' },
        ],
      },
      'subject',
    );
    await refused(
      wheelPath,
      {
        subject: 'odds',
        variants: [
          { name: 'A', share: 50, value: [1, 1, 1] },
          { name: 'B', share: 50, value: [1, 2] },
        ],
      },
      'variants.1.value',
    );
    await refused(
      quizPath,
      {
        subject: 'intro',
        variants: [
          { name: 'A', share: 60, value: '' },
          { name: 'B', share: 50, value: 'Hi' },
        ],
      },
      'variants.0.share',
    );
    await refused(
      quizPath,
      {
        subject: 'intro',
        variants: [
          { name: '', share: 50, value: '' },
          { name: 'B', share: 50, value: 'Hi' },
        ],
      },
      'variants.0.name',
    );

    const intro = {
      subject: 'intro',
      variants: [
        { name: 'Now', share: 50, value: '' },
        { name: 'Warmer', share: 50, value: '<p>Welcome <script>x()</script>in!</p>' },
      ],
    };
    const started = await owner.post(quizPath, intro);
    expect(started.status).toBe(201);
    // Rich text is cleaned as the builder's is; the original keeps the quiz's own intro.
    expect(started.body.data.variants.map((variant: { value: string }) => variant.value)).toEqual([
      '<p>Hi</p>',
      '<p>Welcome in!</p>',
    ]);
    expect((await owner.post(quizPath, intro)).status).toBe(409);
    const id = started.body.data.id as string;
    expect((await owner.post(`${quizPath}/${id}/end`, { winner: 'e' })).body.error.field).toBe('winner');
    expect((await owner.post(`${quizPath}/${id}/end`, { winner: 'c' })).body.error.field).toBe('winner');

    const stranger = (await createOwner(server)).client;
    expect((await stranger.get(quizPath)).status).toBe(404);
    expect((await stranger.post(quizPath, intro)).status).toBe(404);
    expect((await stranger.post(`${quizPath}/${id}/end`, { winner: 'b' })).status).toBe(404);
    expect((await stranger.get(wheelPath)).status).toBe(404);
    expect((await stranger.post(wheelPath, { subject: 'odds', variants: [] })).status).toBe(400);
    const wheelTest = {
      subject: 'odds',
      variants: [
        { name: 'A', share: 50, value: [1, 1, 1] },
        { name: 'B', share: 50, value: [1, 2, 3] },
      ],
    };
    expect((await stranger.post(wheelPath, wheelTest)).status).toBe(404);
    // Another account's test id under one's own quiz is not found either.
    const own = await personalityQuiz(stranger);
    expect((await stranger.post(`/api/v1/quizzes/${own.id}/experiments/${id}/end`, { winner: 'b' })).status).toBe(404);
    expect((await owner.get(quizPath)).body.data[0]).toMatchObject({ id, status: 'running' });
  });
});
