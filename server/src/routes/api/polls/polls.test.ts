import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollDefaults, pollLimits, pollMessages } from '@quizlead/shared/engagement.ts';
import { createOwner } from '../../../test/factories.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';
import { createPoll, submission } from '../../../test/widgetFactory.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

/** A visitor's vote; each visitor has an email of their own (an email votes once per poll). */
const vote = (pollId: string, option: number, email = `voter-${submission()}@example.com`) =>
  server.client().post(`/api/v1/public/polls/${pollId}/votes`, { submissionId: submission(), option, email });

describe('POST /api/v1/polls', () => {
  it('401 → 400 with the spec message and field → 201 published, collecting emails, in the default colours', async () => {
    expect((await server.client().post('/api/v1/polls', { description: 'x', options: ['a', 'b'] })).status).toBe(401);
    const { client } = await createOwner(server);
    const valid = { description: 'Best season?', options: ['Summer', 'Winter'] };
    const cases: [unknown, string, string][] = [
      [{ ...valid, description: undefined }, pollMessages.descriptionRequired, 'description'],
      [{ ...valid, description: '   ' }, pollMessages.descriptionRequired, 'description'],
      [{ ...valid, description: 'd'.repeat(pollLimits.description + 1) }, pollMessages.descriptionTooLong, 'description'],
      [{ ...valid, options: undefined }, pollMessages.optionRequired, 'options'],
      [{ ...valid, options: [] }, pollMessages.optionRequired, 'options'],
      [{ ...valid, options: ['Only'] }, pollMessages.optionsMin, 'options'],
      [{ ...valid, options: ['1', '2', '3', '4', '5'] }, pollMessages.optionsMax, 'options'],
      [{ ...valid, options: ['Summer', ' '] }, pollMessages.optionRequired, 'options.1'],
      [{ ...valid, options: ['o'.repeat(pollLimits.option + 1), 'b'] }, pollMessages.optionTooLong, 'options.0'],
      [{ ...valid, status: null }, pollMessages.statusRequired, 'status'],
      [{ ...valid, status: 'live' }, pollMessages.statusRequired, 'status'],
      [{ ...valid, colors: { background: 'purple' } }, 'Enter a colour as #rrggbb.', 'colors.background'],
      [{ ...valid, expiresAt: 'tomorrow' }, pollMessages.expiresAtInvalid, 'expiresAt'],
    ];
    for (const [body, message, field] of cases) {
      const response = await client.post('/api/v1/polls', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toEqual({ code: 'validation', message, field });
    }

    const created = await client.post('/api/v1/polls', valid);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      description: 'Best season?',
      slug: 'best-season',
      options: ['Summer', 'Winter'],
      status: 'published',
      collectEmail: true,
      allowRepeatVotes: false,
      colors: pollDefaults.colors,
      expiresAt: null,
      totalVotes: 0,
    });
    const badRepeat = await client.post('/api/v1/polls', { ...valid, allowRepeatVotes: 'yes' });
    expect([badRepeat.status, badRepeat.body.error.field]).toEqual([400, 'allowRepeatVotes']);

    const longest = await client.post('/api/v1/polls', {
      description: 'd'.repeat(pollLimits.description),
      options: ['1', '2', '3', 'o'.repeat(pollLimits.option)],
      status: 'unpublished',
      collectEmail: false,
      colors: { background: '#000000', text: '#FFFFFF' },
    });
    expect(longest.status).toBe(201);
    expect(longest.body.data).toMatchObject({ status: 'unpublished', collectEmail: false, colors: { text: '#FFFFFF' } });
  });
});

describe('GET /api/v1/polls', () => {
  it('lists the account’s polls newest first with their total votes', async () => {
    const { client } = await createOwner(server);
    const first = await createPoll(client, { description: 'First', collectEmail: false });
    const second = await createPoll(client, { description: 'Second' });
    await vote(first.id, 0);
    await vote(first.id, 1);
    const list = await client.get('/api/v1/polls');
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(list.body.data.items.map((row: { id: string; totalVotes: number }) => [row.id, row.totalVotes])).toEqual([
      [second.id, 0],
      [first.id, 2],
    ]);
    expect(Object.keys(list.body.data.items[0]).sort()).toEqual(
      ['createdAt', 'description', 'id', 'slug', 'status', 'totalVotes'].sort(),
    );
    expect((await client.get('/api/v1/polls?page=2')).body.data.items).toEqual([]);
    expect((await client.get('/api/v1/polls?page=0')).body.error.field).toBe('page');
  });
});

