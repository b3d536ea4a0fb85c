import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackResponsesExport } from '../../db/queries/feedbacks.ts';
import { pollVotesExport } from '../../db/queries/polls.ts';
import { respondentsExport } from '../../db/queries/reports.ts';
import { plays, pollVotes, quizzes } from '../../db/schema/index.ts';
import { createOwner } from '../../test/factories.ts';
import { getTestServer, testDatabaseUrl, type TestServer } from '../../test/getTestServer.ts';
import { createGradedQuiz } from '../../test/quizFactory.ts';
import { createFeedback, createPoll } from '../../test/widgetFactory.ts';
import { crlfRowEnds, csvTextSql } from './copyCsv.ts';
import { copyChunks, copyStatement, dollarQuoted } from './copyOut.ts';
import { csvLine } from './csv.ts';
import type { Cell, ExportQuery } from './exportQuery.ts';
import { csvChunks, rowPages, startedOn } from './exportSources.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const database = () => server.services.database;
/** The same database read the PGlite way (keyset pages, csv.ts), for comparing with COPY. */
const paged = () => ({ ...database(), pool: undefined });
/** COPY runs on a PostgreSQL server only (PGlite has no COPY stream). */
const onServer = Boolean(testDatabaseUrl());
/** What db.execute answers (the Db type leaves it unknown across drivers). */
const rowsOf = async <Row>(query: ReturnType<typeof sql>) =>
  ((await database().db.execute(query)) as unknown as { rows: Row[] }).rows;

