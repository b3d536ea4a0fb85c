import { beforeEach, describe, expect, it } from 'vitest';
import type { TLeadAnswer } from '@quizlead/shared/schemas/answerProperties.ts';
import { exchangeText, quizLead, useFakeWorld, crmTestCall } from '../../test/fakes/crm/leadKit.ts';
import { FakeKlaviyo } from '../../test/fakes/crm/klaviyo.ts';
import { externalFetch } from '../external/externalFetch.ts';
import type { Lead } from './crmProvider.ts';
import { fitProperties, klaviyo, klaviyoNoteProperty, klaviyoRevision, metricName } from './klaviyo.ts';

const answer = (key: string, question: string, type: TLeadAnswer['type'], value: TLeadAnswer['value']): TLeadAnswer => ({
  key,
  question,
  type,
  value,
  optionIds: type === 'choice' ? [`o_${key}`] : type === 'choices' ? (value as string[]).map((_, i) => `o_${key}_${i}`) : [],
  tags: [],
  segment: false,
});

/** What a visitor answered in the trip quiz: one of each kind of answer. */
const tripAnswers: TLeadAnswer[] = [
  answer('travel_style', 'How do you like to travel?', 'choice', 'backpacking'),
  answer('activities', 'What do you do on holiday?', 'choices', ['Hiking', 'Diving']),
  answer('budget', 'Your budget per day (EUR)', 'number', 120),
  answer('dream_place', 'Where would you go tomorrow?', 'text', 'Patagonia, in the autumn'),
];
const answeredLead = (overrides: Partial<Lead> = {}) => quizLead({ answers: tripAnswers, ...overrides });

const world = useFakeWorld();
const privateKey = 'pk_0123456789abcdef0123456789SECRET';
const settings = { password: privateKey, campaignid: 'Y6nRLr' };
let fake: FakeKlaviyo;
beforeEach(() => {
  fake = world().register('a.klaviyo.com', new FakeKlaviyo(privateKey));
  return () => world().unregister(fake);
});

