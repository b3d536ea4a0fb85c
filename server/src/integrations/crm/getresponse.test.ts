import { beforeEach, describe, expect, it } from 'vitest';
import {
  exchangeText,
  quizLead as sampleLead,
  useFakeWorld as useExternalWorld,
  crmTestCall,
  answersLead,
  fieldsCall,
} from '../../test/fakes/crm/leadKit.ts';
import { FakeGetResponse } from '../../test/fakes/crm/getresponse.ts';
import { externalFetch } from '../external/externalFetch.ts';
import { getResponse, type GetResponseSettings } from './getresponse.ts';

const apiKey = 'jfgs8sk2l9d8f7g6h5j4k3l2m1n0b9v8';
const settings: GetResponseSettings = { api_key: apiKey, campaignid: 'p86zQ', tag: 'quiz leads' };
const world = useExternalWorld();
let fake: FakeGetResponse;

beforeEach(() => {
  fake = new FakeGetResponse(apiKey, ['p86zQ']);
  world().register('api.getresponse.com', fake);
});

describe('GetResponse', () => {
  it('adds the lead with the documented request: X-Auth-Token api-key, JSON, campaign, name and tag ids; 202', async () => {
    const outcome = await getResponse.upsertContact(sampleLead(), settings, externalFetch, crmTestCall);
    expect(outcome).toMatchObject({ ok: true });
    const tagLookups = fake.requests.filter((request) => request.path === '/v3/tags' && request.method === 'GET');
    expect(tagLookups.map((request) => request.query.get('query[name]'))).toEqual([
      'quiz_leads',
      'summer_quiz',
      'quizlead_personality_adventurer',
    ]);
    const add = fake.requests.find((request) => request.method === 'POST' && request.path === '/v3/contacts')!;
    expect(add.host).toBe('api.getresponse.com');
    expect(add.headers['x-auth-token']).toBe(`api-key ${apiKey}`);
    expect(add.headers['content-type']).toBe('application/json');
    expect(add.status).toBe(202);
    const ids = fake.tags.map((tag) => tag.tagId);
    expect(add.json).toEqual({
      email: 'ann.lee@example.com',
      name: 'Ann Lee Smith',
      campaign: { campaignId: 'p86zQ' },
      tags: ids.map((tagId) => ({ tagId })),
    });
    expect(fake.contacts).toHaveLength(1);
    expect(fake.contacts[0]!.tags.map((tag) => tag.name)).toEqual([
      'quiz_leads',
      'summer_quiz',
      'quizlead_personality_adventurer',
    ]);
  });

  it('a second lead for the same email: 409/1008, then the contact is found by email and updated, not failed', async () => {
    await getResponse.upsertContact(sampleLead(), settings, externalFetch, crmTestCall);
    const before = fake.requests.length;
    const outcome = await getResponse.upsertContact(
      sampleLead({ name: 'Ann Lee', tags: ['quizlead-personality-planner'], result: { personality: 'Planner' } }),
      settings,
      externalFetch,
      crmTestCall,
    );
    expect(outcome).toMatchObject({ ok: true });
    const calls = fake.requestsSince(before).filter((request) => request.path.startsWith('/v3/contacts'));
    expect(calls.map((request) => [request.method, request.path, request.status])).toEqual([
      ['POST', '/v3/contacts', 409],
      ['GET', '/v3/contacts', 200],
      ['POST', `/v3/contacts/${fake.contacts[0]!.contactId}`, 200],
    ]);
    expect(JSON.parse(calls[0]!.responseBody)).toMatchObject({ httpStatus: 409, code: 1008 });
    expect(calls[1]!.query.get('query[email]')).toBe('ann.lee@example.com');
    expect(fake.contacts).toHaveLength(1);
    expect(fake.contacts[0]!.name).toBe('Ann Lee');
    expect(fake.contacts[0]!.tags.map((tag) => tag.name)).toEqual([
      'quiz_leads',
      'summer_quiz',
      'quizlead_personality_adventurer',
      'quizlead_personality_planner',
    ]);
  });

  it('a bad key is not retryable and carries GetResponse’s message', async () => {
    const outcome = await getResponse.upsertContact(
      sampleLead(),
      { ...settings, api_key: 'wrong-key-123' },
      externalFetch,
      crmTestCall,
    );
    expect(outcome).toMatchObject({ ok: false, retryable: false });
    expect(outcome.ok === false && outcome.message).toContain('HTTP 401: Unable to authenticate request');
    expect(fake.contacts).toHaveLength(0);
  });

  it('a 429 is retryable after X-RateLimit-Reset; a 5xx and a network error are retryable', async () => {
    fake.rateLimitNext(1);
    const limited = await getResponse.upsertContact(sampleLead(), settings, externalFetch, crmTestCall);
    expect(limited).toMatchObject({ ok: false, retryable: true, retryAfterMs: 17_000 });
    fake.failNext(1);
    expect(await getResponse.upsertContact(sampleLead(), settings, externalFetch, crmTestCall)).toMatchObject({
      ok: false,
      retryable: true,
    });
    fake.down = true;
    expect(await getResponse.upsertContact(sampleLead(), settings, externalFetch, crmTestCall)).toMatchObject({
      ok: false,
      retryable: true,
    });
    fake.down = false;
    expect(await getResponse.upsertContact(sampleLead(), settings, externalFetch, crmTestCall)).toMatchObject({ ok: true });
  });

  it('keeps the key out of the Exchange records', async () => {
    const first = await getResponse.upsertContact(sampleLead(), settings, externalFetch, crmTestCall);
    const second = await getResponse.upsertContact(sampleLead(), settings, externalFetch, crmTestCall);
    const bad = await getResponse.upsertContact(
      sampleLead(),
      { ...settings, api_key: 'wrong-key-123' },
      externalFetch,
      crmTestCall,
    );
    for (const outcome of [first, second, bad]) {
      expect(outcome.exchange.length).toBeGreaterThan(0);
      const text = exchangeText(outcome.exchange);
      expect(text).not.toContain(apiKey);
      expect(text).not.toContain('wrong-key-123');
    }
    expect(first.exchange.at(-1)!.request.headers['x-auth-token']).toBe('api-key [redacted]');
    expect(getResponse.secretFields).toEqual(['api_key']);
  });
});

