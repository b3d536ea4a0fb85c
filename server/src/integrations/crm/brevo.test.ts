import { beforeEach, describe, expect, it } from 'vitest';
import { answersLead, exchangeText, fieldsCall, quizLead, useFakeWorld, crmTestCall } from '../../test/fakes/crm/leadKit.ts';
import { FakeBrevo } from '../../test/fakes/crm/brevo.ts';
import { externalFetch } from '../external/externalFetch.ts';
import { brevo } from './brevo.ts';

const world = useFakeWorld();
const apiKey = 'xkeysib-0123456789abcdef-SECRET';
let fake: FakeBrevo;
beforeEach(() => {
  fake = world().register('api.brevo.com', new FakeBrevo(apiKey));
  return () => world().unregister(fake);
});

describe('Brevo (formerly Sendinblue)', () => {
  it('creates the contact with the documented POST /v3/contacts: api-key header, upper-case attributes, listIds, updateEnabled', async () => {
    const outcome = await brevo.upsertContact(quizLead(), { api_key: apiKey, campaignid: '12' }, externalFetch, crmTestCall);
    expect(outcome).toMatchObject({ ok: true });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', host: 'api.brevo.com', path: '/v3/contacts', status: 201 });
    expect(request!.headers['api-key']).toBe(apiKey);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.json).toEqual({
      email: 'ann.lee@example.com',
      attributes: { FIRSTNAME: 'Ann', LASTNAME: 'Lee Smith' },
      listIds: [12],
      updateEnabled: true,
    });
    expect(fake.unexpected).toEqual([]);
    expect(fake.contacts.get('ann.lee@example.com')).toMatchObject({ listIds: [12] });
  });

  it('a second lead for the same email updates the contact (204), where without updateEnabled Brevo answers 400 duplicate', async () => {
    const settings = { api_key: apiKey, campaignid: '12' };
    expect(await brevo.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({ ok: true });
    const second = await brevo.upsertContact(quizLead({ name: 'Ann Parker' }), settings, externalFetch, crmTestCall);
    expect(second).toMatchObject({ ok: true });
    expect(fake.requests.map((request) => request.status)).toEqual([201, 204]);
    expect(fake.contacts.get('ann.lee@example.com')!.attributes).toEqual({ FIRSTNAME: 'Ann', LASTNAME: 'Parker' });

    const withoutUpdate = await externalFetch('https://api.brevo.com/v3/contacts', {
      method: 'POST',
      headers: { 'api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ann.lee@example.com' }),
    });
    expect(withoutUpdate.status).toBe(400);
    expect(await withoutUpdate.json()).toEqual({ code: 'duplicate_parameter', message: 'Contact already exist' });
  });

  it('without the visitor’s consent the contact is kept but not put on the list', async () => {
    const outcome = await brevo.upsertContact(
      quizLead({ consent: false }),
      { api_key: apiKey, campaignid: '12' },
      externalFetch,
      crmTestCall,
    );
    expect(outcome).toMatchObject({ ok: true });
    expect(fake.requests[0]!.json).toEqual({
      email: 'ann.lee@example.com',
      attributes: { FIRSTNAME: 'Ann', LASTNAME: 'Lee Smith' },
      updateEnabled: true,
    });
  });

  it('without a list or a name it sends only the email', async () => {
    expect(await brevo.upsertContact(quizLead({ name: '' }), { api_key: apiKey }, externalFetch, crmTestCall)).toMatchObject({
      ok: true,
    });
    expect(fake.requests[0]!.json).toEqual({ email: 'ann.lee@example.com', attributes: {}, updateEnabled: true });
  });

  it('a bad key is not retryable and carries Brevo’s message', async () => {
    const outcome = await brevo.upsertContact(quizLead(), { api_key: 'wrong-key' }, externalFetch, crmTestCall);
    expect(outcome).toMatchObject({ ok: false, retryable: false, message: 'HTTP 401: Key not found' });
  });

  it('a 429 is retryable after x-sib-ratelimit-reset; a 5xx and a dropped connection are retryable', async () => {
    fake.rateLimitNext(1);
    expect(await brevo.upsertContact(quizLead(), { api_key: apiKey }, externalFetch, crmTestCall)).toMatchObject({
      ok: false,
      retryable: true,
      retryAfterMs: 2000,
    });
    fake.failNext(1);
    expect(await brevo.upsertContact(quizLead(), { api_key: apiKey }, externalFetch, crmTestCall)).toMatchObject({
      ok: false,
      retryable: true,
      message: 'HTTP 500: Internal server error',
    });
    fake.down = true;
    const down = await brevo.upsertContact(quizLead(), { api_key: apiKey }, externalFetch, crmTestCall);
    expect(down).toMatchObject({ ok: false, retryable: true });
    expect(down.ok === false && down.message).toMatch(/^Network error/);
  });

  it('never puts the key in the exchange records', async () => {
    const created = await brevo.upsertContact(quizLead(), { api_key: apiKey, campaignid: '3' }, externalFetch, crmTestCall);
    const refused = await brevo.upsertContact(quizLead(), { api_key: `${apiKey}x` }, externalFetch, crmTestCall);
    for (const outcome of [created, refused]) {
      expect(outcome.exchange).toHaveLength(1);
      expect(exchangeText(outcome.exchange)).not.toContain(apiKey);
      expect(outcome.exchange[0]!.request.headers['api-key']).toBe('[redacted]');
    }
  });

  it('validates its settings', () => {
    expect(brevo.settings.safeParse({ api_key: '' }).success).toBe(false);
    expect(brevo.settings.safeParse({ api_key: 'k', campaignid: 'abc' }).success).toBe(false);
    expect(brevo.settings.safeParse({ api_key: 'k', campaignid: '7' }).success).toBe(true);
    expect(brevo.secretFields).toEqual(['api_key']);
  });
});

