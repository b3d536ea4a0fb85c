import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { answersLead, exchangeText, fieldsCall, quizLead, useFakeWorld, crmTestCall } from '../../test/fakes/crm/leadKit.ts';
import { FakeMailchimp } from '../../test/fakes/crm/mailchimp.ts';
import { externalFetch } from '../external/externalFetch.ts';
import { mailchimp, mergeTag, type MailchimpSettings } from './mailchimp.ts';

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

describe('Mailchimp merge fields for answers', () => {
  const tags = {
    skin: mergeTag('skin_quiz', 'skin_type'),
    concerns: mergeTag('skin_quiz', 'concerns'),
    budget: mergeTag('skin_quiz', 'budget'),
  };

  it('derives a stable tag of at most 10 upper-case letters, digits and underscores per item and key', () => {
    expect(tags.skin).toMatch(/^QSKINT[0-9A-F]{4}$/);
    expect(mergeTag('skin_quiz', 'skin_type')).toBe(tags.skin);
    expect(mergeTag('other_quiz', 'skin_type')).not.toBe(tags.skin);
    expect(mergeTag('q', '1')).toMatch(/^Q1[0-9A-F]{8}$/);
  });

  it('finds, then creates one merge field per answer (number for numbers); a second lead reuses them', async () => {
    const call = fieldsCall();
    const first = await mailchimp.upsertContact(answersLead(), settings, externalFetch, call);
    expect(first).toEqual(expect.objectContaining({ ok: true }));
    expect(first).not.toHaveProperty('message');
    const list = fake.requests.filter((request) => request.path.endsWith('/merge-fields'));
    expect(list.map((request) => `${request.method} ${request.query.toString()}`)).toEqual([
      'GET count=1000&offset=0',
      'POST ',
      'POST ',
      'POST ',
    ]);
    expect(list.slice(1).map((request) => request.json)).toEqual([
      { name: 'skin_quiz__skin_type', type: 'text', tag: tags.skin, required: false, public: false },
      { name: 'skin_quiz__concerns', type: 'text', tag: tags.concerns, required: false, public: false },
      { name: 'skin_quiz__budget', type: 'number', tag: tags.budget, required: false, public: false },
    ]);
    const put = fake.requests.find((request) => request.method === 'PUT');
    expect((put!.json as { merge_fields: unknown }).merge_fields).toEqual({
      FNAME: 'Ann',
      LNAME: 'Lee Smith',
      [tags.skin]: 'oily',
      [tags.concerns]: 'Acne, Redness',
      [tags.budget]: 40,
    });

    const before = fake.requests.length;
    const second = await mailchimp.upsertContact(
      answersLead({
        email: 'bo@example.com',
        answers: answersLead().answers.map((a) => (a.key === 'budget' ? { ...a, value: 25 } : a)),
      }),
      settings,
      externalFetch,
      call,
    );
    expect(second).toMatchObject({ ok: true });
    const again = fake.requestsSince(before);
    expect(again.filter((request) => request.path.endsWith('/merge-fields'))).toEqual([]);
    expect(fake.createdMergeFields()).toHaveLength(3);
    expect(fake.members('a1b2c3d4e5').find((m) => m.email_address === 'bo@example.com')!.merge_fields[tags.budget]).toBe(25);
  });

  it('finds a field the audience already has (by tag) instead of creating it', async () => {
    await mailchimp.upsertContact(answersLead(), settings, externalFetch, fieldsCall());
    const before = fake.requests.length;
    // Another destination (or a forgotten store) meets the same audience: it finds all three by tag.
    const outcome = await mailchimp.upsertContact(answersLead(), settings, externalFetch, fieldsCall());
    expect(outcome).toMatchObject({ ok: true });
    expect(fake.requestsSince(before).map((request) => request.method)).toEqual(['GET', 'PUT', 'POST']);
    expect(fake.createdMergeFields()).toHaveLength(3);
  });

  it('past the 30-field cap the member is still added and the outcome says which answers were not sent and why', async () => {
    fake.mergeFieldCap = 6; // the four defaults and two more
    const outcome = await mailchimp.upsertContact(answersLead(), settings, externalFetch, fieldsCall());
    expect(outcome).toMatchObject({
      ok: true,
      message:
        'Answers not sent: budget (Mailchimp: Invalid Resource: This audience already has the maximum of 6 merge fields.).',
    });
    const put = fake.requests.find((request) => request.method === 'PUT');
    expect(Object.keys((put!.json as { merge_fields: object }).merge_fields)).toEqual([
      'FNAME',
      'LNAME',
      tags.skin,
      tags.concerns,
    ]);
    expect(fake.members('a1b2c3d4e5')).toHaveLength(1);
  });

  it('the fake refuses a tag longer than 10 characters, a bad type and an unknown merge tag on a member', async () => {
    const base = 'https://us6.api.mailchimp.com/3.0/lists/a1b2c3d4e5';
    const auth = { Authorization: `Basic ${Buffer.from(`x:${apiKey}`).toString('base64')}`, 'Content-Type': 'application/json' };
    const post = (body: object) =>
      externalFetch(`${base}/merge-fields`, { method: 'POST', headers: auth, body: JSON.stringify(body) });
    expect((await post({ name: 'x', type: 'text', tag: 'ELEVENCHARS' })).status).toBe(400);
    expect((await post({ name: 'x', type: 'string', tag: 'OK' })).status).toBe(400);
    expect((await post({ type: 'text', tag: 'OK' })).status).toBe(400);
    const put = await externalFetch(`${base}/members/${createHash('md5').update('a@b.co').digest('hex')}`, {
      method: 'PUT',
      headers: auth,
      body: JSON.stringify({ email_address: 'a@b.co', status_if_new: 'subscribed', merge_fields: { NOPE: 'x' } }),
    });
    expect(put.status).toBe(400);
  });
});
