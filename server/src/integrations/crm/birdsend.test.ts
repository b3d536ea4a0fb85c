import { beforeEach, describe, expect, it } from 'vitest';
import { FakeBirdSend } from '../../test/fakes/crm/birdsend.ts';
import { exchangeText, quizLead, useFakeWorld, crmTestCall } from '../../test/fakes/crm/leadKit.ts';
import { externalFetch } from '../external/externalFetch.ts';
import { birdSend, type BirdSendSettings } from './birdsend.ts';

const token = 'bs_pat_8f7e6d5c4b3a29180716253443526170';
const settings: BirdSendSettings = { api_key: token, tag: 'Leads' };
const world = useFakeWorld();
let fake: FakeBirdSend;

beforeEach(() => {
  fake = new FakeBirdSend(token);
  world().register('api.birdsend.co', fake);
});

describe('BirdSend', () => {
  it('looks the email up, then creates the contact with the documented request: Bearer, JSON, fields, tag names (201)', async () => {
    const outcome = await birdSend.upsertContact(quizLead(), settings, externalFetch, crmTestCall);
    expect(outcome).toMatchObject({ ok: true });
    const [lookup, create] = fake.requests;
    expect(fake.requests).toHaveLength(2);
    expect(lookup).toMatchObject({ method: 'GET', host: 'api.birdsend.co', path: '/v1/contacts' });
    expect(Object.fromEntries(lookup!.query)).toEqual({ search_by: 'email', keyword: 'ann.lee@example.com' });
    expect(create).toMatchObject({ method: 'POST', path: '/v1/contacts', status: 201 });
    expect(create!.headers).toMatchObject({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
    expect(create!.json).toEqual({
      email: 'ann.lee@example.com',
      fields: { first_name: 'Ann', last_name: 'Lee Smith' },
      tags: ['Leads', 'summer-quiz', 'quizlead-personality-adventurer'],
    });
    expect(JSON.parse(create!.responseBody)).toMatchObject({ contact_id: 12 });
    expect(fake.unexpected).toEqual([]);
  });

  it('a second lead for the same email updates the contact and adds its tags, and a create that races a duplicate does too', async () => {
    await birdSend.upsertContact(quizLead(), settings, externalFetch, crmTestCall);
    const again = await birdSend.upsertContact(
      quizLead({ name: 'Ann', tags: ['quizlead-personality-planner'] }),
      settings,
      externalFetch,
      crmTestCall,
    );
    expect(again).toMatchObject({ ok: true });
    const update = fake.requests.at(-1)!;
    expect(update).toMatchObject({ method: 'PATCH', path: '/v1/contacts/12', status: 200 });
    expect(update.json).toEqual({ fields: { first_name: 'Ann' }, tags: ['Leads', 'quizlead-personality-planner'] });
    expect(fake.contacts).toHaveLength(1);
    expect(fake.contacts[0]!.tags).toEqual([
      'Leads',
      'summer-quiz',
      'quizlead-personality-adventurer',
      'quizlead-personality-planner',
    ]);

    // The lookup misses (another delivery is creating the same contact): the 422 duplicate is looked up and updated.
    fake.failNext(1, { status: 200, body: { data: [], meta: { current_page: 1, last_page: 1 } } });
    const raced = await birdSend.upsertContact(quizLead(), settings, externalFetch, crmTestCall);
    expect(raced).toMatchObject({ ok: true });
    expect(fake.requests.slice(-4).map((request) => [request.method, request.status])).toEqual([
      ['GET', 200],
      ['POST', 422],
      ['GET', 200],
      ['PATCH', 200],
    ]);
    expect(fake.contacts).toHaveLength(1);
  });

  it('a bad token is not retryable, with BirdSend’s message', async () => {
    const outcome = await birdSend.upsertContact(
      quizLead(),
      { ...settings, api_key: 'revoked-token-1' },
      externalFetch,
      crmTestCall,
    );
    expect(outcome).toMatchObject({ ok: false, retryable: false, message: 'HTTP 401: Unauthenticated.' });
    expect(fake.contacts).toHaveLength(0);
  });

  it('a 429 is retryable after Retry-After; a 5xx and a network error are retryable', async () => {
    fake.rateLimitNext(1);
    expect(await birdSend.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({
      ok: false,
      retryable: true,
      retryAfterMs: 1000,
    });
    fake.failNext(1);
    expect(await birdSend.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({
      ok: false,
      retryable: true,
    });
    fake.down = true;
    expect(await birdSend.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({
      ok: false,
      retryable: true,
    });
    fake.down = false;
    expect(await birdSend.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({ ok: true });
  });

  it('keeps the token out of the Exchange records', async () => {
    const good = await birdSend.upsertContact(quizLead(), settings, externalFetch, crmTestCall);
    const bad = await birdSend.upsertContact(quizLead(), { ...settings, api_key: 'revoked-token-1' }, externalFetch, crmTestCall);
    for (const outcome of [good, bad]) {
      const text = exchangeText(outcome.exchange);
      expect(text).not.toContain(token);
      expect(text).not.toContain('revoked-token-1');
    }
    expect(good.exchange[0]!.request.headers.authorization).toBe('Bearer [redacted]');
  });
});