describe('GetResponse custom fields for answers', () => {
  const fieldCalls = () => fake.requests.filter((request) => request.path === '/v3/custom-fields');

  it('lists, creates one lower-case custom field per answer (number for numbers), sends the values as arrays; a second lead reuses them', async () => {
    const call = fieldsCall();
    expect(await getResponse.upsertContact(answersLead(), settings, externalFetch, call)).toEqual(
      expect.objectContaining({ ok: true }),
    );
    expect(fieldCalls().map((request) => `${request.method} ${request.query.toString()} ${request.status}`)).toEqual([
      'GET perPage=1000&page=1 200',
      'POST  201',
      'POST  201',
      'POST  201',
    ]);
    expect(fake.createdCustomFields().map((request) => request.json)).toEqual([
      { name: 'skin_quiz__skin_type', type: 'string', format: 'text', hidden: 'false', values: [] },
      { name: 'skin_quiz__concerns', type: 'string', format: 'text', hidden: 'false', values: [] },
      { name: 'skin_quiz__budget', type: 'number', format: 'text', hidden: 'false', values: [] },
    ]);
    const [skin, concerns, budget] = fake.customFields.map((field) => field.customFieldId);
    expect(fake.contacts[0]!.customFieldValues).toEqual({ [skin!]: ['oily'], [concerns!]: ['Acne, Redness'], [budget!]: ['40'] });

    // The same email again: 409, then the update and the values through /contacts/{id}/custom-fields.
    const before = fieldCalls().length;
    const again = await getResponse.upsertContact(
      answersLead({ answers: answersLead().answers.map((a) => (a.key === 'skin_type' ? { ...a, value: 'dry' } : a)) }),
      settings,
      externalFetch,
      call,
    );
    expect(again).toMatchObject({ ok: true });
    expect(fieldCalls()).toHaveLength(before);
    expect(fake.createdCustomFields()).toHaveLength(3);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v3/contacts/${fake.contacts[0]!.contactId}/custom-fields`,
      status: 200,
    });
    expect(fake.contacts[0]!.customFieldValues[skin!]).toEqual(['dry']);
  });

  it('the fake refuses a merge word, upper case, a missing format and a choice list without two values', async () => {
    const headers = { 'X-Auth-Token': `api-key ${apiKey}`, 'Content-Type': 'application/json' };
    const post = (body: object) =>
      externalFetch('https://api.getresponse.com/v3/custom-fields', { method: 'POST', headers, body: JSON.stringify(body) });
    const field = { name: 'skin', type: 'string', format: 'text', hidden: 'false', values: [] };
    expect((await post({ ...field, name: 'campaign' })).status).toBe(400);
    expect((await post({ ...field, name: 'Skin' })).status).toBe(400);
    expect((await post({ name: 'skin', type: 'string', hidden: 'false', values: [] })).status).toBe(400);
    expect((await post({ ...field, format: 'multi_select', values: ['a'] })).status).toBe(400);
    expect((await post({ ...field, hidden: false })).status).toBe(400);
    expect((await post(field)).status).toBe(201);
    expect((await post(field)).status).toBe(409);
  });
});
