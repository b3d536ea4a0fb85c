import { beforeEach, describe, expect, it } from 'vitest';
import { FakeAgileCrm } from '../../test/fakes/crm/agilecrm.ts';
import { exchangeText, quizLead, useFakeWorld, crmTestCall } from '../../test/fakes/crm/leadKit.ts';
import { externalFetch } from '../external/externalFetch.ts';
import { agileCrm, type AgileCrmSettings } from './agilecrm.ts';

const apiKey = 'h8k2m4n6p8r0t2v4x6z8b0d2f4';
const settings: AgileCrmSettings = {
  agilecrm_domain: 'acme',
  agilecrm_email: 'owner@acme.test',
  api_key: apiKey,
  tag: 'Quiz lead',
};
const world = useFakeWorld();
let fake: FakeAgileCrm;

beforeEach(() => {
  fake = new FakeAgileCrm('acme', 'owner@acme.test', apiKey);
  world().register(/\.agilecrm\.com$/, fake);
});

describe('Agile CRM', () => {
  it('creates the contact with the documented request: Basic email:key, Accept JSON, SYSTEM and CUSTOM properties, tag names', async () => {
    const outcome = await agileCrm.upsertContact(quizLead(), settings, externalFetch, crmTestCall);
    expect(outcome).toMatchObject({ ok: true });
    expect(fake.requests).toHaveLength(1);
    const [create] = fake.requests;
    expect(create).toMatchObject({ method: 'POST', host: 'acme.agilecrm.com', path: '/dev/api/contacts', status: 200 });
    expect(create!.headers).toMatchObject({
      authorization: `Basic ${Buffer.from(`owner@acme.test:${apiKey}`).toString('base64')}`,
      accept: 'application/json',
      'content-type': 'application/json',
    });
    expect(create!.json).toEqual({
      tags: ['Quiz lead', 'summer_quiz', 'quizlead_personality_adventurer'],
      properties: [
        { type: 'SYSTEM', name: 'first_name', value: 'Ann' },
        { type: 'SYSTEM', name: 'last_name', value: 'Lee Smith' },
        { type: 'SYSTEM', name: 'email', subtype: 'work', value: 'ann.lee@example.com' },
        { type: 'CUSTOM', name: 'Source', value: 'quiz: Which trip suits you?' },
        { type: 'CUSTOM', name: 'Result', value: 'Adventurer' },
        { type: 'CUSTOM', name: 'Score', value: '7' },
        { type: 'CUSTOM', name: 'Personality', value: 'Adventurer' },
        { type: 'CUSTOM', name: 'Marketing consent', value: 'yes' },
      ],
    });
    expect(JSON.parse(create!.responseBody)).toMatchObject({ type: 'PERSON', id: fake.contacts[0]!.id });
  });

  it('answers XML to a request without Accept: application/json, as Agile does', async () => {
    const response = await externalFetch('https://acme.agilecrm.com/dev/api/contacts/search/email/x%40y.z', {
      headers: { Authorization: `Basic ${Buffer.from(`owner@acme.test:${apiKey}`).toString('base64')}` },
    });
    expect(response.status).toBe(204);
    await agileCrm.upsertContact(quizLead(), settings, externalFetch, crmTestCall);
    const xml = await externalFetch('https://acme.agilecrm.com/dev/api/contacts/search/email/ann.lee%40example.com', {
      headers: { Authorization: `Basic ${Buffer.from(`owner@acme.test:${apiKey}`).toString('base64')}` },
    });
    expect(xml.headers.get('content-type')).toContain('application/xml');
    expect(await xml.text()).toMatch(/^<\?xml .*<contact><id>\d+<\/id><type>PERSON<\/type>/);
  });

  it('a second lead for the same email: the 400 duplicate is looked up by email and its properties and tags are updated', async () => {
    await agileCrm.upsertContact(quizLead(), settings, externalFetch, crmTestCall);
    const again = await agileCrm.upsertContact(
      quizLead({ name: '', consent: false, result: { personality: 'Planner' }, tags: ['quizlead-personality-planner'] }),
      settings,
      externalFetch,
      crmTestCall,
    );
    expect(again).toMatchObject({ ok: true });
    const calls = fake.requests.slice(1);
    expect(calls.map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual([
      'POST /dev/api/contacts 400',
      'GET /dev/api/contacts/search/email/ann.lee%40example.com 200',
      'PUT /dev/api/contacts/edit-properties 200',
      'PUT /dev/api/contacts/edit/tags 200',
    ]);
    expect(calls[0]!.responseBody).toBe('Sorry, duplicate contact found with the same email address.');
    const id = fake.contacts[0]!.id;
    expect(calls[2]!.json).toMatchObject({
      id,
      properties: expect.arrayContaining([{ type: 'CUSTOM', name: 'Personality', value: 'Planner' }]),
    });
    expect(calls[3]!.json).toEqual({ id, tags: ['Quiz lead', 'quizlead_personality_planner'] });
    expect((calls[2]!.json as { properties: { name: string }[] }).properties.map((property) => property.name)).not.toContain(
      'first_name',
    );
    expect(fake.contacts[0]!.properties).toContainEqual({ type: 'SYSTEM', name: 'first_name', value: 'Ann' });
    expect(fake.contacts).toHaveLength(1);
    expect(fake.contacts[0]!.tags).toEqual([
      'Quiz lead',
      'summer_quiz',
      'quizlead_personality_adventurer',
      'quizlead_personality_planner',
    ]);
  });

  it('a bad key, a full account (406) are not retryable, with Agile’s message', async () => {
    const bad = await agileCrm.upsertContact(quizLead(), { ...settings, api_key: 'wrong-key-42' }, externalFetch, crmTestCall);
    expect(bad).toMatchObject({ ok: false, retryable: false, message: 'HTTP 401: authentication issue' });
    fake.contactLimit = 0;
    const full = await agileCrm.upsertContact(quizLead(), settings, externalFetch, crmTestCall);
    expect(full).toMatchObject({ ok: false, retryable: false, message: 'HTTP 406: Contacts limit reached' });
  });

  it('a 429 is retryable with a wait; a 5xx and a network error are retryable', async () => {
    fake.rateLimitNext(1);
    expect(await agileCrm.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({
      ok: false,
      retryable: true,
      retryAfterMs: 30_000,
    });
    fake.failNext(1);
    expect(await agileCrm.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({
      ok: false,
      retryable: true,
    });
    fake.down = true;
    expect(await agileCrm.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({
      ok: false,
      retryable: true,
    });
    fake.down = false;
    expect(await agileCrm.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({ ok: true });
  });

  it('keeps the key, in clear or in the Basic header, out of the Exchange records', async () => {
    const good = await agileCrm.upsertContact(quizLead(), settings, externalFetch, crmTestCall);
    const dup = await agileCrm.upsertContact(quizLead(), settings, externalFetch, crmTestCall);
    const bad = await agileCrm.upsertContact(quizLead(), { ...settings, api_key: 'wrong-key-42' }, externalFetch, crmTestCall);
    for (const outcome of [good, dup, bad]) {
      const text = exchangeText(outcome.exchange);
      expect(text).not.toContain(apiKey);
      expect(text).not.toContain('wrong-key-42');
      expect(text).not.toContain(Buffer.from(`owner@acme.test:${apiKey}`).toString('base64'));
    }
    expect(good.exchange[0]!.request.headers.authorization).toBe('Basic [redacted]');
  });
});