describe('Brevo attributes for answers', () => {
  const settings = { api_key: apiKey, campaignid: '12' };

  it('lists the attributes, creates one normal attribute per answer (float for numbers), then reuses them', async () => {
    const call = fieldsCall();
    expect(await brevo.upsertContact(answersLead(), settings, externalFetch, call)).toEqual(
      expect.objectContaining({ ok: true }),
    );
    expect(fake.requests.map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual([
      'GET /v3/contacts/attributes 200',
      'POST /v3/contacts/attributes/normal/SKIN_QUIZ__SKIN_TYPE 201',
      'POST /v3/contacts/attributes/normal/SKIN_QUIZ__CONCERNS 201',
      'POST /v3/contacts/attributes/normal/SKIN_QUIZ__BUDGET 201',
      'POST /v3/contacts 201',
    ]);
    expect(fake.createdAttributes().map((request) => request.json)).toEqual([
      { type: 'text' },
      { type: 'text' },
      { type: 'float' },
    ]);
    expect(fake.contacts.get('ann.lee@example.com')!.attributes).toEqual({
      FIRSTNAME: 'Ann',
      LASTNAME: 'Lee Smith',
      SKIN_QUIZ__SKIN_TYPE: 'oily',
      SKIN_QUIZ__CONCERNS: 'Acne, Redness',
      SKIN_QUIZ__BUDGET: 40,
    });
    const before = fake.requests.length;
    expect(await brevo.upsertContact(answersLead({ email: 'bo@example.com' }), settings, externalFetch, call)).toMatchObject({
      ok: true,
    });
    expect(fake.requestsSince(before).map((request) => `${request.method} ${request.path}`)).toEqual(['POST /v3/contacts']);
    expect(fake.createdAttributes()).toHaveLength(3);
    expect(fake.unexpected).toEqual([]);
  });

  it('the fake refuses a lower-case attribute name, an unknown category and an attribute the account lacks', async () => {
    const headers = { 'api-key': apiKey, 'content-type': 'application/json' };
    const post = (path: string, body: object) =>
      externalFetch(`https://api.brevo.com/v3${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    expect((await post('/contacts/attributes/normal/skin', { type: 'text' })).status).toBe(400);
    expect((await post('/contacts/attributes/plain/SKIN', { type: 'text' })).status).toBe(400);
    expect((await post('/contacts/attributes/normal/SKIN', { type: 'string' })).status).toBe(400);
    expect((await post('/contacts', { email: 'a@b.co', attributes: { SKIN: 'oily' }, updateEnabled: true })).status).toBe(400);
  });
});
