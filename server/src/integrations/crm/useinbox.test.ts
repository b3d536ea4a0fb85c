import { beforeEach, describe, expect, it } from 'vitest';
import { exchangeText, quizLead, useFakeWorld, crmTestCall } from '../../test/fakes/crm/leadKit.ts';
import { FakeUseinbox } from '../../test/fakes/crm/useinbox.ts';
import { externalFetch } from '../external/externalFetch.ts';
import { forgetUseinboxTokens, useinbox } from './useinbox.ts';

const world = useFakeWorld();
const account = { emailAddress: 'owner@shop.example', password: 'S3cret-INBOX-pass' };
const listId = '5f1c2a9e7b3d4c0012ab34cd';
const settings = { username: account.emailAddress, password: account.password, campaignid: listId };
let fake: FakeUseinbox;
beforeEach(() => {
  forgetUseinboxTokens();
  fake = world().register('useapi.useinbox.com', new FakeUseinbox(account));
  return () => world().unregister(fake);
});

function issuedTokens(): string[] {
  return fake.tokenRequests.flatMap((request) => {
    const result = (JSON.parse(request.responseBody) as { resultObject: { access_token: string; refresh_token: string } | null })
      .resultObject;
    return result ? [result.access_token, result.refresh_token] : [];
  });
}

describe('UseInbox (INBOX)', () => {
  it('gets a token with the account’s email and password, then adds the email to the contact list as documented', async () => {
    const outcome = await useinbox.upsertContact(quizLead(), settings, externalFetch, crmTestCall);
    expect(outcome).toMatchObject({ ok: true });
    expect(fake.requests.map(({ method, host, path, status }) => ({ method, host, path, status }))).toEqual([
      { method: 'POST', host: 'useapi.useinbox.com', path: '/token', status: 200 },
      { method: 'POST', host: 'useapi.useinbox.com', path: `/inbox/v1/contactlists/${listId}/add`, status: 201 },
    ]);
    const [token, add] = fake.requests;
    expect(token!.headers['content-type']).toBe('application/json');
    expect(token!.json).toEqual({ EmailAddress: account.emailAddress, Password: account.password });
    expect(add!.headers.authorization).toBe(`Bearer ${issuedTokens()[0]}`);
    expect(add!.headers['content-type']).toBe('application/json');
    expect(add!.json).toEqual({ email: 'ann.lee@example.com' });
    expect(fake.unexpected).toEqual([]);
  });

  it('keeps the token for the next lead, and a second lead for the same email does not fail', async () => {
    expect(await useinbox.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({ ok: true });
    expect(await useinbox.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({ ok: true });
    expect(fake.requests.map((request) => `${request.path} ${request.status}`)).toEqual([
      '/token 200',
      `/inbox/v1/contactlists/${listId}/add 201`,
      `/inbox/v1/contactlists/${listId}/add 200`,
    ]);
    expect(fake.lists.get(listId)!.size).toBe(1);
  });

  it('an expired token is made again once and the lead still goes through', async () => {
    expect(await useinbox.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({ ok: true });
    fake.expireTokens();
    expect(
      await useinbox.upsertContact(quizLead({ email: 'bo@example.com' }), settings, externalFetch, crmTestCall),
    ).toMatchObject({
      ok: true,
    });
    expect(fake.requests.map((request) => `${request.path} ${request.status}`).slice(2)).toEqual([
      `/inbox/v1/contactlists/${listId}/add 401`,
      '/token 200',
      `/inbox/v1/contactlists/${listId}/add 201`,
    ]);
  });

  it('a wrong password is not retryable and carries INBOX’s message', async () => {
    const outcome = await useinbox.upsertContact(quizLead(), { ...settings, password: 'wrong' }, externalFetch, crmTestCall);
    expect(outcome).toMatchObject({ ok: false, retryable: false, message: 'HTTP 401: Invalid email address or password.' });
  });

  it('a contact list that does not exist is not retryable', async () => {
    const outcome = await useinbox.upsertContact(quizLead(), { ...settings, campaignid: 'nope' }, externalFetch, crmTestCall);
    expect(outcome).toMatchObject({ ok: false, retryable: false, message: 'HTTP 404: Contact list not found.' });
  });

  it('a 429 is retryable after Retry-After; a 5xx and a dropped connection are retryable', async () => {
    fake.rateLimitNext(1);
    expect(await useinbox.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({
      ok: false,
      retryable: true,
      retryAfterMs: 10_000,
    });
    fake.failNext(1);
    expect(await useinbox.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({
      ok: false,
      retryable: true,
      message: 'HTTP 500: An error has occurred.',
    });
    fake.down = true;
    expect(await useinbox.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({
      ok: false,
      retryable: true,
    });
  });

  it('never puts the password or the issued tokens in the exchange records', async () => {
    const done = await useinbox.upsertContact(quizLead(), settings, externalFetch, crmTestCall);
    fake.expireTokens();
    const renewed = await useinbox.upsertContact(quizLead(), settings, externalFetch, crmTestCall);
    const refused = await useinbox.upsertContact(
      quizLead(),
      { ...settings, password: `${account.password}!` },
      externalFetch,
      crmTestCall,
    );
    expect(done.exchange).toHaveLength(2);
    expect(renewed.exchange).toHaveLength(3);
    expect(issuedTokens()).toHaveLength(4);
    for (const outcome of [done, renewed, refused]) {
      const text = exchangeText(outcome.exchange);
      expect(text).not.toContain(account.password);
      for (const token of issuedTokens()) expect(text).not.toContain(token);
    }
    expect(done.exchange[1]!.request.headers.authorization).toBe('Bearer [redacted]');
  });

  it('validates its settings', () => {
    expect(useinbox.settings.safeParse({ username: 'a@b.co', password: '', campaignid: listId }).success).toBe(false);
    expect(useinbox.settings.safeParse({ username: 'a@b.co', password: 'p' }).success).toBe(false);
    expect(useinbox.settings.safeParse(settings).success).toBe(true);
    expect(useinbox.secretFields).toEqual(['password']);
  });
});
