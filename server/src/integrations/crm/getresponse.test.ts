import { beforeEach, describe, expect, it } from 'vitest';
import {
  exchangeText,
  quizLead as sampleLead,
  useFakeWorld as useExternalWorld,
  crmTestCall,
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
