import { beforeEach, describe, expect, it } from 'vitest';
import { exchangeText, quizLead, useFakeWorld, crmTestCall } from '../../test/fakes/crm/leadKit.ts';
import { FakeKlaviyo } from '../../test/fakes/crm/klaviyo.ts';
import { externalFetch } from '../external/externalFetch.ts';
import { klaviyo, klaviyoRevision } from './klaviyo.ts';

const world = useFakeWorld();
const privateKey = 'pk_0123456789abcdef0123456789SECRET';
const settings = { password: privateKey, campaignid: 'Y6nRLr' };
let fake: FakeKlaviyo;
beforeEach(() => {
  fake = world().register('a.klaviyo.com', new FakeKlaviyo(privateKey));
  return () => world().unregister(fake);
});

describe('Klaviyo', () => {
  it('imports the profile, then subscribes the consenting email to the list, exactly as documented', async () => {
    const outcome = await klaviyo.upsertContact(quizLead(), settings, externalFetch, crmTestCall);
    expect(outcome).toMatchObject({ ok: true });
    expect(fake.requests.map(({ method, host, path, status }) => ({ method, host, path, status }))).toEqual([
      { method: 'POST', host: 'a.klaviyo.com', path: '/api/profile-import', status: 201 },
      { method: 'POST', host: 'a.klaviyo.com', path: '/api/profile-subscription-bulk-create-jobs', status: 202 },
    ]);
    for (const request of fake.requests) {
      expect(request.headers).toMatchObject({
        authorization: `Klaviyo-API-Key ${privateKey}`,
        revision: klaviyoRevision,
        accept: 'application/vnd.api+json',
        'content-type': 'application/vnd.api+json',
      });
    }
    expect(fake.requests[0]!.json).toEqual({
      data: {
        type: 'profile',
        attributes: {
          email: 'ann.lee@example.com',
          first_name: 'Ann',
          last_name: 'Lee Smith',
          properties: {
            'Quizlead Source': 'quiz: Which trip suits you?',
            'Quizlead Result': 'Adventurer',
            'Quizlead Score': '7',
            'Quizlead Personality': 'Adventurer',
            'Quizlead Tags': ['summer-quiz', 'quizlead-personality-adventurer'],
          },
        },
      },
    });
    expect(fake.requests[1]!.json).toEqual({
      data: {
        type: 'profile-subscription-bulk-create-job',
        attributes: {
          custom_source: 'Quizlead',
          profiles: {
            data: [
              {
                type: 'profile',
                attributes: { email: 'ann.lee@example.com', subscriptions: { email: { marketing: { consent: 'SUBSCRIBED' } } } },
              },
            ],
          },
          historical_import: false,
        },
        relationships: { list: { data: { type: 'list', id: 'Y6nRLr' } } },
      },
    });
    expect(fake.requests[1]!.responseBody).toBe('');
    expect(fake.unexpected).toEqual([]);
    expect([...fake.lists.get('Y6nRLr')!]).toEqual(['ann.lee@example.com']);
  });

  it('without consent (or without a list) it only imports the profile', async () => {
    expect(await klaviyo.upsertContact(quizLead({ consent: false }), settings, externalFetch, crmTestCall)).toMatchObject({
      ok: true,
    });
    expect(
      await klaviyo.upsertContact(quizLead({ email: 'bo@example.com' }), { password: privateKey }, externalFetch, crmTestCall),
    ).toMatchObject({
      ok: true,
    });
    expect(fake.requests.map((request) => request.path)).toEqual(['/api/profile-import', '/api/profile-import']);
    expect(fake.lists.get('Y6nRLr')!.size).toBe(0);
  });

  it('a second lead for the same email updates the profile (200) and does not fail', async () => {
    expect(await klaviyo.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({ ok: true });
    const second = await klaviyo.upsertContact(
      quizLead({ name: 'Ann Parker', result: { outcome: 'Relaxer' } }),
      settings,
      externalFetch,
      crmTestCall,
    );
    expect(second).toMatchObject({ ok: true });
    expect(fake.requests.map((request) => request.status)).toEqual([201, 202, 200, 202]);
    expect(fake.profiles.size).toBe(1);
    expect(fake.profiles.get('ann.lee@example.com')).toMatchObject({
      last_name: 'Parker',
      properties: { 'Quizlead Result': 'Relaxer' },
    });
  });

  it('the fake refuses a call without the revision header, as Klaviyo does', async () => {
    const response = await externalFetch('https://a.klaviyo.com/api/profile-import', {
      method: 'POST',
      headers: { authorization: `Klaviyo-API-Key ${privateKey}`, 'content-type': 'application/vnd.api+json' },
      body: JSON.stringify({ data: { type: 'profile', attributes: { email: 'a@b.co' } } }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: { detail: string }[] }).errors[0]!.detail).toBe(
      'Missing required header: revision',
    );
  });

  it('a bad key is not retryable and carries Klaviyo’s message', async () => {
    const outcome = await klaviyo.upsertContact(quizLead(), { password: 'pk_wrong' }, externalFetch, crmTestCall);
    expect(outcome).toMatchObject({ ok: false, retryable: false, message: 'HTTP 401: Missing or invalid private key.' });
  });

  it('a list that does not exist is not retryable', async () => {
    const outcome = await klaviyo.upsertContact(
      quizLead(),
      { password: privateKey, campaignid: 'Nope12' },
      externalFetch,
      crmTestCall,
    );
    expect(outcome).toMatchObject({ ok: false, retryable: false, message: 'HTTP 404: List Nope12 does not exist.' });
  });

  it('a 429 is retryable after Retry-After; a 5xx and a dropped connection are retryable', async () => {
    fake.rateLimitNext(1);
    expect(await klaviyo.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({
      ok: false,
      retryable: true,
      retryAfterMs: 3000,
      message: 'HTTP 429: Request was throttled. Expected available in 3 seconds.',
    });
    const requests = fake.requests.length;
    fake.failNext(1);
    const failedSubscription = await klaviyo.upsertContact(quizLead(), settings, externalFetch, crmTestCall);
    expect(failedSubscription).toMatchObject({ ok: false, retryable: true });
    expect(fake.requestsSince(requests).map((request) => request.status)).toEqual([500]);
    fake.down = true;
    expect(await klaviyo.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({
      ok: false,
      retryable: true,
    });
  });

  it('never puts the private key in the exchange records', async () => {
    const done = await klaviyo.upsertContact(quizLead(), settings, externalFetch, crmTestCall);
    const refused = await klaviyo.upsertContact(quizLead(), { password: `${privateKey}9` }, externalFetch, crmTestCall);
    expect(done.exchange).toHaveLength(2);
    expect(refused.exchange).toHaveLength(1);
    for (const outcome of [done, refused]) {
      expect(exchangeText(outcome.exchange)).not.toContain(privateKey);
      for (const entry of outcome.exchange) expect(entry.request.headers.authorization).not.toContain('pk_');
    }
  });

  it('validates its settings', () => {
    expect(klaviyo.settings.safeParse({ password: '' }).success).toBe(false);
    expect(klaviyo.settings.safeParse({ password: 'pk_x', campaignid: 'a b' }).success).toBe(false);
    expect(klaviyo.settings.safeParse({ password: 'pk_x', campaignid: 'Y6nRLr' }).success).toBe(true);
    expect(klaviyo.secretFields).toEqual(['password']);
  });
});
