import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollDefaults, pollMessages } from '@quizlead/shared/engagement.ts';
import { createOwner } from '../../test/factories.ts';
import { getTestServer, type TestServer } from '../../test/getTestServer.ts';
import { createPoll, submission } from '../../test/widgetFactory.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const visitor = () => server.client();
const publicPoll = (id: string, query = '') => visitor().get(`/api/v1/public/polls/${id}${query}`);
const vote = (id: string, body: Record<string, unknown>) =>
  visitor().post(`/api/v1/public/polls/${id}/votes`, { submissionId: submission(), ...body });

describe('GET /api/v1/public/polls/{id}', () => {
  it('serves a published poll with its results; unpublished says so; unknown ids are 404', async () => {
    const { client } = await createOwner(server);
    const poll = await createPoll(client, { options: ['Tea', 'Coffee', 'Juice'] });
    const response = await publicPoll(poll.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.body.data).toEqual({
      id: poll.id,
      ownerMode: 'free',
      footerLinks: { poweredBy: '/', signUp: '/Signup' },
      slug: 'tea-or-coffee',
      description: 'Tea or coffee?',
      options: ['Tea', 'Coffee', 'Juice'],
      colors: pollDefaults.colors,
      collectEmail: true,
      demo: false,
      closed: false,
      results: {
        total: 0,
        options: [
          { text: 'Tea', votes: 0, percentage: 0 },
          { text: 'Coffee', votes: 0, percentage: 0 },
          { text: 'Juice', votes: 0, percentage: 0 },
        ],
      },
      metaPixelId: '',
      tiktokPixelId: '',
      i18n: { default: 'en', fixed: null, languages: [], translations: {} },
    });

    await client.put(`/api/v1/polls/${poll.id}`, { ...poll, status: 'unpublished' });
    const unpublished = await publicPoll(poll.id);
    expect(unpublished.status).toBe(404);
    expect(unpublished.body.error.message).toBe(pollMessages.unpublished);
    expect((await vote(poll.id, { option: 0, email: 'a@example.com' })).body.error.message).toBe(pollMessages.unpublished);
    expect((await publicPoll(crypto.randomUUID())).body.error).toEqual({ code: 'not_found', message: 'Not found' });
    expect((await publicPoll('not-a-uuid')).status).toBe(404);
  });

  it('demo=1 always asks for the email', async () => {
    const { client } = await createOwner(server);
    const poll = await createPoll(client, { collectEmail: false });
    expect((await publicPoll(poll.id)).body.data).toMatchObject({ collectEmail: false, demo: false });
    expect((await publicPoll(poll.id, '?demo=1')).body.data).toMatchObject({ collectEmail: true, demo: true });
  });
});

