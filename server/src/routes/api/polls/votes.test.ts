import { randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSubmissionDate, pollVoteExportColumns, spreadsheetDateFormat } from '@quizlead/shared/engagement.ts';
import { pollVotes } from '../../../db/schema/index.ts';
import { createOwner } from '../../../test/factories.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';
import { createPoll, download, parseCsv, submission } from '../../../test/widgetFactory.ts';
import { readXlsx } from '../../../test/xlsxReader.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

/** Votes written straight to the table, `count` of them one second apart from `start`. */
async function seedVotes(poll: { id: string }, accountId: string, count: number, start: Date) {
  const rows = Array.from({ length: count }, (_, index) => ({
    pollId: poll.id,
    id: randomUUID(),
    accountId,
    optionIndex: index % 3,
    email: index % 2 === 0 ? `voter${index}@example.com` : null,
    createdAt: new Date(start.getTime() + index * 1000),
  }));
  for (let index = 0; index < rows.length; index += 500) {
    await server.services.database.db.insert(pollVotes).values(rows.slice(index, index + 500));
  }
  return rows;
}

describe('GET /api/v1/polls/{id}/votes', () => {
  it('pages the votes newest first with the option text, email and date', async () => {
    const { client } = await createOwner(server);
    const poll = await createPoll(client, { options: ['Tea', 'Coffee'] });
    const first = submission();
    await server.client().post(`/api/v1/public/polls/${poll.id}/votes`, {
      submissionId: first,
      option: 1,
      email: 'Ann@Example.com ',
      language: 'es',
    });
    await server
      .client()
      .post(`/api/v1/public/polls/${poll.id}/votes`, { submissionId: submission(), option: 0, email: 'bob@example.com' });
    const page = await client.get(`/api/v1/polls/${poll.id}/votes`);
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ total: 2, page: 1, pageSize: 50 });
    expect(page.body.data.items[1]).toEqual({
      id: first,
      option: 1,
      vote: 'Coffee',
      email: 'Ann@Example.com',
      date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      language: 'es',
    });
    expect(page.body.data.items[0]).toMatchObject({ vote: 'Tea', email: 'bob@example.com' });
  });

  it('pages 50 at a time', async () => {
    const owner = await createOwner(server);
    const poll = await createPoll(owner.client, { options: ['A', 'B', 'C'] });
    await seedVotes(poll, owner.account.id, 55, new Date('2026-01-01T00:00:00Z'));
    const second = await owner.client.get(`/api/v1/polls/${poll.id}/votes?page=2`);
    expect(second.body.data).toMatchObject({ total: 55, page: 2 });
    expect(second.body.data.items).toHaveLength(5);
    expect(second.body.data.items.at(-1).date).toBe('2026-01-01T00:00:00.000Z');
  });
});

describe('GET /api/v1/polls/{id}/results', () => {
  it('answers the votes and whole-number percentages per option, adding up to 100; another account gets 404', async () => {
    const owner = await createOwner(server);
    const poll = await createPoll(owner.client, { options: ['Tea', 'Coffee', 'Juice'] });
    const empty = await owner.client.get(`/api/v1/polls/${poll.id}/results`);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({
      total: 0,
      options: [
        { text: 'Tea', votes: 0, percentage: 0 },
        { text: 'Coffee', votes: 0, percentage: 0 },
        { text: 'Juice', votes: 0, percentage: 0 },
      ],
    });
    // 3, 3 and 2 votes: 37.5 %, 37.5 % and 25 %, which rounded one by one would show 38 + 38 + 25 = 101.
    const { db } = server.services.database;
    await db.insert(pollVotes).values(
      [0, 0, 0, 1, 1, 1, 2, 2].map((optionIndex) => ({
        pollId: poll.id,
        id: randomUUID(),
        accountId: owner.account.id,
        optionIndex,
      })),
    );
    const results = (await owner.client.get(`/api/v1/polls/${poll.id}/results`)).body.data;
    expect(results.total).toBe(8);
    expect(results.options.map((option: { votes: number; percentage: number }) => [option.votes, option.percentage])).toEqual([
      [3, 38],
      [3, 37],
      [2, 25],
    ]);
    // The public poll shows the same figures.
    expect((await server.client().get(`/api/v1/public/polls/${poll.id}`)).body.data.results).toEqual(results);

    const intruder = await createOwner(server);
    const foreign = await intruder.client.get(`/api/v1/polls/${poll.id}/results`);
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'not_found']);
    expect((await server.client().get(`/api/v1/polls/${poll.id}/results`)).status).toBe(401);
  });
});