describe('Klaviyo', () => {
  it('imports the profile with every answer, records one "Completed quiz" event, then subscribes the consenting email, exactly as documented', async () => {
    const outcome = await klaviyo.upsertContact(answeredLead(), settings, externalFetch, crmTestCall);
    expect(outcome).toMatchObject({ ok: true });
    expect(fake.requests.map(({ method, host, path, status }) => ({ method, host, path, status }))).toEqual([
      { method: 'POST', host: 'a.klaviyo.com', path: '/api/profile-import', status: 201 },
      { method: 'POST', host: 'a.klaviyo.com', path: '/api/events', status: 202 },
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
            'which_trip_suits_you.travel_style': 'backpacking',
            'which_trip_suits_you.activities': ['Hiking', 'Diving'],
            'which_trip_suits_you.budget': 120,
            'which_trip_suits_you.dream_place': 'Patagonia, in the autumn',
          },
        },
      },
    });
    expect(fake.requests[1]!.json).toEqual({
      data: {
        type: 'event',
        attributes: {
          properties: {
            travel_style: 'backpacking',
            activities: ['Hiking', 'Diving'],
            budget: 120,
            dream_place: 'Patagonia, in the autumn',
            'Item ID': 'q_123',
            'Item title': 'Which trip suits you?',
            'Item type': 'quiz',
            Outcome: 'Adventurer',
            Score: 7,
            Personality: 'Adventurer',
            Tags: ['summer-quiz', 'quizlead-personality-adventurer'],
          },
          time: '2026-11-23T15:00:00.000Z',
          unique_id: 'delivery-0001',
          metric: { data: { type: 'metric', attributes: { name: 'Completed quiz' } } },
          profile: {
            data: { type: 'profile', attributes: { email: 'ann.lee@example.com', first_name: 'Ann', last_name: 'Lee Smith' } },
          },
        },
      },
    });
    expect(fake.requests[1]!.responseBody).toBe('');
    expect(fake.requests[2]!.json).toEqual({
      data: {
        type: 'profile-subscription-bulk-create-job',
        attributes: {
          custom_source: 'Quizlead: Which trip suits you?',
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
    expect(fake.requests[2]!.responseBody).toBe('');
    expect(fake.unexpected).toEqual([]);
    // What Klaviyo holds afterwards: the profile with every answer, one event with every answer, the list member.
    expect(fake.profiles.get('ann.lee@example.com')!.properties).toMatchObject({
      'which_trip_suits_you.travel_style': 'backpacking',
      'which_trip_suits_you.activities': ['Hiking', 'Diving'],
      'which_trip_suits_you.budget': 120,
      'which_trip_suits_you.dream_place': 'Patagonia, in the autumn',
    });
    expect(fake.events).toHaveLength(1);
    expect(fake.events[0]).toMatchObject({
      metric: 'Completed quiz',
      email: 'ann.lee@example.com',
      uniqueId: crmTestCall.deliveryId,
      properties: {
        travel_style: 'backpacking',
        activities: ['Hiking', 'Diving'],
        budget: 120,
        dream_place: 'Patagonia, in the autumn',
      },
    });
    expect(fake.events[0]).not.toHaveProperty('value');
    expect([...fake.lists.get('Y6nRLr')!]).toEqual(['ann.lee@example.com']);
    expect(fake.consentSources.get('ann.lee@example.com')).toBe('Quizlead: Which trip suits you?');
  });

  it('a retried delivery (same delivery id) leaves one event; another delivery adds one', async () => {
    // A retry sends every call again (say the first try's subscription timed out after the event went in).
    const first = await klaviyo.upsertContact(answeredLead(), settings, externalFetch, crmTestCall);
    expect(first).toMatchObject({ ok: true });
    const retried = await klaviyo.upsertContact(answeredLead(), settings, externalFetch, crmTestCall);
    expect(retried).toMatchObject({ ok: true });
    expect(fake.requests.filter((request) => request.path === '/api/events').map((request) => request.status)).toEqual([
      202, 202,
    ]);
    expect(fake.events).toHaveLength(1);
    await klaviyo.upsertContact(answeredLead(), settings, externalFetch, { ...crmTestCall, deliveryId: 'delivery-0002' });
    expect(fake.events.map((event) => event.uniqueId)).toEqual(['delivery-0001', 'delivery-0002']);
  });

  it('records a Test connection sample as a backfill, so the owner’s flows do not start for it; a lead’s event does start them', async () => {
    await klaviyo.upsertContact(answeredLead(), settings, externalFetch, crmTestCall);
    await klaviyo.upsertContact(answeredLead({ email: 'sample@example.com' }), settings, externalFetch, {
      ...crmTestCall,
      deliveryId: 'test-1',
      sample: true,
    });
    expect(fake.events.map((event) => [event.email, event.backfill])).toEqual([
      ['ann.lee@example.com', undefined],
      ['sample@example.com', true],
    ]);
  });

  it('names the profile properties flat when the owner chooses, prefixed by the item key by default', async () => {
    await klaviyo.upsertContact(answeredLead(), { ...settings, flat_properties: true }, externalFetch, crmTestCall);
    await klaviyo.upsertContact(
      answeredLead({ email: 'bo@example.com' }),
      { ...settings, flat_properties: false },
      externalFetch,
      crmTestCall,
    );
    const flat = fake.profiles.get('ann.lee@example.com')!.properties;
    expect(flat).toMatchObject({ travel_style: 'backpacking', activities: ['Hiking', 'Diving'], budget: 120 });
    expect(Object.keys(flat).filter((key) => key.includes('.'))).toEqual([]);
    const prefixed = fake.profiles.get('bo@example.com')!.properties;
    expect(prefixed).toMatchObject({ 'which_trip_suits_you.travel_style': 'backpacking', 'which_trip_suits_you.budget': 120 });
    expect(prefixed).not.toHaveProperty('travel_style');
    // The event's answers are flat either way.
    expect(fake.events.map((event) => event.properties.travel_style)).toEqual(['backpacking', 'backpacking']);
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
    expect(fake.requests.map((request) => request.status)).toEqual([201, 202, 202, 200, 202, 202]);
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
    expect(done.exchange).toHaveLength(3);
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

describe('Klaviyo events: metric, limits and the fake’s checks', () => {
  it('names the metric by what the visitor did', () => {
    expect(metricName(quizLead())).toBe('Completed quiz');
    expect(metricName(quizLead({ result: {} }))).toBe('Left a lead');
    expect(metricName(quizLead({ tool: 'poll', result: { vote: 'Beach' } }))).toBe('Voted in poll');
    expect(metricName(quizLead({ tool: 'poll', result: {} }))).toBe('Left a lead');
    expect(metricName(quizLead({ tool: 'feedback', result: { rating: '5' } }))).toBe('Sent web response');
    expect(metricName(quizLead({ tool: 'wheel', result: { prize: '10% off (SPIN10)' } }))).toBe('Won a prize');
    expect(metricName(quizLead({ tool: 'wheel', result: { prize: 'Try again' } }))).toBe('Spun wheel');
  });

  it('a spin that won a code is a "Won a prize" event with the prize', async () => {
    const spin = answeredLead({ tool: 'wheel', answers: [], result: { prize: '10% off (SPIN10)' }, tags: [] });
    expect(await klaviyo.upsertContact(spin, settings, externalFetch, crmTestCall)).toMatchObject({ ok: true });
    expect(fake.events).toEqual([
      expect.objectContaining({
        metric: 'Won a prize',
        properties: {
          'Item ID': 'q_123',
          'Item title': 'Which trip suits you?',
          'Item type': 'wheel',
          Prize: '10% off (SPIN10)',
        },
      }),
    ]);
  });

  it('cuts an answer over 100 KB and says so, so Klaviyo takes the profile and the event', async () => {
    const long = 'é'.repeat(80 * 1024); // 160 KB in UTF-8
    const lead = answeredLead({ answers: [...tripAnswers, answer('story', 'Tell us about your best trip', 'text', long)] });
    expect(await klaviyo.upsertContact(lead, settings, externalFetch, crmTestCall)).toMatchObject({ ok: true });
    const event = fake.events[0]!;
    const story = event.properties.story as string;
    expect(Buffer.byteLength(story)).toBeLessThanOrEqual(100 * 1024);
    expect(story.endsWith('…')).toBe(true);
    expect(event.properties[klaviyoNoteProperty]).toBe("Cut to fit Klaviyo's limits: shortened: story.");
    const profile = fake.profiles.get('ann.lee@example.com')!.properties;
    expect(Buffer.byteLength(fake.requests[0]!.body)).toBeLessThanOrEqual(100 * 1024);
    expect(profile[klaviyoNoteProperty]).toBe("Cut to fit Klaviyo's limits: shortened: which_trip_suits_you.story.");
    expect(profile['which_trip_suits_you.budget']).toBe(120);
  });

  it('fits 100 long answers into the 5 MB event and the 100 KB profile', async () => {
    const answers = Array.from({ length: 100 }, (_, index) =>
      answer(`q${index}`, `Question ${index}`, 'text', 'x'.repeat(100 * 1024)),
    );
    expect(await klaviyo.upsertContact(answeredLead({ answers }), settings, externalFetch, crmTestCall)).toMatchObject({
      ok: true,
    });
    const [profile, event] = fake.requests;
    expect(Buffer.byteLength(profile!.body)).toBeLessThanOrEqual(100 * 1024);
    expect(Buffer.byteLength(event!.body)).toBeLessThanOrEqual(5 * 1024 * 1024);
    expect(event!.status).toBe(202);
    expect(Object.keys(fake.events[0]!.properties).filter((key) => /^q\d+$/.test(key))).toHaveLength(100);
    expect(fake.events[0]!.properties[klaviyoNoteProperty]).toMatch(/^Cut to fit Klaviyo's limits: shortened: q/);
  });

  it('keeps at most 300 properties, the last one a note of what was left out', () => {
    const many = Object.fromEntries(Array.from({ length: 320 }, (_, index) => [`q${index}`, index]));
    const fitted = fitProperties(many, { count: 300, maxBytes: 5 * 1024 * 1024 });
    expect(Object.keys(fitted)).toHaveLength(300);
    expect(fitted.q298).toBe(298);
    expect(fitted).not.toHaveProperty('q299');
    expect(fitted[klaviyoNoteProperty]).toBe("Cut to fit Klaviyo's limits: 21 properties left out.");
    expect(fitProperties({ a: 'x', b: [1] }, { count: 300, maxBytes: 1024 })).toEqual({ a: 'x', b: [1] });
  });

  const post = (path: string, body: unknown) =>
    externalFetch(`https://a.klaviyo.com/api/${path}`, {
      method: 'POST',
      headers: {
        authorization: `Klaviyo-API-Key ${privateKey}`,
        revision: klaviyoRevision,
        'content-type': 'application/vnd.api+json',
      },
      body: JSON.stringify(body),
    });
  const event = (attributes: Record<string, unknown>) => ({
    data: {
      type: 'event',
      attributes: {
        properties: {},
        metric: { data: { type: 'metric', attributes: { name: 'Completed quiz' } } },
        profile: { data: { type: 'profile', attributes: { email: 'a@b.co' } } },
        ...attributes,
      },
    },
  });
  const refusal = async (response: Response) => ({
    status: response.status,
    detail: ((await response.json()) as { errors: { detail: string }[] }).errors[0]!.detail,
  });

  it('the fake refuses events Klaviyo refuses, with its error shape', async () => {
    expect(await refusal(await post('events', event({ properties: undefined })))).toEqual({
      status: 400,
      detail: 'properties is required and must be an object.',
    });
    const longName = { data: { type: 'metric', attributes: { name: 'x'.repeat(128) } } };
    expect(await refusal(await post('events', event({ metric: longName })))).toEqual({
      status: 400,
      detail: 'The metric name must be fewer than 128 characters.',
    });
    expect(await refusal(await post('events', event({ profile: { data: { type: 'profile', attributes: {} } } })))).toEqual({
      status: 400,
      detail: 'The profile needs an id, email, phone_number, external_id, anonymous_id or _kx.',
    });
    expect(await refusal(await post('events', event({ time: '1999-12-31T00:00:00Z' })))).toEqual({
      status: 400,
      detail: 'time must be after 2000-01-01 and at most one year ahead.',
    });
    expect(await refusal(await post('events', event({ properties: { story: 'x'.repeat(100 * 1024 + 1) } })))).toEqual({
      status: 400,
      detail: 'A string may be at most 100 KB.',
    });
    expect(await refusal(await post('events', event({ extra: 1 })))).toEqual({
      status: 400,
      detail: "'extra' is not a valid field for the resource 'event'.",
    });
    expect(fake.events).toEqual([]);
    // Without a unique_id the dedupe key is the time to the second.
    expect((await post('events', event({ time: '2026-11-23T15:00:00.100Z' }))).status).toBe(202);
    expect((await post('events', event({ time: '2026-11-23T15:00:00.900Z' }))).status).toBe(202);
    expect(fake.events).toHaveLength(1);
  });

  it('the fake refuses consented_at on a subscription that is not a historical import', async () => {
    const job = {
      data: {
        type: 'profile-subscription-bulk-create-job',
        attributes: {
          custom_source: 'Quizlead: Trip',
          consented_at: '2026-11-23T15:00:00Z',
          profiles: {
            data: [
              {
                type: 'profile',
                attributes: { email: 'a@b.co', subscriptions: { email: { marketing: { consent: 'SUBSCRIBED' } } } },
              },
            ],
          },
          historical_import: false,
        },
        relationships: { list: { data: { type: 'list', id: 'Y6nRLr' } } },
      },
    };
    expect(await refusal(await post('profile-subscription-bulk-create-jobs', job))).toEqual({
      status: 400,
      detail: 'consented_at is only allowed when historical_import is true.',
    });
    expect(fake.lists.get('Y6nRLr')!.size).toBe(0);
  });
});

describe('Klaviyo SMS consent (issue 33)', () => {
  const phone = '+14155552671';

  it('puts the phone on the profile and, with SMS consent, subscribes it to SMS marketing in the same job (A4)', async () => {
    const lead = answeredLead({ phone, smsConsent: true });
    expect(await klaviyo.upsertContact(lead, settings, externalFetch, crmTestCall)).toMatchObject({ ok: true });
    expect(fake.requests.map((request) => request.status)).toEqual([201, 202, 202]);
    expect(fake.requests[0]!.json).toMatchObject({ data: { attributes: { email: 'ann.lee@example.com', phone_number: phone } } });
    expect(fake.requests[1]!.json).toMatchObject({
      data: { attributes: { profile: { data: { attributes: { email: 'ann.lee@example.com', phone_number: phone } } } } },
    });
    expect(fake.requests[2]!.json).toMatchObject({
      data: {
        attributes: {
          profiles: {
            data: [
              {
                type: 'profile',
                attributes: {
                  email: 'ann.lee@example.com',
                  phone_number: phone,
                  subscriptions: {
                    email: { marketing: { consent: 'SUBSCRIBED' } },
                    sms: { marketing: { consent: 'SUBSCRIBED' } },
                  },
                },
              },
            ],
          },
        },
        relationships: { list: { data: { type: 'list', id: 'Y6nRLr' } } },
      },
    });
    expect(fake.unexpected).toEqual([]);
    expect(fake.profiles.get('ann.lee@example.com')!.phone_number).toBe(phone);
    expect(fake.smsSubscriptions.get(phone)).toEqual({
      email: 'ann.lee@example.com',
      list: 'Y6nRLr',
      customSource: 'Quizlead: Which trip suits you?',
    });
  });

  it('SMS consent alone subscribes only the SMS channel; without a list the account default applies', async () => {
    const lead = answeredLead({ phone, smsConsent: true, consent: false });
    expect(await klaviyo.upsertContact(lead, { password: privateKey }, externalFetch, crmTestCall)).toMatchObject({ ok: true });
    const job = fake.requests[2]!.json as { data: Record<string, unknown> & { attributes: { profiles: { data: unknown[] } } } };
    expect(job.data.attributes.profiles.data).toEqual([
      {
        type: 'profile',
        attributes: {
          email: 'ann.lee@example.com',
          phone_number: phone,
          subscriptions: { sms: { marketing: { consent: 'SUBSCRIBED' } } },
        },
      },
    ]);
    expect(job.data).not.toHaveProperty('relationships');
    expect(fake.smsSubscriptions.get(phone)).toEqual({
      email: 'ann.lee@example.com',
      customSource: 'Quizlead: Which trip suits you?',
    });
    expect(fake.lists.get('Y6nRLr')!.size).toBe(0);
    expect(fake.unexpected).toEqual([]);
  });

  it('a phone without SMS consent is stored on the profile and not subscribed', async () => {
    const lead = answeredLead({ phone, smsConsent: false, consent: false });
    expect(await klaviyo.upsertContact(lead, settings, externalFetch, crmTestCall)).toMatchObject({ ok: true });
    expect(fake.requests.map((request) => request.path)).toEqual(['/api/profile-import', '/api/events']);
    expect(fake.profiles.get('ann.lee@example.com')!.phone_number).toBe(phone);
    expect(fake.smsSubscriptions.size).toBe(0);
  });

  it('the fake refuses an SMS subscription without a phone in E.164, or with a consent other than SUBSCRIBED', async () => {
    const job = (attributes: Record<string, unknown>) => ({
      data: {
        type: 'profile-subscription-bulk-create-job',
        attributes: {
          custom_source: 'Quizlead: Trip',
          profiles: { data: [{ type: 'profile', attributes }] },
          historical_import: false,
        },
      },
    });
    const send = (body: unknown) =>
      externalFetch('https://a.klaviyo.com/api/profile-subscription-bulk-create-jobs', {
        method: 'POST',
        headers: {
          authorization: `Klaviyo-API-Key ${privateKey}`,
          revision: klaviyoRevision,
          'content-type': 'application/vnd.api+json',
        },
        body: JSON.stringify(body),
      });
    const sms = { sms: { marketing: { consent: 'SUBSCRIBED' } } };
    expect((await send(job({ email: 'a@b.co', subscriptions: sms }))).status).toBe(400);
    expect((await send(job({ email: 'a@b.co', phone_number: '4155552671', subscriptions: sms }))).status).toBe(400);
    const unsubscribed = { sms: { marketing: { consent: 'UNSUBSCRIBED' } } };
    expect((await send(job({ email: 'a@b.co', phone_number: phone, subscriptions: unsubscribed }))).status).toBe(400);
    expect(fake.smsSubscriptions.size).toBe(0);
  });
});
