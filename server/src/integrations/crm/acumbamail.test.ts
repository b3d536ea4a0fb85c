import { beforeEach, describe, expect, it } from 'vitest';
import { exchangeText, quizLead, useFakeWorld, crmTestCall } from '../../test/fakes/crm/leadKit.ts';
import { FakeAcumbamail } from '../../test/fakes/crm/acumbamail.ts';
import { externalFetch } from '../external/externalFetch.ts';
import { acumbamail } from './acumbamail.ts';

const world = useFakeWorld();
const authToken = 'acumba-0123456789abcdefSECRET';
const settings = { api_key: authToken, campaignid: '1045' };
let fake: FakeAcumbamail;
beforeEach(() => {
  fake = world().register('acumbamail.com', new FakeAcumbamail(authToken));
  return () => world().unregister(fake);
});

describe('Acumbamail', () => {
  it('adds the subscriber with the documented form POST /api/1/addSubscriber/ and update_subscriber=1', async () => {
    const outcome = await acumbamail.upsertContact(quizLead(), settings, externalFetch, crmTestCall);
    expect(outcome).toMatchObject({ ok: true });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', host: 'acumbamail.com', path: '/api/1/addSubscriber/', status: 200 });
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect([...request!.query]).toEqual([]);
    expect([...new URLSearchParams(request!.body)]).toEqual([
      ['auth_token', authToken],
      ['list_id', '1045'],
      ['merge_fields[email]', 'ann.lee@example.com'],
      ['double_optin', '0'],
      ['update_subscriber', '1'],
      ['complete_json', '1'],
      ['response_type', 'json'],
    ]);
    expect(JSON.parse(request!.responseBody)).toEqual({ subscriber_id: 5000 });
    expect(fake.unexpected).toEqual([]);
  });

  it('a second lead for the same email updates the subscriber (where update_subscriber=0 is refused)', async () => {
    expect(await acumbamail.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({ ok: true });
    expect(await acumbamail.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({ ok: true });
    expect(fake.requests.map((request) => request.responseBody)).toEqual(['{"subscriber_id":5000}', '{"subscriber_id":5000}']);
    expect(fake.lists.get('1045')!.size).toBe(1);

    const refused = await externalFetch('https://acumbamail.com/api/1/addSubscriber/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        auth_token: authToken,
        list_id: '1045',
        'merge_fields[email]': 'ann.lee@example.com',
      }).toString(),
    });
    expect(refused.status).toBe(400);
  });

  it('a bad auth token is not retryable and carries Acumbamail’s message', async () => {
    const outcome = await acumbamail.upsertContact(
      quizLead(),
      { api_key: 'wrong', campaignid: '1045' },
      externalFetch,
      crmTestCall,
    );
    expect(outcome).toMatchObject({ ok: false, retryable: false, message: 'HTTP 401: Invalid auth token' });
  });

  it('a list that does not exist is not retryable', async () => {
    const outcome = await acumbamail.upsertContact(
      quizLead(),
      { api_key: authToken, campaignid: '7' },
      externalFetch,
      crmTestCall,
    );
    expect(outcome).toMatchObject({ ok: false, retryable: false, message: 'HTTP 404: List not found' });
  });

  it('a 429 is retryable after Retry-After; a 5xx and a dropped connection are retryable', async () => {
    fake.rateLimitNext(1);
    expect(await acumbamail.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({
      ok: false,
      retryable: true,
      retryAfterMs: 60_000,
    });
    fake.failNext(1);
    expect(await acumbamail.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({
      ok: false,
      retryable: true,
      message: 'HTTP 500: Internal server error',
    });
    fake.down = true;
    expect(await acumbamail.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({
      ok: false,
      retryable: true,
    });
  });

  it('never puts the auth token in the exchange records (it travels in the form body)', async () => {
    const done = await acumbamail.upsertContact(quizLead(), settings, externalFetch, crmTestCall);
    const refused = await acumbamail.upsertContact(
      quizLead(),
      { api_key: `${authToken}0`, campaignid: '1045' },
      externalFetch,
      crmTestCall,
    );
    for (const outcome of [done, refused]) {
      expect(outcome.exchange).toHaveLength(1);
      expect(exchangeText(outcome.exchange)).not.toContain(authToken);
      expect(new URLSearchParams(outcome.exchange[0]!.request.body).get('auth_token')).toBe('[redacted]');
    }
  });

  it('validates its settings: the list id is required', () => {
    expect(acumbamail.settings.safeParse({ api_key: 'k' }).success).toBe(false);
    expect(acumbamail.settings.safeParse({ api_key: '', campaignid: '1' }).success).toBe(false);
    expect(acumbamail.settings.safeParse(settings).success).toBe(true);
    expect(acumbamail.secretFields).toEqual(['api_key']);
  });
});