async function bytesOf(chunks: AsyncIterable<Buffer>): Promise<string> {
  const all: Buffer[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return Buffer.concat(all).toString('utf8');
}
async function cellsOf(pages: AsyncIterable<Cell[][]>): Promise<Cell[][]> {
  const all: Cell[][] = [];
  for await (const page of pages) all.push(...page);
  return all;
}

/** Text a CSV or a spreadsheet can get wrong. */
const awkward = [
  '=cmd|" /C calc"!A0',
  '=1+1',
  '+1',
  '-1 degrees',
  '@SUM(A1)',
  '\t=1',
  '\r=1',
  'a,b',
  'say "hi"',
  'two\nlines',
  'cr\r\nlf',
  '',
  'Ünïcødé 🎉 日本語',
  "it's",
  'back\\slash \\N',
  ' lead and trail ',
  '"',
  'a=1',
  '$q$ dollar $qq',
  'bell\u0007',
];

/** A quiz whose respondents hold every awkward text in every text column, at dates a formatter can get wrong. */
async function awkwardRespondents() {
  const owner = await createOwner(server);
  const quiz = await createGradedQuiz(owner.client, { title: 'Awkward', questions: 1 });
  const ref = { id: quiz.id as string, accountId: owner.account.id };
  const { db } = database();
  const dates = ['2026-11-03 14:05:59.999999+00', '2026-12-31 23:59:30+00', '2027-01-05 00:00:00+00', '2026-03-09 09:07:00.5+00'];
  await db.insert(plays).values(
    awkward.map((text, index) => ({
      quizId: ref.id,
      id: randomUUID(),
      accountId: ref.accountId,
      status: 'completed' as const,
      email: index === 3 ? null : text,
      // Every other phone and language is missing (null), the rest as awkward as the other columns.
      phone: index % 2 === 0 ? null : awkward[(index + 5) % awkward.length]!,
      language: index % 3 === 0 ? null : awkward[(index + 6) % awkward.length]!,
      resultSummary: awkward[(index + 1) % awkward.length]!,
      country: awkward[(index + 2) % awkward.length]!,
      state: awkward[(index + 3) % awkward.length]!,
      city: awkward[(index + 4) % awkward.length]!,
      answers: {},
    })),
  );
  // Dates with microseconds (finer than a JavaScript Date) are written by the database itself.
  await db.execute(sql`
    update ${plays} set completed_at = (array[${sql.join(
      dates.map((date) => sql`${date}::timestamptz`),
      sql`, `,
    )}])[1 + (abs(hashtext(${plays.id}::text)) % 4)]
                        + (abs(hashtext(${plays.id}::text)) % 1000) * interval '1 minute'
    where ${plays.quizId} = ${ref.id}`);
  return ref;
}

describe('COPY beside keyset pages', () => {
  it.runIf(onServer)('writes the CSV bytes csv.ts writes: formula-like text, quotes, line breaks, unicode, dates', async () => {
    const quiz = await awkwardRespondents();
    const copied = await bytesOf(csvChunks(database(), respondentsExport(quiz)));
    expect(copied).toBe(await bytesOf(csvChunks(paged(), respondentsExport(quiz))));
    expect(copied.split('\r\n').length).toBeGreaterThan(awkward.length);
    expect(copied).toContain(`"'=cmd|"" /C calc""!A0"`);
    expect(copied).toContain(`'=1+1,`);

    const owner = await createOwner(server);
    const options = ['=HYPERLINK("http://evil")', 'Yes, "really"', "it's $q$ \\ ok", '@once Ünï 🎉'];
    const poll = await createPoll(owner.client, { description: 'Awkward options', options, collectEmail: false });
    await database()
      .db.insert(pollVotes)
      .values(
        [0, 1, 2, 3, 6].map((optionIndex, index) => ({
          pollId: poll.id,
          id: randomUUID(),
          accountId: owner.account.id,
          optionIndex,
          email: awkward[index]!,
          createdAt: new Date(Date.UTC(2026, 10, 3, 14, index)),
        })),
      );
    const pollRef = { ...poll, accountId: owner.account.id };
    const votes = await bytesOf(csvChunks(database(), pollVotesExport(pollRef)));
    expect(votes).toBe(await bytesOf(csvChunks(paged(), pollVotesExport(pollRef))));
    expect(votes).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(votes).toContain("it's $q$ \\ ok");
  });

  it.runIf(onServer)('guards and quotes any text cell, null and empty included, as csv.ts does', async () => {
    const text = fc.string({
      unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '"', ',', "'", 'a', 'é', '🎉', ' ', '\\'),
    });
    const cell = fc.option(text, { nil: null });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(cell, cell, cell), { minLength: 1, maxLength: 6 }), async (rows) => {
        const literal = (value: string | null) => (value === null ? sql`null::text` : sql`${value}::text`);
        const values = sql.join(
          rows.map((cells, index) => sql`(${index}, ${sql.join(cells.map(literal), sql`, `)})`),
          sql`, `,
        );
        const cells = ['c0', 'c1', 'c2'].map((name) => csvTextSql(sql`${sql.identifier(name)}`));
        const statement = copyStatement(
          sql`select ${sql.join(cells, sql`, `)} from (values ${values}) as awkward (n, c0, c1, c2) order by n`,
          'format csv',
        );
        const copied = await bytesOf(crlfRowEnds(copyChunks(database().pool!, statement)));
        expect(copied).toBe(rows.map((row) => csvLine(row.map((value) => value ?? ''))).join(''));
      }),
      { numRuns: 60 },
    );
  });

  it.runIf(onServer)('gives the .xlsx writer the cells keyset pages give', async () => {
    const quiz = await awkwardRespondents();
    const copied = await cellsOf(rowPages(database(), respondentsExport(quiz)));
    expect(copied).toHaveLength(awkward.length);
    expect(copied).toEqual(await cellsOf(rowPages(paged(), respondentsExport(quiz))));
    const owner = await createOwner(server);
    const feedback = await createFeedback(owner.client);
    const feedbackRef = { ...feedback, accountId: owner.account.id };
    expect(await cellsOf(rowPages(database(), feedbackResponsesExport(feedbackRef)))).toEqual([]);
  });
});

