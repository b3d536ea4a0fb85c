/**
 * npm run bench:reports: do the quiz report, the respondents table, the dashboard and its chart stay
 * fast as plays grow 100-fold, and does an export stream like the database can?
 *
 * It needs PostgreSQL (BENCH_DATABASE_URL, else DATABASE_URL's server, else 127.0.0.1:5432) and
 * makes a fresh `quizlead_bench` database there. One account gets a five-question quiz with 10,000
 * plays, timed; then 990,000 more plays (1,000,000), timed again; each screen prints the ratio of its
 * median time at 1,000,000 plays to its median at 10,000 (goal: at most 3). A second quiz gets
 * 100,000 completed plays, exported as CSV and .xlsx: the time prints as a ratio to
 * `COPY … TO STDOUT` of the same rows (7 rounds, COPY and the downloads in turn; each round's ratio to its own COPY), with the server's peak memory growth while it streams.
 *
 * Plays are seeded by the database itself (INSERT … SELECT over generate_series, 100,000 rows per
 * statement), with realistic answers, results, emails and places, and the roll-ups the app keeps as
 * plays arrive (quiz_daily_stats, quiz_question_stats, quizzes.completed_plays) are rebuilt from them.
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { createOwner } from '../server/src/test/factories.ts';
import { getTestServer } from '../server/src/test/getTestServer.ts';
import { createGradedQuiz } from '../server/src/test/quizFactory.ts';
import { freshDatabase } from './freshDatabase.ts';

const samples = Number(process.env.BENCH_SAMPLES ?? 25);
const small = 10_000;
const large = Number(process.env.BENCH_PLAYS ?? 1_000_000);
const exportRows = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const goal = 3;

const adminUrl = new URL(
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);

/** Inserts plays `from`..`to` (inclusive) of a quiz, `batch` rows per statement; 70% completed, 40% of those with an email. */
async function seedPlays(
  sql: pg.Client,
  quiz: { id: string; accountId: string; answers: Record<string, string[]> },
  from: number,
  to: number,
  options: { allCompleted?: boolean } = {},
) {
  const batch = 100_000;
  for (let start = from; start <= to; start += batch) {
    const end = Math.min(to, start + batch - 1);
    await sql.query(
      `insert into plays (quiz_id, id, account_id, status, answers, result, result_summary, score, percentage,
                          name, email, consent, user_agent, country, state, city, reached,
                          started_at, answered_at, completed_at)
       select $1, gen_random_uuid(), $2, p.status,
              case when p.status = 'completed' then $3::jsonb end,
              case when p.status = 'completed' then jsonb_build_object('kind', 'graded', 'score', p.score, 'max', 5, 'percentage', p.score * 20) end,
              case when p.status = 'completed' then p.score || ' / 5 (' || p.score * 20 || '%)' end,
              case when p.status = 'completed' then p.score end,
              case when p.status = 'completed' then p.score * 20 end,
              case when p.lead then 'Player ' || g end,
              case when p.lead then 'player' || g || '@example.com' end,
              p.lead,
              'Mozilla/5.0 (bench)',
              (array['United States', 'India', 'Germany', 'Brazil', 'France', 'Japan'])[1 + g % 6],
              (array['California', 'Maharashtra', 'Bavaria', 'São Paulo', 'Île-de-France', 'Tokyo', 'Texas'])[1 + g % 7],
              (array['San Francisco', 'Mumbai', 'Munich', 'Campinas', 'Paris', 'Shibuya', 'Austin', 'Berlin'])[1 + g % 8],
              $4::text[],
              p.started_at,
              case when p.status = 'completed' then p.started_at + interval '90 seconds' end,
              case when p.status = 'completed' then p.started_at + interval '2 minutes' end
       from generate_series($5::int, $6::int) as g,
       lateral (select case when $7::boolean or g % 10 < 7 then 'completed' else 'started' end as status,
                       g % 6 as score,
                       g % 10 < 7 and g % 5 < 2 as lead,
                       now() - make_interval(days => g % 365, secs => g % 86400) as started_at) as p`,
      [
        quiz.id,
        quiz.accountId,
        JSON.stringify(quiz.answers),
        Object.keys(quiz.answers),
        start,
        end,
        options.allCompleted ?? false,
      ],
    );
    process.stdout.write(`\r  seeded ${end.toLocaleString('en-US')} plays`);
  }
  process.stdout.write('\n');
}

