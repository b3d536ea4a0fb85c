import { beforeEach, describe, expect, it } from 'vitest';
import { FakeActiveCampaign } from '../../test/fakes/crm/activecampaign.ts';
import { answersLead, exchangeText, fieldsCall, quizLead, useFakeWorld, crmTestCall } from '../../test/fakes/crm/leadKit.ts';
import { externalFetch } from '../external/externalFetch.ts';
import { activeCampaign, activeCampaignBase, type ActiveCampaignSettings } from './activecampaign.ts';

const apiKey = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4';
const settings: ActiveCampaignSettings = {
  api_key: apiKey,
  activecampaign_account: 'https://acme.api-us1.com',
  campaignid: '3',
  tag: 'Quiz lead',
};
const world = useFakeWorld();
let fake: FakeActiveCampaign;

beforeEach(() => {
  fake = new FakeActiveCampaign(apiKey, ['3']);
  world().register('acme.api-us1.com', fake);
});

describe('ActiveCampaign', () => {
  it('syncs the contact, subscribes it to the list and tags it with the documented requests', async () => {
    const outcome = await activeCampaign.upsertContact(quizLead(), settings, externalFetch, crmTestCall);
    expect(outcome).toMatchObject({ ok: true });
    const calls = fake.requests.map((request) => `${request.method} ${request.path} ${request.status}`);
    expect(calls).toEqual([
      'POST /api/3/contact/sync 201',
      'POST /api/3/contactLists 201',
      'GET /api/3/tags 200',
      'POST /api/3/tags 201',
      'POST /api/3/contactTags 201',
      'GET /api/3/tags 200',
      'POST /api/3/tags 201',
      'POST /api/3/contactTags 201',
      'GET /api/3/tags 200',
      'POST /api/3/tags 201',
      'POST /api/3/contactTags 201',
    ]);
    const [sync, list, search, tag, contactTag] = fake.requests;
    expect(sync!.host).toBe('acme.api-us1.com');
    expect(sync!.headers).toMatchObject({ 'api-token': apiKey, 'content-type': 'application/json' });
    expect(sync!.json).toEqual({ contact: { email: 'ann.lee@example.com', firstName: 'Ann', lastName: 'Lee Smith' } });
    const contactId = Number(fake.contacts[0]!.id);
    expect(list!.json).toEqual({ contactList: { list: 3, contact: contactId, status: 1 } });
    expect(search!.query.get('search')).toBe('Quiz lead');
    expect(tag!.json).toEqual({ tag: { tag: 'Quiz lead', tagType: 'contact', description: '' } });
    expect(contactTag!.json).toEqual({ contactTag: { contact: contactId, tag: Number(fake.tags[0]!.id) } });
    expect(fake.contacts[0]).toMatchObject({
      lists: { '3': 1 },
      tags: ['Quiz lead', 'summer-quiz', 'quizlead-personality-adventurer'],
    });
  });

  it('a second lead for the same email is synced as an update (200) and reuses the tags; no list without consent', async () => {
    await activeCampaign.upsertContact(quizLead(), settings, externalFetch, crmTestCall);
    const before = fake.requests.length;
    const again = await activeCampaign.upsertContact(
      quizLead({ name: 'Ann', consent: false, tags: ['summer-quiz'] }),
      settings,
      externalFetch,
      crmTestCall,
    );
    expect(again).toMatchObject({ ok: true });
    expect(fake.requestsSince(before).map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual([
      'POST /api/3/contact/sync 200',
      'GET /api/3/tags 200',
      'POST /api/3/contactTags 201',
      'GET /api/3/tags 200',
      'POST /api/3/contactTags 201',
    ]);
    expect(fake.contacts).toHaveLength(1);
    expect(fake.tags).toHaveLength(3);
    expect(fake.contacts[0]!.firstName).toBe('Ann');
  });

  it('a bad key is not retryable, with ActiveCampaign’s message', async () => {
    const outcome = await activeCampaign.upsertContact(
      quizLead(),
      { ...settings, api_key: 'not-the-token' },
      externalFetch,
      crmTestCall,
    );
    expect(outcome).toMatchObject({
      ok: false,
      retryable: false,
      message: 'HTTP 403: You are not authorized to access this resource',
    });
    const noList = await activeCampaign.upsertContact(quizLead(), { ...settings, campaignid: '99' }, externalFetch, crmTestCall);
    expect(noList).toMatchObject({ ok: false, retryable: false, message: 'HTTP 404: No Result found for List or Contact' });
  });

  it('a 429 is retryable after Retry-After; a 5xx and a network error are retryable', async () => {
    fake.rateLimitNext(1);
    expect(await activeCampaign.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({
      ok: false,
      retryable: true,
      retryAfterMs: 1000,
    });
    fake.failNext(1);
    expect(await activeCampaign.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({
      ok: false,
      retryable: true,
    });
    fake.down = true;
    expect(await activeCampaign.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({
      ok: false,
      retryable: true,
    });
    fake.down = false;
    expect(await activeCampaign.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({ ok: true });
  });

  it('keeps the key out of the Exchange records', async () => {
    const good = await activeCampaign.upsertContact(quizLead(), settings, externalFetch, crmTestCall);
    const bad = await activeCampaign.upsertContact(
      quizLead(),
      { ...settings, api_key: 'not-the-token' },
      externalFetch,
      crmTestCall,
    );
    for (const outcome of [good, bad]) {
      const text = exchangeText(outcome.exchange);
      expect(text).not.toContain(apiKey);
      expect(text).not.toContain('not-the-token');
    }
    expect(good.exchange[0]!.request.headers['api-token']).toBe('[redacted]');
  });

  it('takes the account as a URL, a host or a name', () => {
    expect(activeCampaignBase('https://acme.api-us1.com/')).toBe('https://acme.api-us1.com/api/3');
    expect(activeCampaignBase('acme.activehosted.com')).toBe('https://acme.activehosted.com/api/3');
    expect(activeCampaignBase('acme')).toBe('https://acme.api-us1.com/api/3');
    expect(activeCampaignBase('ACME.api-us1.com/api/3')).toBe('https://acme.api-us1.com/api/3');
    expect(activeCampaignBase('http://acme.api-us1.com')).toBeUndefined();
    // Only ActiveCampaign's own hosts: no address, port, user info or other domain.
    for (const account of [
      '127.0.0.1:8080',
      '10.0.0.5',
      'https://169.254.169.254',
      'https://x.api-us1.com@127.0.0.1:8080',
      'https://acme.api-us1.com:8443',
      'https://acme.api-us1.com.evil.example',
      'https://evil.example/acme.api-us1.com',
      'https://a.b.activehosted.com',
    ])
      expect(activeCampaignBase(account), account).toBeUndefined();
    expect(activeCampaign.settings.safeParse({ api_key: 'k', activecampaign_account: 'http://x.y' }).success).toBe(false);
  });
});

describe('ActiveCampaign custom fields for answers', () => {
  const fieldCalls = () => fake.requests.filter((request) => /^\/api\/3\/(fields|fieldRels)$/.test(request.path));

  it('lists the fields, creates and relates one per answer, sends fieldValues by id; a second lead reuses them', async () => {
    const call = fieldsCall();
    expect(await activeCampaign.upsertContact(answersLead(), settings, externalFetch, call)).toEqual(
      expect.objectContaining({ ok: true }),
    );
    expect(
      fieldCalls().map((request) => `${request.method} ${request.path}?${request.query.toString()} ${request.status}`),
    ).toEqual([
      'GET /api/3/fields?limit=100&offset=0 200',
      'POST /api/3/fields? 201',
      'POST /api/3/fieldRels? 201',
      'POST /api/3/fields? 201',
      'POST /api/3/fieldRels? 201',
      'POST /api/3/fields? 201',
      'POST /api/3/fieldRels? 201',
    ]);
    expect(fake.createdFields().map((request) => request.json)).toEqual([
      { field: { title: 'skin_quiz__skin_type', type: 'text', descript: 'What is your skin type?' } },
      { field: { title: 'skin_quiz__concerns', type: 'text', descript: 'What worries you most?' } },
      { field: { title: 'skin_quiz__budget', type: 'text', descript: 'Budget per month' } },
    ]);
    const ids = fake.fields.map((field) => field.id);
    expect(fake.fields.every((field) => field.relids.includes(0))).toBe(true);
    const sync = fake.requests.find((request) => request.path === '/api/3/contact/sync');
    expect((sync!.json as { contact: { fieldValues: unknown } }).contact.fieldValues).toEqual([
      { field: ids[0], value: 'oily' },
      { field: ids[1], value: 'Acne, Redness' },
      { field: ids[2], value: '40' },
    ]);
    const before = fieldCalls().length;
    expect(
      await activeCampaign.upsertContact(answersLead({ email: 'bo@example.com' }), settings, externalFetch, call),
    ).toMatchObject({ ok: true });
    expect(fieldCalls()).toHaveLength(before);
    expect(fake.createdFields()).toHaveLength(3);
    expect(fake.contacts.find((contact) => contact.email === 'bo@example.com')!.fieldValues).toEqual({
      [ids[0]!]: 'oily',
      [ids[1]!]: 'Acne, Redness',
      [ids[2]!]: '40',
    });
  });

  it('the fake refuses an undocumented field type and a value for a field that does not exist', async () => {
    const headers = { 'Api-Token': apiKey, 'Content-Type': 'application/json' };
    const post = (path: string, body: object) =>
      externalFetch(`https://acme.api-us1.com/api/3${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    expect((await post('/fields', { field: { title: 'x', type: 'number' } })).status).toBe(422);
    expect(
      (await post('/contact/sync', { contact: { email: 'a@b.co', fieldValues: [{ field: '999', value: 'x' }] } })).status,
    ).toBe(422);
  });
});

describe('ActiveCampaign phone (issue 33)', () => {
  it('syncs the lead’s phone as the contact’s documented `phone`, in E.164', async () => {
    const outcome = await activeCampaign.upsertContact(quizLead({ phone: '+14155552671' }), settings, externalFetch, crmTestCall);
    expect(outcome).toMatchObject({ ok: true });
    expect(fake.requests[0]!.json).toEqual({
      contact: { email: 'ann.lee@example.com', firstName: 'Ann', lastName: 'Lee Smith', phone: '+14155552671' },
    });
    expect(fake.contacts[0]).toMatchObject({ phone: '+14155552671' });
  });
});
