import { beforeEach, describe, expect, it } from 'vitest';
import { exchangeText, quizLead, useFakeWorld, crmTestCall } from '../../test/fakes/crm/leadKit.ts';
import { FakeVbout } from '../../test/fakes/crm/vbout.ts';
import { externalFetch } from '../external/externalFetch.ts';
import { vbout } from './vbout.ts';

const world = useFakeWorld();
const apiKey = '2126286030036220618380215';
const settings = { api_key: apiKey, campaignid: '24' };
let fake: FakeVbout;
beforeEach(() => {
  fake = world().register('api.vbout.com', new FakeVbout(apiKey));
  return () => world().unregister(fake);
});

describe('Vbout', () => {
  it('syncs the contact with the documented POST /1/emailmarketing/synccontact.json?key=: form email, listid, status', async () => {
    const outcome = await vbout.upsertContact(quizLead(), settings, externalFetch, crmTestCall);
    expect(outcome).toMatchObject({ ok: true });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({
      method: 'POST',
      host: 'api.vbout.com',
      path: '/1/emailmarketing/synccontact.json',
      status: 200,
    });
    expect([...request!.query]).toEqual([['key', apiKey]]);
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect([...new URLSearchParams(request!.body)]).toEqual([
      ['email', 'ann.lee@example.com'],
      ['listid', '24'],
      ['status', 'active'],
    ]);
    expect(JSON.parse(request!.responseBody)).toMatchObject({ response: { data: { item: '1000' } } });
    expect(fake.unexpected).toEqual([]);
    expect(fake.lists.get('24')!.contacts.get('ann.lee@example.com')).toMatchObject({ status: 'active' });
  });

  it('a second lead for the same email updates the same contact and does not fail', async () => {
    expect(await vbout.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({ ok: true });
    expect(
      await vbout.upsertContact(quizLead({ email: 'Ann.Lee@example.com' }), settings, externalFetch, crmTestCall),
    ).toMatchObject({
      ok: true,
    });
    expect(fake.lists.get('24')!.contacts.size).toBe(1);
    expect(fake.requests.map((request) => JSON.parse(request.responseBody).response.data.item)).toEqual(['1000', '1000']);
  });

  it('without the visitor’s consent the contact is synced with status disactive', async () => {
    expect(await vbout.upsertContact(quizLead({ consent: false }), settings, externalFetch, crmTestCall)).toMatchObject({
      ok: true,
    });
    expect(new URLSearchParams(fake.requests[0]!.body).get('status')).toBe('disactive');
    expect(fake.lists.get('24')!.contacts.get('ann.lee@example.com')).toMatchObject({ status: 'disactive' });
  });

  it('a bad key (an error envelope) is not retryable and carries Vbout’s message', async () => {
    const outcome = await vbout.upsertContact(quizLead(), { api_key: 'wrong', campaignid: '24' }, externalFetch, crmTestCall);
    expect(outcome).toMatchObject({
      ok: false,
      retryable: false,
      message: 'Vbout refused the contact: Invalid API key. (error 1001)',
    });
  });

  it('a list that does not exist is not retryable', async () => {
    const outcome = await vbout.upsertContact(quizLead(), { api_key: apiKey, campaignid: '99' }, externalFetch, crmTestCall);
    expect(outcome).toMatchObject({
      ok: false,
      retryable: false,
      message: 'Vbout refused the contact: List not found. (error 1003)',
    });
  });

  it('a 429 is retryable after Retry-After; a 5xx and a dropped connection are retryable', async () => {
    fake.rateLimitNext(1);
    expect(await vbout.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({
      ok: false,
      retryable: true,
      retryAfterMs: 5000,
    });
    fake.failNext(1);
    expect(await vbout.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({
      ok: false,
      retryable: true,
      message: 'HTTP 500: Internal server error. (error 500)',
    });
    fake.down = true;
    expect(await vbout.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({
      ok: false,
      retryable: true,
    });
  });

  it('never puts the key in the exchange records (it travels in the query string)', async () => {
    const done = await vbout.upsertContact(quizLead(), settings, externalFetch, crmTestCall);
    const refused = await vbout.upsertContact(
      quizLead(),
      { api_key: `${apiKey}7`, campaignid: '24' },
      externalFetch,
      crmTestCall,
    );
    for (const outcome of [done, refused]) {
      expect(outcome.exchange).toHaveLength(1);
      expect(exchangeText(outcome.exchange)).not.toContain(apiKey);
      expect(outcome.exchange[0]!.request.url).toBe('https://api.vbout.com/1/emailmarketing/synccontact.json?key=[redacted]');
    }
  });

  it('validates its settings: the list id is required', () => {
    expect(vbout.settings.safeParse({ api_key: 'k' }).success).toBe(false);
    expect(vbout.settings.safeParse({ api_key: 'k', campaignid: 'x' }).success).toBe(false);
    expect(vbout.settings.safeParse({ api_key: 'k', campaignid: '24' }).success).toBe(true);
    expect(vbout.secretFields).toEqual(['api_key']);
  });
});