describe('GET /api/v1/polls/{id}/votes/export', () => {
  it('streams an .xlsx with the spec’s columns, every vote in it (read back from its XML)', async () => {
    const owner = await createOwner(server);
    const poll = await createPoll(owner.client, { description: 'Team lunch?', options: ['Pizza', 'Sushi', 'Salad'] });
    // More rows than two pages of the keyset reader; groups of 7 share a timestamp and the groups
    // are 3 microseconds apart (finer than a JavaScript Date), so the cursor must keep microseconds.
    const { db } = server.services.database;
    await db.execute(sql`
      insert into "poll_votes" ("poll_id", "id", "account_id", "option_index", "email", "created_at")
      select ${poll.id}::uuid, gen_random_uuid(), ${owner.account.id}::uuid, n % 3, 'voter' || n || '@example.com',
             timestamptz '2026-11-03 14:05:00+00' + (n / 7) * interval '3 microseconds'
      from generate_series(0, 1202) as n`);
    const expected = await db
      .select({ email: pollVotes.email })
      .from(pollVotes)
      .where(eq(pollVotes.pollId, poll.id))
      .orderBy(desc(pollVotes.createdAt), desc(pollVotes.id));
    const file = await download(owner.client, `/api/v1/polls/${poll.id}/votes/export`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="team-lunch-votes.xlsx"');
    const worksheet = readXlsx(file.bytes);
    const sheet = worksheet.rows;
    expect(sheet[0]).toEqual(Object.values(pollVoteExportColumns));
    expect(sheet).toHaveLength(1203 + 1);
    // Newest first, ties by id: the pages neither skip nor repeat a row.
    expect(sheet.slice(1).map((row) => row[0])).toEqual(expected.map((row) => row.email));
    const tally = (votes: string[]) => ['Pizza', 'Sushi', 'Salad'].map((text) => votes.filter((vote) => vote === text).length);
    expect(tally(sheet.slice(1).map((row) => String(row[1])))).toEqual([401, 401, 401]);
    expect(sheet.at(-1)![2]).toEqual(new Date('2026-11-03T14:05:00Z'));
    expect(worksheet.numFmt(2, 3)).toBe(spreadsheetDateFormat);
  });

  it('streams a CSV: RFC 4180 quoting, formula cells defused, dates as “Nov 3, 2026 14:05” (UTC)', async () => {
    const owner = await createOwner(server);
    const poll = await createPoll(owner.client, {
      description: 'Weird options',
      options: ['=HYPERLINK("http://evil")', 'Yes, "really"', '-1 degrees', '@once'],
      collectEmail: false,
    });
    const { db } = server.services.database;
    const at = new Date('2026-11-03T14:05:59Z');
    await db.insert(pollVotes).values(
      [0, 1, 2, 3].map((optionIndex, index) => ({
        pollId: poll.id,
        id: randomUUID(),
        accountId: owner.account.id,
        optionIndex,
        email: index === 1 ? '+tag@example.com' : null,
        language: index === 0 ? 'fr' : null,
        createdAt: new Date(at.getTime() - index * 60_000),
      })),
    );
    const file = await download(owner.client, `/api/v1/polls/${poll.id}/votes/export?format=csv`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="weird-options-votes.csv"');
    expect(file.bytes.toString('utf8')).toContain('"\'=HYPERLINK(""http://evil"")"');
    expect(parseCsv(file.bytes)).toEqual([
      ['Voter Email', 'Vote', 'Date of Vote', 'Language'],
      ['', `'=HYPERLINK("http://evil")`, 'Nov 3, 2026 14:05', 'fr'],
      ["'+tag@example.com", 'Yes, "really"', 'Nov 3, 2026 14:04', ''],
      ['', "'-1 degrees", 'Nov 3, 2026 14:03', ''],
      ['', "'@once", formatSubmissionDate(new Date(at.getTime() - 3 * 60_000)), ''],
    ]);
  });

  it('exports just the header for a poll without votes, and refuses other formats', async () => {
    const { client } = await createOwner(server);
    const poll = await createPoll(client);
    expect(parseCsv((await download(client, `/api/v1/polls/${poll.id}/votes/export?format=csv`)).bytes)).toEqual([
      ['Voter Email', 'Vote', 'Date of Vote', 'Language'],
    ]);
    expect(readXlsx((await download(client, `/api/v1/polls/${poll.id}/votes/export`)).bytes).rows).toHaveLength(1);
    const pdf = await client.get(`/api/v1/polls/${poll.id}/votes/export?format=pdf`);
    expect(pdf.status).toBe(400);
    expect(pdf.body.error.field).toBe('format');
  });
});
