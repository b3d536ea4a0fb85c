/**
 * The public player's hot paths, each printed as a ratio to a baseline measured in the same run:
 * - a published quiz (GET, cached) against a bare `node:http` server sending the same bytes;
 * - a whole play with a lead (start → answers → lead, three requests) against pgbench running the very
 *   statements one play sends (bench/playStatements.ts), on the same database (PostgreSQL only);
 * - GET /healthz against the bare server, to show what the framework alone costs.
 * autocannon on loopback, in a process of its own (bench/loadGenerator.ts), `BENCH_CONNECTIONS` (10)
 * connections, `BENCH_SECONDS` (5) each, `BENCH_ROUNDS` (3) rounds of every measure: each ratio is taken
 * within its round and printed as the rounds' median and range. On PostgreSQL the bench makes its own
 * database (`quizlead_bench_play`) on the server of `DATABASE_URL`, new each run. `BENCH_ONLY=quiz` or
 * `BENCH_ONLY=play` loads that path alone (no baselines), to profile it (bench/profileSummary.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createOwner } from '../server/src/test/factories.ts';
import { getTestServer } from '../server/src/test/getTestServer.ts';
import { createGradedQuiz, newPlayKey } from '../server/src/test/quizFactory.ts';
import { freshDatabase } from './freshDatabase.ts';
import { loadFrom, type LoadPlan } from './loadGenerator.ts';
import { startPlayFloor, type RecordedStep } from './playFloor.ts';
import { background, installStatementRecorder, pgbenchScript, recordStatements } from './playStatements.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const only = process.env.BENCH_ONLY;
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

/** Loads `url` from a process of its own (bench/loadGenerator.ts), so the server keeps its thread. */
const run = (url: string, plan: LoadPlan) => loadFrom(url, plan, { connections, seconds });

/** A bare node:http server answering every request with `bytes` (JSON), the ceiling for a GET. */
async function bareServer(bytes: Buffer): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
    response.end(bytes);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** The median of a measure's runs, and their range. */
function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, min: sorted[0]!, max: sorted.at(-1)! };
}