/** What the app would have counted as those plays arrived (docs/performance.md, "Roll-ups"). */
async function rebuildRollUps(sql: pg.Client, quizId: string) {
  await sql.query('delete from quiz_daily_stats where quiz_id = $1', [quizId]);
  await sql.query(
    `insert into quiz_daily_stats (quiz_id, day, account_id, views, starts, completions, leads, scored, percentage_sum)
     select quiz_id, started_at::date, account_id, count(*) * 13 / 10, count(*),
            count(*) filter (where status = 'completed'), count(email),
            count(percentage), coalesce(sum(percentage), 0)
     from plays where quiz_id = $1 group by quiz_id, started_at::date, account_id`,
    [quizId],
  );
  // Each question is reached by the plays that got that far: completed plays reach all five, the
  // others stop evenly along the way.
  await sql.query('delete from quiz_question_stats where quiz_id = $1', [quizId]);
  await sql.query(
    `insert into quiz_question_stats (quiz_id, question_id, account_id, reached, answered)
     select $1, question.id::uuid, (select account_id from quizzes where id = $1),
            completed + abandoned * (5 - question.position) / 5,
            completed + abandoned * (4 - question.position) / 5
     from (select count(*) filter (where status = 'completed') as completed,
                  count(*) filter (where status <> 'completed') as abandoned
           from plays where quiz_id = $1) as totals,
          unnest($2::text[]) with ordinality as question(id, position)`,
    [quizId, await questionIds(sql, quizId)],
  );
  await sql.query(
    `update quizzes set completed_plays = (select coalesce(sum(completions), 0) from quiz_daily_stats where quiz_id = $1) where id = $1`,
    [quizId],
  );
  await sql.query('analyze plays');
  await sql.query('analyze quiz_daily_stats');
}

async function questionIds(sql: pg.Client, quizId: string): Promise<string[]> {
  const { rows } = await sql.query<{ id: string }>('select id from questions where quiz_id = $1 order by position', [quizId]);
  return rows.map((row) => row.id);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The median time of `samples` sequential requests, after three warm-ups. */
async function time(url: string, headers: Record<string, string>): Promise<number> {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 3; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) times.push(await once());
  return median(times);
}

/** Downloads `url` to nowhere; answers the time and the bytes. */
async function download(url: string, headers: Record<string, string>) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  if (!response.ok || !response.body) throw new Error(`${url}: HTTP ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += (chunk as Uint8Array).byteLength;
  return { ms: performance.now() - started, bytes };
}

/** Runs `work` while sampling the process's resident memory; answers its peak growth in MB. */
async function peakGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growthMb: (peak - before) / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}

const fmt = (ms: number) => `${ms.toFixed(1).padStart(8)} ms`;

/** What both parts need: the server, an owner's cookie, a way to make a quiz, a direct connection. */
interface Bench {
  base: string;
  headers: Record<string, string>;
  quizOf: (title: string) => Promise<{ id: string; accountId: string; answers: Record<string, string[]> }>;
  sql: pg.Client;
}

/** The report and dashboard screens at 10,000 and 1,000,000 plays. */
async function benchScreens({ base, headers, quizOf, sql }: Bench) {
  const reportQuiz = await quizOf('Bench report quiz');
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
  const screens: [string, string][] = [
    ['report KPIs and drop-off', `/api/v1/quizzes/${reportQuiz.id}/report`],
    ['respondents table, first page (newest first)', `/api/v1/quizzes/${reportQuiz.id}/respondents`],
    ['respondents table, first page by email', `/api/v1/quizzes/${reportQuiz.id}/respondents?sort=email&direction=asc`],
    ['dashboard, last 30 days', `/api/v1/dashboard`],
    ['dashboard chart, last 30 days', `/api/v1/dashboard/graph`],
    ['dashboard chart, one year', `/api/v1/dashboard/graph?start=${yearAgo}&end=${today}`],
  ];
  const measureAll = async () => {
    const times: number[] = [];
    for (const [, path] of screens) times.push(await time(base + path, headers));
    return times;
  };

  console.log(`PostgreSQL at ${adminUrl.host}; median of ${samples} sequential requests per screen`);
  console.log(`seeding ${small.toLocaleString('en-US')} plays`);
  await seedPlays(sql, reportQuiz, 1, small);
  await rebuildRollUps(sql, reportQuiz.id);
  const atSmall = await measureAll();

  console.log(`seeding up to ${large.toLocaleString('en-US')} plays`);
  const started = performance.now();
  await seedPlays(sql, reportQuiz, small + 1, large);
  await rebuildRollUps(sql, reportQuiz.id);
  console.log(
    `  ${(large - small).toLocaleString('en-US')} plays and their roll-ups in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const atLarge = await measureAll();

  console.log(`\n${'screen'.padEnd(44)} ${'10k plays'.padStart(11)} ${'1M plays'.padStart(11)}   ratio (goal ≤ ${goal})`);
  screens.forEach(([label], index) => {
    const ratio = atLarge[index]! / atSmall[index]!;
    console.log(
      `${label.padEnd(44)} ${fmt(atSmall[index]!)} ${fmt(atLarge[index]!)}   ${ratio.toFixed(2)} ${ratio <= goal ? 'meets' : 'OVER'}`,
    );
  });
}