describe('an export’s connection', () => {
  const checkedOut = () => {
    const pool = database().pool!;
    return pool.totalCount - pool.idleCount;
  };
  /**
   * The COPYs started on this database since `since` (the database's clock), by backend pid. Not by the
   * quiz's id in the statement: pg_stat_activity keeps only the first 1 KB of a query (track_activity_query_size),
   * and an export's columns push the id past it.
   */
  const copiesSince = async (since: string) =>
    (
      await rowsOf<{ pid: number }>(
        sql`select pid from pg_stat_activity
            where datname = current_database() and state = 'active' and query like 'copy (%' and query_start >= ${since}::timestamptz`,
      )
    ).map((row) => row.pid);
  /** How many of `pids` still run a COPY. */
  const stillCopying = async (pids: number[]) => {
    const [row] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity
          where pid = any(${`{${pids.join(',')}}`}::int[]) and state = 'active' and query like 'copy (%'`,
    );
    return row!.n;
  };
  const databaseNow = async () => (await rowsOf<{ now: string }>(sql`select now()::text as now`))[0]!.now;

  it.runIf(onServer)(
    'goes back to the pool, and the COPY ends, when the client leaves mid-download',
    async () => {
      const owner = await createOwner(server);
      const quiz = await createGradedQuiz(owner.client, { title: 'Big', questions: 1 });
      // Far more than the socket buffers hold, so the download is cut while COPY still has rows to send.
      await database().db.execute(sql`
      insert into "plays" ("quiz_id", "id", "account_id", "status", "email", "result_summary", "country", "completed_at")
      select ${quiz.id}::uuid, gen_random_uuid(), ${owner.account.id}::uuid, 'completed', 'respondent' || n || '@example.com',
             repeat('result ', 20), 'Germany', timestamptz '2026-11-03 14:05:00+00' - n * interval '1 second'
      from generate_series(1, 150000) as n`);
      await database().db.update(quizzes).set({ completedPlays: 150_000 }).where(eq(quizzes.id, quiz.id));
      for (const format of ['csv', 'xlsx']) {
        const since = await databaseNow();
        const leaving = new AbortController();
        const response = await fetch(`${owner.client.baseUrl}/api/v1/quizzes/${quiz.id}/respondents/export?format=${format}`, {
          headers: { cookie: owner.client.cookie },
          signal: leaving.signal,
        });
        expect(response.status).toBe(200);
        const reader = response.body!.getReader();
        expect((await reader.read()).done).toBe(false);
        const copies = await copiesSince(since);
        expect(copies.length).toBeGreaterThanOrEqual(1);
        leaving.abort();
        await expect.poll(checkedOut, { timeout: 20_000 }).toBe(0);
        await expect.poll(() => stillCopying(copies), { timeout: 20_000 }).toBe(0);
      }
    },
    60_000,
  );

  it('a failing query fails before the first byte (so the route answers with the JSON error), and its connection goes back', async () => {
    const owner = await createOwner(server);
    const quiz = await createGradedQuiz(owner.client, { title: 'Failing', questions: 1 });
    const failing: ExportQuery = {
      ...respondentsExport({ id: quiz.id, accountId: owner.account.id }),
      where: sql`${plays.quizId} = ${quiz.id} and 1 / (select count(*) from ${plays} where false) = 1`,
    };
    // drizzle wraps a keyset page's error ('Failed query: …'), with PostgreSQL's as its cause.
    const failure = (started: Promise<unknown>) =>
      started.then(
        () => 'no error',
        (error: Error) => `${error.message} ${(error.cause as Error | undefined)?.message ?? ''}`,
      );
    expect(await failure(startedOn(csvChunks(database(), failing)))).toMatch(/division by zero/);
    expect(await failure(startedOn(rowPages(database(), failing)))).toMatch(/division by zero/);
    if (onServer) await expect.poll(checkedOut, { timeout: 10_000 }).toBe(0);
  });
});

describe('dollarQuoted', () => {
  it('makes a literal the database reads back as the same text, whatever it holds', async () => {
    for (const text of ['', 'plain', "it's", '$q$', 'ends with $q', '$qq$ and $q$', 'back\\slash', 'new\nline']) {
      const [row] = await rowsOf<{ text: string }>(sql.raw(`select ${dollarQuoted(text)} as text`));
      expect(row!.text).toBe(text);
    }
  });
});
