/**
 * The public player's hot paths, each printed as a ratio to a baseline measured in the same run:
 * - a published quiz (GET, cached) against a bare `node:http` server sending the same bytes;
 * - a whole play with a lead (start → answers → lead, three requests) against pgbench running the very
 *   statements one play sends (bench/playStatements.ts), on the same database (PostgreSQL only);
 * - GET /healthz against the bare server, to show what the framework alone costs.
 * autocannon on loopback, in a process of its own (bench/loadGenerator.ts), `BENCH_CONNECTIONS` (10)
 * connections, `BENCH_SECONDS` (5) each. `BENCH_ONLY=quiz` or
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
import { loadFrom, type LoadPlan } from './loadGenerator.ts';
import { startPlayFloor, type RecordedStep } from './playFloor.ts';
import { background, installStatementRecorder, pgbenchScript, recordStatements } from './playStatements.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const only = process.env.BENCH_ONLY;

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

installStatementRecorder();
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
    const bareRate = await run(baseline.url, { kind: 'get', path: '/' });
    const health = await run(server.url, { kind: 'get', path: '/healthz' });
    const fetchQuiz = await run(server.url, { kind: 'get', path: quizPath });
    const plays = await run(server.url, play);

    let pgbenchRate: number | null = null;
    let floorRate: number | null = null;
    const databaseUrl = server.env.DATABASE_URL;
    if (databaseUrl) {
      // One play traced through the API (again if background work slipped into the trace), once the
      // requests autocannon left in flight have finished: each request's statements and answer.
      await new Promise((done) => setTimeout(done, 2000));
      const keep = new Set([quiz.id, owner.account.id].map((id: string) => id.toLowerCase()));
      let traced: { playId: string; steps: RecordedStep[] } | undefined;
      for (let attempt = 0; attempt < 5 && !traced; attempt++) {
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
        const started = await step(() =>
          client.post(`/api/v1/public/quizzes/${quiz.id}/plays`, { playId, playKey: newPlayKey() }),
        );
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
      if (!traced) throw new Error('every traced play had background work in it');
      const statements = traced.steps.flatMap((step) => step.statements);
      console.log(
        `one play sends ${statements.length} statements (${statements.filter((s) => /^(begin|commit)/i.test(s.text)).length} BEGIN/COMMIT)`,
      );

      const floor = await startPlayFloor(databaseUrl, traced.steps, traced.playId, keep, 10);
      try {
        floorRate = await run(floor.url, play);
      } finally {
        await floor.stop();
      }

      const dir = fileURLToPath(new URL('../test-results/', import.meta.url));
      mkdirSync(dir, { recursive: true });
      writeFileSync(`${dir}play.pgbench.sql`, pgbenchScript(statements, traced.playId, keep));
      const output = execFileSync(
        'pgbench',
        ['-n', '-c', String(connections), '-j', '2', '-T', String(seconds), '-f', `${dir}play.pgbench.sql`, databaseUrl],
        { encoding: 'utf8' },
      );
      pgbenchRate = Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? Number.NaN);
    }

    const rows: [string, number, number, number | null][] = [
      ['bare node:http, the quiz bytes (baseline)', bareRate, 1, null],
      ['GET /healthz ÷ bare', health, bareRate, null],
      ['GET /api/v1/public/quizzes/{id} ÷ bare', fetchQuiz, bareRate, 0.7],
    ];
    if (pgbenchRate) {
      rows.push(['pgbench, one play’s statements (baseline)', pgbenchRate, 1, null]);
      rows.push(['play with a lead, plays/s ÷ pgbench', plays, pgbenchRate, 0.6]);
      if (floorRate) {
        rows.push(['floor: node:http + pg, the same statements ÷ pgbench', floorRate, pgbenchRate, null]);
        rows.push(['play with a lead ÷ the floor', plays, floorRate, null]);
      }
    } else rows.push(['play with a lead, plays/s (PGlite: no pgbench baseline)', plays, 1, null]);
    for (const [label, perSecond, base, target] of rows) {
      const ratio = perSecond / base;
      const verdict = target === null ? '' : `   ${ratio >= target ? 'meets' : 'BELOW'} target ${target}`;
      console.log(`${label.padEnd(58)} ${perSecond.toFixed(0).padStart(7)}/s   ratio ${ratio.toFixed(3)}${verdict}`);
    }
  }
} finally {
  bare?.close();
  await server.stop();
}
