import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSubmissionDate, spreadsheetDateFormat } from '@quizlead/shared/engagement.ts';
import { respondentExportColumns, respondentSorts, reportLimits, type RespondentSort } from '@quizlead/shared/reports.ts';
import { ZRespondentsResponse } from '@quizlead/shared/schemas/reports.ts';
import { plays, quizzes } from '../../../db/schema/index.ts';
import { createOwner } from '../../../test/factories.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';
import { createGradedQuiz } from '../../../test/quizFactory.ts';
import { download, parseCsv } from '../../../test/widgetFactory.ts';
import { readXlsx } from '../../../test/xlsxReader.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

type PlayInsert = typeof plays.$inferInsert;

/**
 * Plays written straight to the table. Text values are lowercase letters and digits of one shape, so
 * the database's collation (C on PGlite, a locale on a PostgreSQL server) orders them as JavaScript does.
 */
function completedPlays(quiz: { id: string; accountId: string }, count: number): PlayInsert[] {
  const base = Date.parse('2026-03-01T10:00:00Z');
  return Array.from({ length: count }, (_, index) => ({
    quizId: quiz.id,
    id: randomUUID(),
    accountId: quiz.accountId,
    status: 'completed' as const,
    email: index === 4 ? null : `respondent${String((index * 7) % count).padStart(2, '0')}@example.com`,
    name: `name${index}`,
    resultSummary: ['alpha', 'bravo', 'charlie', 'delta'][index % 4]!,
    country: ['de', 'fr', 'us'][index % 3]!,
    state: ['bavaria', 'texas'][index % 2]!,
    city: ['austin', 'berlin', 'lyon', 'munich', 'paris'][index % 5]!,
    language: [null, 'de', 'ja'][index % 3]!,
    answers: {},
    completedAt: new Date(base + ((index * 11) % count) * 60_000),
  }));
}

/** Plays that are not respondents: started, answered, a preview, and another quiz's. */
function noise(quiz: { id: string; accountId: string }, otherQuizId: string): PlayInsert[] {
  const row = { quizId: quiz.id, accountId: quiz.accountId, email: 'noise@example.com', resultSummary: 'alpha' };
  return [
    { ...row, id: randomUUID(), status: 'started' },
    { ...row, id: randomUUID(), status: 'answered', answers: {} },
    { ...row, id: randomUUID(), status: 'completed', preview: true, completedAt: new Date() },
    { ...row, quizId: otherQuizId, id: randomUUID(), status: 'completed', completedAt: new Date() },
  ];
}

async function seededQuiz(count: number) {
  const owner = await createOwner(server);
  const quiz = await createGradedQuiz(owner.client, { title: 'Big Quiz', questions: 1 });
  const other = await createGradedQuiz(owner.client, { title: 'Other', questions: 1 });
  const ref = { id: quiz.id as string, accountId: owner.account.id };
  const rows = completedPlays(ref, count);
  const { db } = server.services.database;
  await db.insert(plays).values([...rows, ...noise(ref, other.id)]);
  // What PlayStatsRollup would have rolled up for these plays.
  await db.update(quizzes).set({ completedPlays: count }).where(eq(quizzes.id, quiz.id));
  return { owner, quiz, rows };
}

const sortValue = (row: PlayInsert, sort: RespondentSort) =>
  ({
    date: row.completedAt!.toISOString(),
    email: row.email ?? null,
    result: row.resultSummary ?? null,
    country: row.country!,
    state: row.state!,
    city: row.city!,
  })[sort];

/** PostgreSQL's order: nulls last ascending (first descending), ties by id in the same direction. */
function expectedOrder(rows: PlayInsert[], sort: RespondentSort, direction: 'asc' | 'desc') {
  const sign = direction === 'asc' ? 1 : -1;
  const compare = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);
  return [...rows]
    .sort((a, b) => sign * (compare(sortValue(a, sort), sortValue(b, sort)) || compare(a.id!, b.id!)))
    .map((row) => row.id);
}