/** A 100,000-row export as CSV and .xlsx against COPY of the same rows. */
async function benchExport({ base, headers, quizOf, sql }: Bench) {
  const exportQuiz = await quizOf('Bench export quiz');
  console.log(`\nseeding ${exportRows.toLocaleString('en-US')} completed plays for the export`);
  await seedPlays(sql, exportQuiz, 1, exportRows, { allCompleted: true });
  await rebuildRollUps(sql, exportQuiz.id);

  // The export's columns in its order (respondentExportColumns), as they are stored.
  const copyQuery = `copy (select email, phone, result_summary, completed_at, country, state, city, language from plays
                           where quiz_id = '${exportQuiz.id}' and status = 'completed' and not preview
                           order by completed_at desc, id desc) to stdout with (format csv, header)`;
  const copyOnce = async () => {
    const startedCopy = performance.now();
    let bytes = 0;
    await pipeline(
      sql.query(copyTo(copyQuery)),
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          bytes += chunk.byteLength;
          done();
        },
      }),
    );
    return { ms: performance.now() - startedCopy, bytes };
  };
  const formats = ['csv', 'xlsx'] as const;
  const urlOf = (format: (typeof formats)[number]) =>
    `${base}/api/v1/quizzes/${exportQuiz.id}/respondents/export?format=${format}`;
  await copyOnce(); // warm the cache
  for (const format of formats) await download(urlOf(format), headers); // warm-up
  // COPY and the downloads take turns, and each round's ratio is to that round's COPY: on a machine whose load
  // drifts (another build, a browser test), three COPYs first and the downloads after measured the drift.
  const rounds = 7;
  const copies: number[] = [];
  const runs = Object.fromEntries(
    formats.map((format) => [format, { ms: [] as number[], ratios: [] as number[], bytes: 0, growth: 0 }]),
  );
  let copyBytes = 0;
  for (let round = 0; round < rounds; round++) {
    const copied = await copyOnce();
    copies.push(copied.ms);
    copyBytes = copied.bytes;
    for (const format of formats) {
      const { result, growthMb } = await peakGrowth(() => download(urlOf(format), headers));
      const run = runs[format]!;
      run.ms.push(result.ms);
      run.ratios.push(result.ms / copied.ms);
      run.bytes = result.bytes;
      run.growth = Math.max(run.growth, growthMb);
    }
  }
  const copyMs = median(copies);
  const rate = (bytes: number, ms: number) => `${(bytes / 1e6 / (ms / 1000)).toFixed(0).padStart(3)} MB/s`;
  console.log(`${rounds} rounds, COPY and each download in turn; medians, the ratio the median of each round's own`);
  console.log(
    `COPY … TO STDOUT of the same rows (baseline)   ${fmt(copyMs)}  ${(copyBytes / 1e6).toFixed(1)} MB  ${rate(copyBytes, copyMs)}`,
  );
  for (const format of formats) {
    const run = runs[format]!;
    const ms = median(run.ms);
    const ratios = [...run.ratios].sort((a, b) => a - b);
    console.log(
      `export ${exportRows.toLocaleString('en-US')} rows as ${format.padEnd(4)}                ${fmt(ms)}  ${(run.bytes / 1e6).toFixed(1)} MB  ${rate(run.bytes, ms)}   ratio ${median(ratios).toFixed(1)} to COPY (rounds ${ratios[0]!.toFixed(1)}–${ratios.at(-1)!.toFixed(1)})   peak memory growth ${run.growth.toFixed(0)} MB`,
    );
  }
}

const benchUrl = await freshDatabase(adminUrl.toString(), 'quizlead_bench');
process.env.DATABASE_URL = benchUrl;
const server = await getTestServer({ LOG_LEVEL: 'silent' });
const sql = new pg.Client({ connectionString: benchUrl });
await sql.connect();
try {
  const owner = await createOwner(server);
  const headers = { cookie: owner.client.cookie };
  const base = server.url;
  const quizOf = async (title: string) => {
    const quiz = await createGradedQuiz(owner.client, { title, questions: 5, publish: true });
    const answers = Object.fromEntries(quiz.questions.map((question: { id: string }) => [question.id, ['a1']]));
    return { id: quiz.id as string, accountId: owner.account.id, answers };
  };
  const bench = { base, headers, quizOf, sql };
  // BENCH_ONLY=export runs the export part alone (without the screens' 1,000,000 plays).
  if (process.env.BENCH_ONLY !== 'export') await benchScreens(bench);
  await benchExport(bench);
} finally {
  await sql.end();
  await server.stop();
}
