import { beforeEach, describe, expect, it } from 'vitest';
import { exchangeText, quizLead, useFakeWorld, crmTestCall } from '../../test/fakes/crm/leadKit.ts';
import { FakeSendfox } from '../../test/fakes/crm/sendfox.ts';
import { externalFetch } from '../external/externalFetch.ts';
import { sendfox } from './sendfox.ts';

const world = useFakeWorld();
const token = 'eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.sendfox-SECRET-token';
let fake: FakeSendfox;
beforeEach(() => {
  fake = world().register('api.sendfox.com', new FakeSendfox(token));
  return () => world().unregister(fake);
});

describe('SendFox', () => {
  it('adds the contact with the documented POST /contacts: Bearer token, first/last name, lists, contact_fields', async () => {
    const outcome = await sendfox.upsertContact(quizLead(), { api_key: token, campaignid: '123' }, externalFetch, crmTestCall);
    expect(outcome).toMatchObject({ ok: true });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', host: 'api.sendfox.com', path: '/contacts', status: 201 });
    expect(request!.headers.authorization).toBe(`Bearer ${token}`);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.json).toEqual({
      email: 'ann.lee@example.com',
      first_name: 'Ann',
      last_name: 'Lee Smith',
      lists: [123],
      contact_fields: [
        { name: 'Source', value: 'quiz: Which trip suits you?' },
        { name: 'Result', value: 'Adventurer' },
        { name: 'Score', value: '7' },
        { name: 'Personality', value: 'Adventurer' },
        { name: 'Tags', value: 'summer-quiz, quizlead-personality-adventurer' },
      ],
    });
    expect(fake.unexpected).toEqual([]);
    expect(fake.contacts.get('ann.lee@example.com')).toMatchObject({ first_name: 'Ann', lists: [123] });
  });

  it('a second lead for the same email updates the contact and does not fail', async () => {
    const settings = { api_key: token, campaignid: '123' };
    expect(await sendfox.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({ ok: true });
    const second = await sendfox.upsertContact(
      quizLead({ name: 'Ann Parker', result: { outcome: 'Relaxer' }, tags: [] }),
      settings,
      externalFetch,
      crmTestCall,
    );
    expect(second).toMatchObject({ ok: true });
    expect(fake.requests.map((request) => request.status)).toEqual([201, 200]);
    expect(fake.contacts.size).toBe(1);
    expect(fake.contacts.get('ann.lee@example.com')).toMatchObject({ last_name: 'Parker' });
    expect(fake.contacts.get('ann.lee@example.com')!.contact_fields).toContainEqual({ name: 'Result', value: 'Relaxer' });
  });

  it('without the visitor’s consent the contact is added to no list', async () => {
    const outcome = await sendfox.upsertContact(
      quizLead({ consent: false }),
      { api_key: token, campaignid: '123' },
      externalFetch,
      crmTestCall,
    );
    expect(outcome).toMatchObject({ ok: true });
    expect(fake.requests[0]!.json).not.toHaveProperty('lists');
    expect(fake.contacts.get('ann.lee@example.com')).toMatchObject({ lists: [] });
  });

  it('a bad token is not retryable and carries SendFox’s message', async () => {
    const outcome = await sendfox.upsertContact(quizLead(), { api_key: 'wrong' }, externalFetch, crmTestCall);
    expect(outcome).toMatchObject({ ok: false, retryable: false, message: 'HTTP 401: Unauthenticated.' });
  });

  it('the Free plan’s 402 is not retryable and says a paid plan is needed', async () => {
    fake.paidPlan = false;
    const outcome = await sendfox.upsertContact(quizLead(), { api_key: token }, externalFetch, crmTestCall);
    expect(outcome).toMatchObject({
      ok: false,
      retryable: false,
      message: 'HTTP 402: API access requires a paid plan. SendFox opens its API only on a Lifetime or Empire plan.',
    });
  });

  it('a list that does not exist is refused with the 422 message, not retried', async () => {
    const outcome = await sendfox.upsertContact(quizLead(), { api_key: token, campaignid: '999' }, externalFetch, crmTestCall);
    expect(outcome).toMatchObject({ ok: false, retryable: false, message: 'HTTP 422: The selected lists.0 is invalid.' });
  });

  it('a 429 is retryable after Retry-After; a 5xx and a dropped connection are retryable', async () => {
    fake.rateLimitNext(1);
    expect(await sendfox.upsertContact(quizLead(), { api_key: token }, externalFetch, crmTestCall)).toMatchObject({
      ok: false,
      retryable: true,
      retryAfterMs: 30_000,
    });
    fake.failNext(1);
    expect(await sendfox.upsertContact(quizLead(), { api_key: token }, externalFetch, crmTestCall)).toMatchObject({
      ok: false,
      retryable: true,
      message: 'HTTP 500: Server Error',
    });
    fake.down = true;
    expect(await sendfox.upsertContact(quizLead(), { api_key: token }, externalFetch, crmTestCall)).toMatchObject({
      ok: false,
      retryable: true,
    });
  });

  it('never puts the token in the exchange records', async () => {
    const created = await sendfox.upsertContact(quizLead(), { api_key: token, campaignid: '123' }, externalFetch, crmTestCall);
    fake.paidPlan = false;
    const refused = await sendfox.upsertContact(quizLead(), { api_key: token }, externalFetch, crmTestCall);
    for (const outcome of [created, refused]) {
      expect(outcome.exchange).toHaveLength(1);
      expect(exchangeText(outcome.exchange)).not.toContain(token);
      expect(outcome.exchange[0]!.request.headers.authorization).toBe('Bearer [redacted]');
    }
  });

  it('validates its settings', () => {
    expect(sendfox.settings.safeParse({ api_key: ' ' }).success).toBe(false);
    expect(sendfox.settings.safeParse({ api_key: 'k', campaignid: 'list' }).success).toBe(false);
    expect(sendfox.settings.safeParse({ api_key: 'k', campaignid: '123' }).success).toBe(true);
    expect(sendfox.secretFields).toEqual(['api_key']);
  });
});
