import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { exchangeText, quizLead, useFakeWorld, crmTestCall } from '../../test/fakes/crm/leadKit.ts';
import { FakeMailchimp } from '../../test/fakes/crm/mailchimp.ts';
import { externalFetch } from '../external/externalFetch.ts';
import { mailchimp, type MailchimpSettings } from './mailchimp.ts';

const apiKey = '0123456789abcdef0123456789abcdef-us6';
const settings: MailchimpSettings = { api_key: apiKey, campaignid: 'a1b2c3d4e5', tag: 'Quiz lead' };
const world = useFakeWorld();
let fake: FakeMailchimp;

beforeEach(() => {
  fake = new FakeMailchimp(apiKey, ['a1b2c3d4e5']);
  world().register(/\.api\.mailchimp\.com$/, fake);
});

describe('Mailchimp', () => {
  it('PUTs the member on the MD5 of the lower-cased email at the key’s data centre, then POSTs the tags (200, 204)', async () => {
    const outcome = await mailchimp.upsertContact(
      quizLead({ email: 'Ann.Lee@Example.com' }),
      settings,
      externalFetch,
      crmTestCall,
    );
    expect(outcome).toMatchObject({ ok: true });
    const hash = createHash('md5').update('ann.lee@example.com').digest('hex');
    const [put, tags] = fake.requests;
    expect(fake.requests).toHaveLength(2);
    expect(put).toMatchObject({
      method: 'PUT',
      host: 'us6.api.mailchimp.com',
      path: `/3.0/lists/a1b2c3d4e5/members/${hash}`,
      status: 200,
    });
    expect(put!.headers.authorization).toBe(`Basic ${Buffer.from(`quizlead:${apiKey}`).toString('base64')}`);
    expect(put!.headers['content-type']).toBe('application/json');
    expect(put!.json).toEqual({
      email_address: 'Ann.Lee@Example.com',
      status_if_new: 'subscribed',
      merge_fields: { FNAME: 'Ann', LNAME: 'Lee Smith' },
    });
    expect(tags).toMatchObject({ method: 'POST', path: `/3.0/lists/a1b2c3d4e5/members/${hash}/tags`, status: 204 });
    expect(tags!.json).toEqual({
      tags: [
        { name: 'Quiz lead', status: 'active' },
        { name: 'summer-quiz', status: 'active' },
        { name: 'quizlead-personality-adventurer', status: 'active' },
      ],
    });
    expect(fake.members('a1b2c3d4e5')).toMatchObject([{ id: hash, status: 'subscribed' }]);
  });

  it('a second lead for the same email updates the one member; without consent a new member is transactional', async () => {
    await mailchimp.upsertContact(quizLead(), settings, externalFetch, crmTestCall);
    const again = await mailchimp.upsertContact(
      quizLead({ name: 'Ann', consent: false, tags: ['quizlead-personality-planner'] }),
      settings,
      externalFetch,
      crmTestCall,
    );
    expect(again).toMatchObject({ ok: true });
    const [member] = fake.members('a1b2c3d4e5');
    expect(fake.members('a1b2c3d4e5')).toHaveLength(1);
    expect(member).toMatchObject({ status: 'subscribed', merge_fields: { FNAME: 'Ann', LNAME: 'Lee Smith' } });
    expect(member!.tags).toContain('quizlead-personality-planner');
    await mailchimp.upsertContact(quizLead({ email: 'bo@example.com', consent: false }), settings, externalFetch, crmTestCall);
    expect(fake.members('a1b2c3d4e5')[1]).toMatchObject({ email_address: 'bo@example.com', status: 'transactional' });
  });

  it('a bad key, a wrong data centre or an unknown audience is not retryable, with Mailchimp’s message', async () => {
    const bad = await mailchimp.upsertContact(
      quizLead(),
      { ...settings, api_key: 'ffffffffffffffffffffffffffffffff-us6' },
      externalFetch,
      crmTestCall,
    );
    expect(bad).toMatchObject({ ok: false, retryable: false });
    expect(bad.ok === false && bad.message).toBe(
      "HTTP 401: API Key Invalid: Your API key may be invalid, or you've attempted to access the wrong datacenter.",
    );
    const wrongDc = await mailchimp.upsertContact(
      quizLead(),
      { ...settings, api_key: apiKey.replace('us6', 'us9') },
      externalFetch,
      crmTestCall,
    );
    expect(wrongDc).toMatchObject({ ok: false, retryable: false });
    const noList = await mailchimp.upsertContact(quizLead(), { ...settings, campaignid: 'nope' }, externalFetch, crmTestCall);
    expect(noList).toMatchObject({
      ok: false,
      retryable: false,
      message: expect.stringContaining('HTTP 404: Resource Not Found'),
    });
    const noDc = await mailchimp.upsertContact(quizLead(), { ...settings, api_key: 'abc' }, externalFetch, crmTestCall);
    expect(noDc).toMatchObject({ ok: false, retryable: false });
    expect(mailchimp.settings.safeParse({ api_key: 'abc', campaignid: 'x' }).success).toBe(false);
  });

  it('a 429 is retryable with a wait; a 5xx and a network error are retryable', async () => {
    fake.rateLimitNext(1);
    expect(await mailchimp.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({
      ok: false,
      retryable: true,
      retryAfterMs: 10_000,
    });
    fake.failNext(1);
    expect(await mailchimp.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({
      ok: false,
      retryable: true,
    });
    fake.down = true;
    expect(await mailchimp.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({
      ok: false,
      retryable: true,
    });
    fake.down = false;
    expect(await mailchimp.upsertContact(quizLead(), settings, externalFetch, crmTestCall)).toMatchObject({ ok: true });
  });

  it('keeps the key, in clear or in the Basic header, out of the Exchange records', async () => {
    const good = await mailchimp.upsertContact(quizLead(), settings, externalFetch, crmTestCall);
    const bad = await mailchimp.upsertContact(
      quizLead(),
      { ...settings, api_key: 'ffffffffffffffffffffffffffffffff-us6' },
      externalFetch,
      crmTestCall,
    );
    for (const outcome of [good, bad]) {
      const text = exchangeText(outcome.exchange);
      expect(text).not.toContain(apiKey);
      expect(text).not.toContain('ffffffffffffffffffffffffffffffff');
      expect(text).not.toContain(Buffer.from(`quizlead:${apiKey}`).toString('base64'));
    }
    expect(good.exchange[0]!.request.headers.authorization).toBe('Basic [redacted]');
  });
});