installStatementRecorder();
// On PostgreSQL the bench has a database of its own, new each run.
if (process.env.DATABASE_URL) process.env.DATABASE_URL = await freshDatabase(process.env.DATABASE_URL, 'quizlead_bench_play');
// Per-IP limits are for the internet, not for a loopback benchmark of one client; jobs would only add noise.
const server = await getTestServer({ LOG_LEVEL: 'silent', JOB_POLL_SECONDS: '3600' });
server.services.limiters.publicByIp.max = Number.MAX_SAFE_INTEGER;
server.services.limiters.publicByQuiz.max = Number.MAX_SAFE_INTEGER;
let bare: Server | undefined;
try {
  const owner = await createOwner(server);
  const quiz = await createGradedQuiz(owner.client, { title: 'Bench quiz', questions: 5, publish: true });
  const answers = Object.fromEntries(quiz.questions.map((question: { id: string }) => [question.id, ['a1']]));
  const quizPath = `/api/v1/public/quizzes/${quiz.id}`;
  const quizBytes = Buffer.from(await (await fetch(`${server.url}${quizPath}`)).arrayBuffer());
  const baseline = await bareServer(quizBytes);
  bare = baseline.server;

  const play: LoadPlan = { kind: 'play', quizId: quiz.id, answers };

  console.log(`database: ${server.services.database.driver}; ${connections} connections, ${seconds} s each`);
  if (only === 'quiz' || only === 'play') {
    const rate = only === 'quiz' ? await run(server.url, { kind: 'get', path: quizPath }) : await run(server.url, play);
    console.log(`${only}: ${rate.toFixed(0)}/s`);
  } else {
    const databaseUrl = server.env.DATABASE_URL;
    // One play traced through the API (again if background work slipped into the trace): each
    // request's statements and answer, for the floor and the pgbench script.
    let traced: { playId: string; steps: RecordedStep[] } | undefined;
    const keep = new Set([quiz.id, owner.account.id].map((id: string) => id.toLowerCase()));
    for (let attempt = 0; databaseUrl && attempt < 5 && !traced; attempt++) {
      const playId = crypto.randomUUID();
      const client = server.client();
      const steps: RecordedStep[] = [];
      const step = async (send: () => Promise<{ body: unknown }>) => {
        let body: unknown;
        const statements = await recordStatements(async () => {
          body = (await send()).body;
        });
        steps.push({ statements, response: Buffer.from(JSON.stringify(body)) });
        return body as { data: { playToken: string } };
      };
      const started = await step(() => client.post(`/api/v1/public/quizzes/${quiz.id}/plays`, { playId, playKey: newPlayKey() }));
      const auth = { authorization: `Bearer ${started.data.playToken}` };
      await step(() => client.request('POST', `/api/v1/public/plays/${playId}/answers`, { answers }, auth));
      await step(() =>
        client.request(
          'POST',
          `/api/v1/public/plays/${playId}/lead`,
          { name: 'Bench', email: 'bench@example.com', consent: true },
          auth,
        ),
      );
      if (steps.some(({ statements }) => statements.some((statement) => background.test(statement.text)))) continue;
      traced = { playId, steps };
    }
    if (databaseUrl && !traced) throw new Error('every traced play had background work in it');
    let script: string | undefined;
    if (traced) {
      const statements = traced.steps.flatMap((step) => step.statements);
      const perStep = traced.steps.map((step) => step.statements.length).join(' + ');
      console.log(`one play sends ${statements.length} statements (${perStep}), BEGIN and COMMIT included`);
      const dir = fileURLToPath(new URL('../test-results/', import.meta.url));
      mkdirSync(dir, { recursive: true });
      script = `${dir}play.pgbench.sql`;
      writeFileSync(script, pgbenchScript(statements, traced.playId, keep));
    }

    const measured: Record<string, number[]> = {};
    const note = (key: string, value: number) => (measured[key] ??= []).push(value);
    // A warm-up, not counted: the JIT, the pools' connections and their prepared statements.
    await loadFrom(server.url, play, { connections, seconds: 3 });
    for (let round = 1; round <= rounds; round++) {
      note('bare', await run(baseline.url, { kind: 'get', path: '/' }));
      note('healthz', await run(server.url, { kind: 'get', path: '/healthz' }));
      note('quiz', await run(server.url, { kind: 'get', path: quizPath }));
      note('play', await run(server.url, play));
      if (databaseUrl && traced && script) {
        const floor = await startPlayFloor(databaseUrl, traced.steps, traced.playId, keep, connections);
        try {
          note('floor', await run(floor.url, play));
        } finally {
          await floor.stop();
        }
        // pgbench as the app sends the statements (prepared once per connection), and as the issue first
        // measured it (simple protocol: each statement parsed and planned every time).
        for (const [key, mode] of [
          ['pgbench', 'prepared'],
          ['pgbenchSimple', 'simple'],
        ] as const) {
          const output = execFileSync(
            'pgbench',
            ['-n', '-M', mode, '-c', String(connections), '-j', '2', '-T', String(seconds), '-f', script, databaseUrl],
            { encoding: 'utf8' },
          );
          note(key, Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? Number.NaN));
        }
      }
      console.log(
        `round ${round} of ${rounds}: ${Object.entries(measured)
          .map(([key, values]) => `${key} ${values.at(-1)!.toFixed(0)}/s`)
          .join(', ')}`,
      );
    }

    /** A ratio per round (each against the baseline measured in the same round): median and range. */
    const ratio = (key: string, base: string) => summary(measured[key]!.map((value, index) => value / measured[base]![index]!));
    const rows: [string, string, string | null, number | null][] = [
      ['bare node:http, the quiz bytes (baseline)', 'bare', null, null],
      ['GET /healthz ÷ bare', 'healthz', 'bare', null],
      ['GET /api/v1/public/quizzes/{id} ÷ bare', 'quiz', 'bare', 0.7],
    ];
    if (measured.pgbench) {
      rows.push(['pgbench, one play’s statements, prepared (baseline)', 'pgbench', null, null]);
      rows.push(['play with a lead, plays/s ÷ pgbench', 'play', 'pgbench', 0.6]);
      rows.push(['pgbench, simple protocol (the issue’s first baseline)', 'pgbenchSimple', null, null]);
      rows.push(['play with a lead ÷ pgbench, simple protocol', 'play', 'pgbenchSimple', null]);
      rows.push(['floor: node:http + pg, the same statements ÷ pgbench', 'floor', 'pgbench', null]);
      rows.push(['play with a lead ÷ the floor', 'play', 'floor', null]);
    } else rows.push(['play with a lead, plays/s (PGlite: no pgbench baseline)', 'play', null, null]);
    console.log(`\nmedians of ${rounds} rounds (range):`);
    for (const [label, key, base, target] of rows) {
      const rate = summary(measured[key]!);
      const perSecond = `${rate.median.toFixed(0).padStart(7)}/s`;
      if (!base) {
        console.log(`${label.padEnd(58)} ${perSecond}   (${rate.min.toFixed(0)}–${rate.max.toFixed(0)})`);
        continue;
      }
      const { median, min, max } = ratio(key, base);
      const verdict = target === null ? '' : `   ${median >= target ? 'meets' : 'BELOW'} target ${target}`;
      console.log(
        `${label.padEnd(58)} ${perSecond}   ratio ${median.toFixed(3)} (${min.toFixed(2)}–${max.toFixed(2)})${verdict}`,
      );
    }
  }
} finally {
  bare?.close();
  await server.stop();
}