describe('PUT /api/v1/polls/{id}', () => {
  it('saves the whole poll, with the update messages', async () => {
    const { client } = await createOwner(server);
    const poll = await createPoll(client);
    const missing = await client.put(`/api/v1/polls/${poll.id}`, { description: 'Still?' });
    expect(missing.body.error).toEqual({ code: 'validation', message: pollMessages.positiveOptionRequired, field: 'options' });
    const noDescription = await client.put(`/api/v1/polls/${poll.id}`, { description: '', options: ['a', 'b'] });
    expect(noDescription.body.error.message).toBe(pollMessages.descriptionRequired);

    const saved = await client.put(`/api/v1/polls/${poll.id}`, {
      description: 'Tea, coffee or juice?',
      options: ['Tea', 'Coffee', 'Juice'],
      status: 'unpublished',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      slug: 'tea-coffee-or-juice',
      options: ['Tea', 'Coffee', 'Juice'],
      status: 'unpublished',
    });
    expect((await client.get(`/api/v1/polls/${poll.id}`)).body.data.options).toEqual(['Tea', 'Coffee', 'Juice']);
  });

  it('locks the options once voting has started; description, status and colours still change', async () => {
    const { client } = await createOwner(server);
    const poll = await createPoll(client);
    expect((await vote(poll.id, 1)).status).toBe(201);
    expect((await client.get(`/api/v1/polls/${poll.id}`)).body.data.totalVotes).toBe(1);

    for (const options of [
      ['Tea', 'Coffee', 'Water'],
      ['Coffee', 'Tea'],
      ['Tea', 'Cocoa'],
    ]) {
      const locked = await client.put(`/api/v1/polls/${poll.id}`, { description: poll.description, options });
      expect(locked.status).toBe(400);
      expect(locked.body.error).toEqual({ code: 'validation', message: pollMessages.votingStarted, field: 'options' });
    }
    const allowed = await client.put(`/api/v1/polls/${poll.id}`, {
      description: 'Tea or coffee, really?',
      options: poll.options,
      status: 'unpublished',
      colors: { background: '#112233', text: '#445566' },
      collectEmail: false,
    });
    expect(allowed.status).toBe(200);
    expect(allowed.body.data).toMatchObject({
      description: 'Tea or coffee, really?',
      status: 'unpublished',
      colors: { background: '#112233', text: '#445566' },
      totalVotes: 1,
    });
  });
});

describe('PUT /api/v1/polls/{id}/status', () => {
  it('401 → 400 naming the field → 200: unpublishes and publishes a poll, votes or not, options untouched', async () => {
    const { client } = await createOwner(server);
    const poll = await createPoll(client, { options: ['Tea', 'Coffee', 'Juice'] });
    expect((await server.client().put(`/api/v1/polls/${poll.id}/status`, { status: 'unpublished' })).status).toBe(401);
    for (const body of [{}, { status: 'live' }, { status: null }]) {
      const refused = await client.put(`/api/v1/polls/${poll.id}/status`, body);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toEqual({ code: 'validation', message: pollMessages.statusRequired, field: 'status' });
    }
    expect((await vote(poll.id, 2)).status).toBe(201);

    const unpublished = await client.put(`/api/v1/polls/${poll.id}/status`, { status: 'unpublished' });
    expect(unpublished.status).toBe(200);
    expect(unpublished.body.data).toMatchObject({
      status: 'unpublished',
      options: ['Tea', 'Coffee', 'Juice'],
      description: poll.description,
      totalVotes: 1,
    });
    const hidden = await server.client().get(`/api/v1/public/polls/${poll.id}`);
    expect([hidden.status, hidden.body.error.message]).toEqual([404, pollMessages.unpublished]);
    expect((await client.get('/api/v1/polls')).body.data.items[0]).toMatchObject({ id: poll.id, status: 'unpublished' });

    const published = await client.put(`/api/v1/polls/${poll.id}/status`, { status: 'published' });
    expect(published.body.data).toMatchObject({ status: 'published', totalVotes: 1 });
    expect((await server.client().get(`/api/v1/public/polls/${poll.id}`)).body.data.results.total).toBe(1);
  });
});

describe('DELETE /api/v1/polls/{id}', () => {
  it('deletes the poll with its votes', async () => {
    const { client } = await createOwner(server);
    const poll = await createPoll(client);
    await vote(poll.id, 0);
    const deleted = await client.delete(`/api/v1/polls/${poll.id}`);
    expect(deleted.body).toEqual({ data: { message: pollMessages.deleted } });
    expect((await client.get(`/api/v1/polls/${poll.id}`)).status).toBe(404);
    expect((await client.delete(`/api/v1/polls/${poll.id}`)).status).toBe(404);
    expect((await server.client().get(`/api/v1/public/polls/${poll.id}`)).status).toBe(404);
  });
});

describe('another account', () => {
  it('gets 404 from every poll route and an empty list', async () => {
    const owner = await createOwner(server);
    const intruder = await createOwner(server);
    const poll = await createPoll(owner.client);
    await vote(poll.id, 0);
    const attempts = await Promise.all([
      intruder.client.get(`/api/v1/polls/${poll.id}`),
      intruder.client.put(`/api/v1/polls/${poll.id}`, { description: 'Hijacked', options: poll.options }),
      intruder.client.put(`/api/v1/polls/${poll.id}/status`, { status: 'unpublished' }),
      intruder.client.delete(`/api/v1/polls/${poll.id}`),
      intruder.client.get(`/api/v1/polls/${poll.id}/votes`),
      intruder.client.get(`/api/v1/polls/${poll.id}/votes/export`),
      intruder.client.get(`/api/v1/polls/${poll.id}/votes/export?format=csv`),
    ]);
    for (const response of attempts) {
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('not_found');
    }
    expect((await intruder.client.get('/api/v1/polls')).body.data.total).toBe(0);
    expect((await owner.client.get(`/api/v1/polls/${poll.id}`)).body.data).toMatchObject({
      description: poll.description,
      status: 'published',
      totalVotes: 1,
    });
    expect((await owner.client.get('/api/v1/polls/not-a-uuid')).body.error.field).toBe('id');
  });
});
