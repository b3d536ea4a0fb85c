import { createHash, randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits, messages } from '@quizlead/shared/validations.ts';
import { createOwner } from '../factories.ts';
import { startBillingWorld, type BillingWorld } from '../billingKit.ts';
import type { TestClient, TestServer } from '../getTestServer.ts';
import { personalityQuestion, twoPersonalities } from '../quizFactory.ts';

/**
 * Issue 15, finding 7: the probe's malformed requests, each of which answered 500. Text PostgreSQL
 * cannot store is refused at validation with a 400 naming the field; a body that does not decode
 * as its Content-Encoding says is the client's error too.
 */
let world: BillingWorld;
let server: TestServer;
let owner: TestClient;
beforeAll(async () => {
  world = await startBillingWorld();
  server = world.server;
  owner = (await createOwner(server)).client;
});
afterAll(() => world.stop());

const validation = (message: string, field: string) => ({ error: { code: 'validation', message, field } });
const nul = (field: string) => validation(messages.request.nulCharacter, field);
const surrogate = (field: string) => validation(messages.request.loneSurrogate, field);

/** A published, email-gated quiz and a play of it whose answers are in: the lead form is due. */
async function playAwaitingLead() {
  const created = (await owner.post('/api/v1/quizzes', { quizType: 'personality_quiz', title: 'Tea' })).body.data;
  const settings = { ...created.settings, welcomeMessage: '<p>Hi</p>', privacyPolicyText: 'We keep your email safe.' };
  await owner.put(`/api/v1/quizzes/${created.id}`, { ...created, settings, personalities: twoPersonalities });
  const question = personalityQuestion();
  await owner.put(`/api/v1/quizzes/${created.id}/questions`, { questions: [question] });
  const published = await owner.put(`/api/v1/quizzes/${created.id}/status`, { status: 'published' });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  const playId = randomUUID();
  const playKey = createHash('sha256').update(playId).digest('hex').slice(0, 32);
  const visitor = server.client();
  const started = await visitor.post(`/api/v1/public/quizzes/${created.id}/plays`, { playId, playKey });
  const auth = { authorization: `Bearer ${started.body.data.playToken}` };
  const answered = await visitor.request(
    'POST',
    `/api/v1/public/plays/${playId}/answers`,
    { answers: { [question.id]: ['a1'] } },
    auth,
  );
  expect(answered.body.data.status).toBe('lead_required');
  return (lead: unknown) => visitor.request('POST', `/api/v1/public/plays/${playId}/lead`, lead, auth);
}

describe('text PostgreSQL cannot store', () => {
  it('a lead: NUL in the name, a lone surrogate in a custom field, NUL in a field name; then the clean lead is stored', async () => {
    const lead = await playAwaitingLead();
    const clean = { name: 'Ann', email: 'ann@example.com', consent: true };
    expect((await lead({ ...clean, name: 'An\u0000n' })).body).toEqual(nul('name'));
    expect((await lead({ ...clean, fields: { note: 'hi \ud83d' } })).body).toEqual(surrogate('fields.note'));
    expect((await lead({ ...clean, fields: { 'no\u0000te': 'hi' } })).body).toEqual(nul('fields.no\ufffdte'));
    const stored = await lead({ ...clean, fields: { note: 'hi 😀' } });
    expect(stored.status).toBe(200);
    expect(stored.body.data.status).toBe('completed');
  });

  it('sign-up, profile, a quiz title and a search string', async () => {
    expect((await server.client().post('/api/v1/signup/token', { fullName: 'A\u0000', email: 'a@example.com' })).body).toEqual(
      nul('fullName'),
    );
    expect((await owner.patch('/api/v1/account/profile', { fullName: 'Olive', companyName: '\udc00Acme' })).body).toEqual(
      surrogate('companyName'),
    );
    expect((await owner.post('/api/v1/quizzes', { quizType: 'graded_quiz', title: 'Maths\u0000' })).body).toEqual(nul('title'));
    expect((await owner.get('/api/v1/quizzes?search=a%00b')).body).toEqual(nul('search'));
    expect((await owner.get('/api/v1/quizzes?search=ab')).status).toBe(200);
  });

  it('a lone surrogate bound for a jsonb column (quiz settings)', async () => {
    const created = (await owner.post('/api/v1/quizzes', { quizType: 'graded_quiz', title: 'Maths' })).body.data;
    const settings = { ...created.settings, welcomeMessage: '<p>Hi \ud800</p>' };
    expect((await owner.put(`/api/v1/quizzes/${created.id}`, { ...created, settings })).body).toEqual(
      surrogate('settings.welcomeMessage'),
    );
  });

  it('a route parameter', async () => {
    expect((await server.client().get('/api/v1/public/quizzes/a%00b')).body).toEqual(nul('id'));
  });

  it('nesting deeper than the limit, however deep', async () => {
    // Written by hand: JSON.stringify itself overflows on it. 40,000 levels fit the 100 kB body limit.
    const deep = `${'['.repeat(40_000)}"x"${']'.repeat(40_000)}`;
    const body = Buffer.from(`{"fullName":"Ann","email":"a@example.com","deep":${deep}}`);
    const response = await server.client().request('POST', '/api/v1/signup/token', body, { 'content-type': 'application/json' });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(messages.request.tooDeep);
    expect(response.body.error.field.split('.')).toHaveLength(limits.requestDepth);
  });
});

describe('a webhook PayPal signed', () => {
  const deliver = async (event: object) => {
    const signed = world.paypal.signedWebhook(event);
    const response = await fetch(`${server.url}/paypal/webhooks`, { method: 'POST', headers: signed.headers, body: signed.body });
    return (await response.json()) as unknown;
  };
  const resource = { id: 'CAPTURE-1', status: 'COMPLETED', amount: { currency_code: 'USD', value: '1.00' } };

  it('with a NUL or a lone surrogate is refused before anything is stored', async () => {
    expect(await deliver({ id: 'WH-1\u0000', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource })).toEqual(nul('id'));
    expect(
      await deliver({ id: 'WH-2', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { ...resource, custom_id: 'x\udfff' } }),
    ).toEqual(surrogate('resource.custom_id'));
  });
});

describe('Content-Encoding', () => {
  const send = (body: Uint8Array, encoding: string) =>
    server.client().request('POST', '/api/v1/password/forgot', body, {
      'content-type': 'application/json',
      'content-encoding': encoding,
    });
  const json = Buffer.from(JSON.stringify({ email: 'nobody@example.com' }));

  it('a body that is not what its coding says is a 400 naming the header', async () => {
    for (const encoding of ['gzip', 'deflate', 'br']) {
      expect((await send(json, encoding)).body).toEqual(validation(messages.request.badContentEncoding, 'Content-Encoding'));
    }
    const truncated = gzipSync(json).subarray(0, 12);
    expect((await send(truncated, 'gzip')).status).toBe(400);
  });

  it('an unknown coding is a 415 saying which codings work', async () => {
    const response = await send(json, 'zstd');
    expect(response.status).toBe(415);
    expect(response.headers.get('accept-encoding')).toBe('gzip, deflate, br');
    expect(response.body.error).toEqual({
      code: 'unsupported_media_type',
      message: messages.request.unsupportedContentEncoding,
      field: 'Content-Encoding',
    });
  });

  it('a real gzip body is read', async () => {
    expect((await send(gzipSync(json), 'gzip')).status).toBe(200);
  });
});