describe('GET /api/v1/quizzes/{id}/respondents', () => {
  it('sorts by every key in both directions and pages 20 at a time; only completed, non-preview plays', async () => {
    const { owner, quiz, rows } = await seededQuiz(25);
    for (const sort of respondentSorts) {
      for (const direction of ['asc', 'desc'] as const) {
        const pages = [];
        for (const page of [1, 2]) {
          const response = await owner.client.get(
            `/api/v1/quizzes/${quiz.id}/respondents?page=${page}&sort=${sort}&direction=${direction}`,
          );
          expect(response.status).toBe(200);
          expect(response.body.data).toMatchObject({ total: 25, page, pageSize: reportLimits.respondentsPageSize });
          pages.push(response.body.data.items.map((item: { id: string }) => item.id));
        }
        expect(pages[0]).toHaveLength(20);
        expect(pages[1]).toHaveLength(5);
        expect(pages.flat(), `${sort} ${direction}`).toEqual(expectedOrder(rows, sort, direction));
      }
    }
    const third = await owner.client.get(`/api/v1/quizzes/${quiz.id}/respondents?page=3`);
    expect(third.body.data).toMatchObject({ items: [], total: 25, page: 3 });
  });

  it('defaults to the latest completions first, and presents each respondent', async () => {
    const { owner, quiz, rows } = await seededQuiz(3);
    const response = await owner.client.get(`/api/v1/quizzes/${quiz.id}/respondents`);
    expect(ZRespondentsResponse.parse(response.body)).toEqual(response.body);
    expect(response.body.data.items.map((item: { id: string }) => item.id)).toEqual(expectedOrder(rows, 'date', 'desc'));
    const latest = rows.find((row) => row.id === response.body.data.items[0].id)!;
    expect(response.body.data.items[0]).toEqual({
      id: latest.id,
      email: latest.email,
      name: latest.name,
      result: latest.resultSummary,
      playedAt: latest.completedAt!.toISOString(),
      country: latest.country,
      state: latest.state,
      city: latest.city,
      language: latest.language ?? null,
    });
  });

  it('the total is the roll-up (quizzes.completed_plays), not a count of the rows', async () => {
    const { owner, quiz } = await seededQuiz(2);
    await server.services.database.db.update(quizzes).set({ completedPlays: 1 }).where(eq(quizzes.id, quiz.id));
    const response = await owner.client.get(`/api/v1/quizzes/${quiz.id}/respondents`);
    expect(response.body.data.total).toBe(1);
    expect(response.body.data.items).toHaveLength(2);
  });

  it('filters by the language the visitors were shown, counting those plays for the total; the export too', async () => {
    const { owner, quiz, rows } = await seededQuiz(9);
    const japanese = rows.filter((row) => row.language === 'ja');
    const response = await owner.client.get(`/api/v1/quizzes/${quiz.id}/respondents?language=ja`);
    expect(response.status).toBe(200);
    expect(response.body.data.total).toBe(japanese.length);
    expect(response.body.data.items.map((item: { id: string }) => item.id).sort()).toEqual(japanese.map((row) => row.id).sort());
    expect(response.body.data.items.every((item: { language: string }) => item.language === 'ja')).toBe(true);
    const csv = await download(owner.client, `/api/v1/quizzes/${quiz.id}/respondents/export?format=csv&language=ja`);
    expect(csv.headers.get('x-export-rows')).toBe(String(japanese.length));
    const sheet = parseCsv(csv.bytes);
    expect(sheet).toHaveLength(japanese.length + 1);
    expect(sheet.slice(1).every((row) => row.at(-1) === 'ja')).toBe(true);
    const wrong = await owner.client.get(`/api/v1/quizzes/${quiz.id}/respondents?language=xx`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.field).toBe('language');
  });

  it('400 names the query field that is wrong', async () => {
    const { client } = await createOwner(server);
    const quiz = await createGradedQuiz(client);
    for (const [query, field] of [
      ['sort=answers', 'sort'],
      ['direction=up', 'direction'],
      ['page=0', 'page'],
      ['page=two', 'page'],
    ]) {
      const response = await client.get(`/api/v1/quizzes/${quiz.id}/respondents?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'validation', field });
    }
  });
});

describe('GET /api/v1/quizzes/{id}/respondents/export', () => {
  it('streams an .xlsx with the respondents columns, every respondent latest first (read back from its XML)', async () => {
    const owner = await createOwner(server);
    const quiz = await createGradedQuiz(owner.client, { title: 'Big Quiz', questions: 1 });
    const other = await createGradedQuiz(owner.client, { title: 'Other', questions: 1 });
    const ref = { id: quiz.id as string, accountId: owner.account.id };
    const { db } = server.services.database;
    // More rows than two pages of the keyset reader; groups of 7 share a completion time 3 microseconds
    // from the next group (finer than a JavaScript Date), so the cursor must keep microseconds.
    await db.execute(sql`
      insert into "plays" ("quiz_id", "id", "account_id", "status", "email", "result_summary", "country", "state", "city", "completed_at")
      select ${quiz.id}::uuid, gen_random_uuid(), ${owner.account.id}::uuid, 'completed', 'respondent' || n || '@example.com',
             (n % 101) || '%', 'US', 'Texas', 'Austin', timestamptz '2026-11-03 14:05:00+00' + (n / 7) * interval '3 microseconds'
      from generate_series(0, 1202) as n`);
    await db.insert(plays).values(noise(ref, other.id));
    await db.update(quizzes).set({ completedPlays: 1203 }).where(eq(quizzes.id, quiz.id));
    const expected = await db
      .select({ email: plays.email })
      .from(plays)
      .where(and(eq(plays.quizId, quiz.id), eq(plays.status, 'completed'), eq(plays.preview, false)))
      .orderBy(desc(plays.completedAt), desc(plays.id));

    const file = await download(owner.client, `/api/v1/quizzes/${quiz.id}/respondents/export`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="big-quiz-respondents.xlsx"');
    expect(file.headers.get('x-export-rows')).toBe('1203');
    const sheet = readXlsx(file.bytes);
    const { rows } = sheet;
    expect(rows[0]).toEqual(respondentExportColumns);
    expect(rows).toHaveLength(1203 + 1);
    expect(rows.slice(1).map((row) => row[0])).toEqual(expected.map((row) => row.email));
    expect(rows.at(-1)).toEqual([
      expect.stringMatching(/^respondent\d+@example\.com$/),
      null,
      expect.stringMatching(/%$/),
      new Date('2026-11-03T14:05:00Z'),
      'US',
      'Texas',
      'Austin',
    ]);
    expect(sheet.numFmt(2, 4)).toBe(spreadsheetDateFormat);
  });

  it('streams a CSV: the same columns, formula cells defused, dates as “Nov 3, 2026 14:05” (UTC)', async () => {
    const owner = await createOwner(server);
    const quiz = await createGradedQuiz(owner.client, { title: 'Small Quiz', questions: 1 });
    const at = new Date('2026-11-03T14:05:59Z');
    await server.services.database.db.insert(plays).values([
      {
        quizId: quiz.id,
        id: randomUUID(),
        accountId: owner.account.id,
        status: 'completed',
        email: '=cmd@example.com',
        phone: '+4989123456',
        resultSummary: '8 / 10',
        country: 'DE',
        state: 'Bavaria',
        city: 'Munich, Old Town',
        language: 'de',
        completedAt: at,
      },
      {
        quizId: quiz.id,
        id: randomUUID(),
        accountId: owner.account.id,
        status: 'completed',
        email: null,
        resultSummary: 'The "Explorer"',
        completedAt: new Date(at.getTime() - 60_000),
      },
    ]);
    const file = await download(owner.client, `/api/v1/quizzes/${quiz.id}/respondents/export?format=csv`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="small-quiz-respondents.csv"');
    expect(file.headers.get('x-export-rows')).toBe('0');
    expect(parseCsv(file.bytes)).toEqual([
      [...respondentExportColumns],
      ["'=cmd@example.com", "'+4989123456", '8 / 10', formatSubmissionDate(at), 'DE', 'Bavaria', 'Munich, Old Town', 'de'],
      ['', '', 'The "Explorer"', 'Nov 3, 2026 14:04', '', '', '', ''],
    ]);
  });

  it('exports just the header without respondents, and refuses other formats', async () => {
    const { client } = await createOwner(server);
    const quiz = await createGradedQuiz(client);
    const csv = await download(client, `/api/v1/quizzes/${quiz.id}/respondents/export?format=csv`);
    expect(parseCsv(csv.bytes)).toEqual([[...respondentExportColumns]]);
    expect(readXlsx((await download(client, `/api/v1/quizzes/${quiz.id}/respondents/export`)).bytes).rows).toHaveLength(1);
    const pdf = await client.get(`/api/v1/quizzes/${quiz.id}/respondents/export?format=pdf`);
    expect(pdf.status).toBe(400);
    expect(pdf.body.error.field).toBe('format');
  });
});