describe('POST /api/v1/public/polls/{id}/votes', () => {
  it('answers the counts and whole-number percentages after the vote', async () => {
    const { client } = await createOwner(server);
    const poll = await createPoll(client, { options: ['A', 'B', 'C'], collectEmail: false });
    const first = await vote(poll.id, { option: 1 });
    expect(first.status).toBe(201);
    expect(first.body.data).toEqual({
      message: pollMessages.voted,
      option: 1,
      results: {
        total: 1,
        options: [
          { text: 'A', votes: 0, percentage: 0 },
          { text: 'B', votes: 1, percentage: 100 },
          { text: 'C', votes: 0, percentage: 0 },
        ],
      },
    });
    await vote(poll.id, { option: 0 });
    const third = await vote(poll.id, { option: 2 });
    expect(third.body.data.results.options.map((option: { percentage: number }) => option.percentage)).toEqual([34, 33, 33]);
    const fourth = await vote(poll.id, { option: 1 });
    expect(fourth.body.data.results.options.map((option: { percentage: number }) => option.percentage)).toEqual([25, 50, 25]);
    expect((await publicPoll(poll.id)).body.data.results.total).toBe(4);
  });

  it('counts the same submissionId once, keeping its first choice', async () => {
    const { client } = await createOwner(server);
    const poll = await createPoll(client, { collectEmail: false });
    const submissionId = submission();
    const first = await visitor().post(`/api/v1/public/polls/${poll.id}/votes`, { submissionId, option: 0 });
    expect(first.status).toBe(201);
    const retried = await visitor().post(`/api/v1/public/polls/${poll.id}/votes`, { submissionId, option: 1 });
    expect(retried.status).toBe(200);
    expect(retried.body.data.option).toBe(0);
    expect(retried.body.data.results).toEqual(first.body.data.results);
    expect((await client.get(`/api/v1/polls/${poll.id}`)).body.data.totalVotes).toBe(1);
  });

  it('asks for a valid email when the poll collects emails, or in the demo', async () => {
    const { client } = await createOwner(server);
    const poll = await createPoll(client);
    for (const [email, message] of [
      [undefined, pollMessages.emailRequired],
      [null, pollMessages.emailRequired],
      ['  ', pollMessages.emailRequired],
      ['not-an-email', pollMessages.emailInvalid],
      ['a b@example.com', pollMessages.emailInvalid],
      [`${'a'.repeat(250)}@example.com`, pollMessages.emailInvalid],
    ] as const) {
      const response = await vote(poll.id, { option: 0, email });
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual({ code: 'validation', message, field: 'email' });
    }
    expect((await vote(poll.id, { option: 0, email: ' ok@example.com ' })).status).toBe(201);
    const votes = (await client.get(`/api/v1/polls/${poll.id}/votes`)).body.data.items;
    expect(votes.map((row: { email: string }) => row.email)).toEqual(['ok@example.com']);

    const open = await createPoll(client, { collectEmail: false });
    expect((await vote(open.id, { option: 0 })).status).toBe(201);
    expect((await vote(open.id, { option: 0, demo: true })).body.error).toEqual({
      code: 'validation',
      message: pollMessages.emailRequired,
      field: 'email',
    });
    expect((await vote(open.id, { option: 0, demo: true, email: 'demo@example.com' })).status).toBe(201);
  });

  it('one vote per email (any case, spaces trimmed): a second one is refused with the email field; a retry is not', async () => {
    const { client } = await createOwner(server);
    const poll = await createPoll(client, { options: ['A', 'B'] });
    const submissionId = submission();
    const first = await visitor().post(`/api/v1/public/polls/${poll.id}/votes`, {
      submissionId,
      option: 0,
      email: 'Ann@Example.com',
    });
    expect(first.status).toBe(201);
    for (const email of ['ann@example.com', ' ANN@EXAMPLE.COM ']) {
      const again = await vote(poll.id, { option: 1, email });
      expect(again.status).toBe(409);
      expect(again.body.error).toEqual({ code: 'conflict', message: pollMessages.alreadyVoted, field: 'email' });
    }
    // The same submission sent again (a retry) still answers its vote.
    const retried = await visitor().post(`/api/v1/public/polls/${poll.id}/votes`, {
      submissionId,
      option: 1,
      email: 'ann@example.com',
    });
    expect([retried.status, retried.body.data.option]).toEqual([200, 0]);
    expect((await vote(poll.id, { option: 1, email: 'bob@example.com' })).status).toBe(201);
    const stored = (await client.get(`/api/v1/polls/${poll.id}/votes`)).body.data;
    expect(stored.total).toBe(2);
    expect(stored.items.map((row: { email: string }) => row.email).sort()).toEqual(['Ann@Example.com', 'bob@example.com']);
    // Another poll is another vote.
    const other = await createPoll(client);
    expect((await vote(other.id, { option: 0, email: 'ann@example.com' })).status).toBe(201);
  });

  it('the owner may allow more than one vote per email, and switch it back off', async () => {
    const { client } = await createOwner(server);
    const poll = await createPoll(client, { allowRepeatVotes: true });
    expect(poll.allowRepeatVotes).toBe(true);
    expect((await vote(poll.id, { option: 0, email: 'fan@example.com' })).status).toBe(201);
    expect((await vote(poll.id, { option: 0, email: 'FAN@example.com' })).status).toBe(201);
    const saved = await client.put(`/api/v1/polls/${poll.id}`, { ...poll, allowRepeatVotes: false });
    expect(saved.body.data).toMatchObject({ allowRepeatVotes: false, totalVotes: 2 });
    expect((await vote(poll.id, { option: 1, email: 'fan@example.com' })).status).toBe(409);
    expect((await client.get(`/api/v1/polls/${poll.id}`)).body.data.totalVotes).toBe(2);
  });

  it('the same email voting ten times at once counts once', async () => {
    const { client } = await createOwner(server);
    const poll = await createPoll(client, { options: ['A', 'B', 'C'] });
    const emails = ['racer@example.com', 'Racer@example.com', 'RACER@EXAMPLE.COM', ' racer@Example.com'];
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) => vote(poll.id, { option: index % 3, email: emails[index % emails.length] })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    for (const refused of responses.filter((response) => response.status === 409)) {
      expect(refused.body.error.message).toBe(pollMessages.alreadyVoted);
    }
    expect((await client.get(`/api/v1/polls/${poll.id}`)).body.data.totalVotes).toBe(1);
    expect((await publicPoll(poll.id)).body.data.results.total).toBe(1);
  });

  it('400 names the field for a bad option or submission id', async () => {
    const { client } = await createOwner(server);
    const poll = await createPoll(client, { collectEmail: false });
    for (const option of [2, -1, 1.5, '0', undefined]) {
      const response = await vote(poll.id, { option });
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual({ code: 'validation', message: pollMessages.optionInvalid, field: 'option' });
    }
    const badId = await visitor().post(`/api/v1/public/polls/${poll.id}/votes`, { submissionId: 'abc', option: 0 });
    expect(badId.body.error.field).toBe('submissionId');
    expect((await visitor().post(`/api/v1/public/polls/${poll.id}/votes`, [1])).status).toBe(400);
    expect((await client.get(`/api/v1/polls/${poll.id}`)).body.data.totalVotes).toBe(0);
  });

  it('counts 50 votes sent at once exactly', async () => {
    const { client } = await createOwner(server);
    const poll = await createPoll(client, { options: ['A', 'B', 'C', 'D'], collectEmail: false });
    const responses = await Promise.all(Array.from({ length: 50 }, (_, index) => vote(poll.id, { option: index % 4 })));
    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(201));
    const results = (await publicPoll(poll.id)).body.data.results;
    expect(results.total).toBe(50);
    expect(results.options.map((option: { votes: number }) => option.votes)).toEqual([13, 13, 12, 12]);
    // Each answer is the tally right after its own vote: it includes that vote, and never more than were sent.
    for (const [index, response] of responses.entries()) {
      expect(response.body.data.results.total).toBeGreaterThanOrEqual(1);
      expect(response.body.data.results.total).toBeLessThanOrEqual(50);
      expect(response.body.data.results.options[index % 4].votes).toBeGreaterThanOrEqual(1);
    }
  });

  it('an options edit racing votes: either the edit wins and no vote on a removed option counts, or the votes lock it', async () => {
    const { client } = await createOwner(server);
    const poll = await createPoll(client, { options: ['A', 'B', 'C', 'D'], collectEmail: false });
    const [edit, ...votes] = await Promise.all([
      client.put(`/api/v1/polls/${poll.id}`, { description: poll.description, options: ['A', 'B'] }),
      ...Array.from({ length: 20 }, () => vote(poll.id, { option: 3 })),
    ]);
    const counted = votes.filter((response) => response.status === 201).length;
    const stored = (await client.get(`/api/v1/polls/${poll.id}`)).body.data;
    if (edit!.status === 200) {
      expect(counted).toBe(0);
      expect(stored).toMatchObject({ options: ['A', 'B'], totalVotes: 0 });
    } else {
      expect(edit!.body.error.message).toBe(pollMessages.votingStarted);
      expect(counted).toBe(20);
      expect(stored).toMatchObject({ options: ['A', 'B', 'C', 'D'], totalVotes: 20 });
    }
  });

  it('a closed poll shows its results and takes no vote', async () => {
    const { client } = await createOwner(server);
    const poll = await createPoll(client, { collectEmail: false, expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect((await publicPoll(poll.id)).body.data.closed).toBe(true);
    const refused = await vote(poll.id, { option: 0 });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(pollMessages.closed);
  });

  it('rate-limits per IP', async () => {
    const { client } = await createOwner(server);
    const poll = await createPoll(client, { collectEmail: false });
    const limiter = server.services.limiters.widgetByIp;
    const max = limiter.max;
    limiter.max = 0;
    try {
      const limited = await vote(poll.id, { option: 0 });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      limiter.max = max;
    }
  });
});
