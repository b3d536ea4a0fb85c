import { beforeEach, describe, expect, it } from 'vitest';
import { answersLead, exchangeText, fieldsCall, quizLead, useFakeWorld, crmTestCall } from '../../test/fakes/crm/leadKit.ts';
import { FakeMailerLite } from '../../test/fakes/crm/mailerlite.ts';
import { externalFetch } from '../external/externalFetch.ts';
import { mailerLite, type MailerLiteSettings } from './mailerlite.ts';

const token = 'eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.mailerlite-token';
const settings: MailerLiteSettings = { api_key: token, campaignid: '100000000000000001', tag: 'Quiz leads' };
const world = useFakeWorld();
let fake: FakeMailerLite;

beforeEach(() => {
  fake = new FakeMailerLite(token, [
    { id: '100000000000000001', name: 'Newsletter' },
    { id: '100000000000000002', name: 'Quiz leads' },
  ]);
  world().register('connect.mailerlite.com', fake);
});

describe('MailerLite', () => {
  it('resolves the tags to groups by name (creating missing ones) and upserts the subscriber with the documented request', async () => {
    const outcome = await mailerLite.upsertContact(quizLead(), settings, externalFetch, crmTestCall);
    expect(outcome).toMatchObject({ ok: true });
    const lookups = fake.requests.filter((request) => request.method === 'GET');
    expect(lookups.map((request) => [request.path, request.query.get('filter[name]')])).toEqual([
      ['/api/groups', 'Quiz leads'],
      ['/api/groups', 'summer-quiz'],
      ['/api/groups', 'quizlead-personality-adventurer'],
    ]);
    const created = fake.requests.filter((request) => request.method === 'POST' && request.path === '/api/groups');
    expect(created.map((request) => request.json)).toEqual([
      { name: 'summer-quiz' },
      { name: 'quizlead-personality-adventurer' },
    ]);
    const add = fake.requests.at(-1)!;
    expect(add).toMatchObject({ method: 'POST', host: 'connect.mailerlite.com', path: '/api/subscribers', status: 201 });
    expect(add.headers).toMatchObject({
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json',
    });
    const ids = (name: string) => fake.groups.find((group) => group.name === name)!.id;
    expect(add.json).toEqual({
      email: 'ann.lee@example.com',
      fields: { name: 'Ann', last_name: 'Lee Smith' },
      groups: ['100000000000000001', '100000000000000002', ids('summer-quiz'), ids('quizlead-personality-adventurer')],
      status: 'active',
    });
  });

  it('a second lead for the same email updates the subscriber (200) and keeps its groups', async () => {
    await mailerLite.upsertContact(quizLead(), settings, externalFetch, crmTestCall);
    const again = await mailerLite.upsertContact(
      quizLead({ name: 'Ann', consent: false, tags: ['quizlead-personality-planner'] }),
      settings,
      externalFetch,
      crmTestCall,
    );
    expect(again).toMatchObject({ ok: true });
    const add = fake.requests.at(-1)!;
    expect(add.status).toBe(200);
    expect(add.json).not.toHaveProperty('status');
    expect(fake.subscribers.size).toBe(1);
    const subscriber = fake.subscribers.get('ann.lee@example.com')!;
    expect(subscriber).toMatchObject({ status: 'active', fields: { name: 'Ann', last_name: 'Lee Smith' } });
    expect(subscriber.groups).toHaveLength(5);
  });

  it('a bad token is not retryable, with MailerLite’s message', async () => {
    const outcome = await mailerLite.upsertContact(
      quizLead(),
      { ...settings, api_key: 'classic-key-1234' },
      externalFetch,
      crmTestCall,
    );
    expect(outcome).toMatchObject({ ok: false, retryable: false, message: 'HTTP 401: Unauthenticated.' });
    const unknownGroup = await mailerLite.upsertContact(
      quizLead({ tags: [] }),
      { ...settings, tag: '', campaignid: '9' },
      externalFetch,
      crmTestCall,
    );
    expect(unknownGroup).toMatchObject({ ok: false, retryable: false });
    expect(unknownGroup.ok === false && unknownGroup.message).toContain('The selected groups.0 is invalid.');
  });

  it('a 429 is retryable after Retry-After; a 5xx and a network error are retryable', async () => {
    fake.rateLimitNext(1);
    expect(await mailerLite.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({
      ok: false,
      retryable: true,
      retryAfterMs: 42_000,
    });
    fake.failNext(1);
    expect(await mailerLite.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({
      ok: false,
      retryable: true,
    });
    fake.down = true;
    expect(await mailerLite.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({
      ok: false,
      retryable: true,
    });
    fake.down = false;
    expect(await mailerLite.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({ ok: true });
  });

  it('keeps the token out of the Exchange records', async () => {
    const good = await mailerLite.upsertContact(quizLead(), settings, externalFetch, crmTestCall);
    const bad = await mailerLite.upsertContact(
      quizLead(),
      { ...settings, api_key: 'classic-key-1234' },
      externalFetch,
      crmTestCall,
    );
    for (const outcome of [good, bad]) {
      const text = exchangeText(outcome.exchange);
      expect(text).not.toContain(token);
      expect(text).not.toContain('classic-key-1234');
    }
    expect(good.exchange.at(-1)!.request.headers.authorization).toBe('Bearer [redacted]');
  });
});

describe('MailerLite fields for answers', () => {
  const fieldCalls = () => fake.requests.filter((request) => request.path === '/api/fields');

  it('lists every page of fields, creates one per answer (number for numbers), sends the values by key; a second lead reuses them', async () => {
    // 8 default fields and 101 of the owner's: the list takes two pages of 100.
    for (let index = 0; index < 101; index += 1) {
      fake.fields.push({ id: `9${index}`, name: `Owner field ${index}`, key: `owner_field_${index}`, type: 'text' });
    }
    const call = fieldsCall();
    expect(await mailerLite.upsertContact(answersLead(), settings, externalFetch, call)).toEqual(
      expect.objectContaining({ ok: true }),
    );
    expect(fieldCalls().map((request) => `${request.method} ${request.query.toString()} ${request.status}`)).toEqual([
      'GET limit=100&page=1 200',
      'GET limit=100&page=2 200',
      'POST  200',
      'POST  200',
      'POST  200',
    ]);
    expect(fake.createdFields().map((request) => request.json)).toEqual([
      { name: 'skin_quiz__skin_type', type: 'text' },
      { name: 'skin_quiz__concerns', type: 'text' },
      { name: 'skin_quiz__budget', type: 'number' },
    ]);
    expect(fake.subscribers.get('ann.lee@example.com')!.fields).toEqual({
      name: 'Ann',
      last_name: 'Lee Smith',
      skin_quiz_skin_type: 'oily',
      skin_quiz_concerns: 'Acne, Redness',
      skin_quiz_budget: 40,
    });
    const before = fieldCalls().length;
    expect(await mailerLite.upsertContact(answersLead({ email: 'bo@example.com' }), settings, externalFetch, call)).toMatchObject(
      {
        ok: true,
      },
    );
    expect(fieldCalls()).toHaveLength(before);
    expect(fake.createdFields()).toHaveLength(3);
    expect(fake.subscribers.get('bo@example.com')!.fields).toMatchObject({ skin_quiz_budget: 40 });
  });

  it('the fake refuses a field type MailerLite does not have and an unknown key on a subscriber', async () => {
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json' };
    const post = (path: string, body: object) =>
      externalFetch(`https://connect.mailerlite.com/api${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const bad = await post('/fields', { name: 'x', type: 'string' });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ errors: { type: ['The selected type is invalid.'] } });
    expect((await post('/subscribers', { email: 'a@b.co', fields: { skin: 'oily' } })).status).toBe(422);
  });
});

describe('MailerLite phone (issue 33)', () => {
  it('sends the lead’s phone in the default `phone` field, in E.164', async () => {
    const outcome = await mailerLite.upsertContact(quizLead({ phone: '+447911123456' }), settings, externalFetch, crmTestCall);
    expect(outcome).toMatchObject({ ok: true });
    const add = fake.requests.at(-1)!;
    expect(add.json).toMatchObject({ fields: { name: 'Ann', last_name: 'Lee Smith', phone: '+447911123456' } });
    expect(fake.subscribers.get('ann.lee@example.com')!.fields).toMatchObject({ phone: '+447911123456' });
  });
});
