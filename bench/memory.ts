/**
 * The server's resident memory on the embedded default (issue 38): `npm start`'s server process on a
 * fresh PGlite data directory, 10,000 whole plays over HTTP, its RSS (VmRSS of /proc/<pid>/status) idle
 * after start, at its peak and after a settle, against 300 MB and against a baseline run in the same bench:
 * the same server with PGlite's and Node.js's own defaults (`untuned`: none of the memory settings of
 * server/src/db/pgliteSettings.ts or of the `serve` script's node flags), and, when `DATABASE_URL` is
 * given, the server on that PostgreSQL (its own database, `quizlead_bench_memory`, new each run; only the
 * Node.js process is measured there, PostgreSQL's are not).
 *
 * The server runs as `npm start` runs it once built (`node <the serve script's flags> server/src/main.ts`,
 * NODE_ENV unset, info logs, jobs polled every second), so `npm run build` must have run; the bench does
 * not build. The owner and the quizzes are seeded as the other benches seed them (the test factories),
 * into the data directory before the server opens it: PGlite serves one process. A play is what the
 * player sends: the quiz, the start, the answers and the lead (not the drop-off's progress events, one
 * small statement each, which would more than double the run on this machine and add nothing held). Each play
 * comes from an address of its own (X-Forwarded-For behind TRUST_PROXY=1), as visitors do, and plays go
 * round four published quizzes, so neither public rate limit is what the bench measures.
 *
 * `BENCH_PLAYS` (10,000), `BENCH_CONCURRENCY` (8 plays at a time), `BENCH_SETTLE_SECONDS` (10, before the
 * idle and the final figure), `BENCH_ONLY=tuned|untuned|postgres` one configuration alone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../server/src/db/client.ts';
import { untunedPgliteSettings } from '../server/src/db/pgliteSettings.ts';
import { createOwner } from '../server/src/test/factories.ts';
import { TestClient } from '../server/src/test/getTestServer.ts';
import { createGradedQuiz, newPlayKey } from '../server/src/test/quizFactory.ts';
import { freshDatabase } from './freshDatabase.ts';

const plays = Number(process.env.BENCH_PLAYS ?? 10_000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const settleSeconds = Number(process.env.BENCH_SETTLE_SECONDS ?? 10);
const only = process.env.BENCH_ONLY;
const budgetMb = 300;
const quizCount = 4;
const root = fileURLToPath(new URL('..', import.meta.url));

interface Configuration {
  label: string;
  /** Node.js flags before server/src/main.ts. */
  nodeArgs: string[];
  env: Record<string, string>;
  databaseUrl?: string;
}

/**
 * How package.json's `serve` script runs the server once built: its environment assignments and node
 * flags before server/src/main.ts. The bench starts the server exactly so.
 */
function serveCommand(): { env: Record<string, string>; nodeArgs: string[] } {
  const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const command = /((?:\b[A-Z_]+=\S+\s+)*)node((?:\s+--?\S+)*)\s+server\/src\/main\.ts/.exec(scripts.serve ?? '');
  if (!command) throw new Error('package.json\'s serve script does not run "node … server/src/main.ts"');
  const words = (text: string) => text.trim().split(/\s+/).filter(Boolean);
  const env = Object.fromEntries(words(command[1]!).map((assignment) => assignment.split('=', 2) as [string, string]));
  return { env, nodeArgs: words(command[2]!) };
}

const megabytes = (kilobytes: number) => kilobytes / 1024;

/** VmRSS and VmHWM (the kernel's own peak) of a process, in kB. */
function residentKb(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** An owner with `quizCount` published five-question quizzes, written before the server opens the data. */
async function seed(configuration: Configuration, dataDir: string, url: string) {
  const database = await openDatabase({ databaseUrl: configuration.databaseUrl, pgliteDir: join(dataDir, 'pglite') });
  try {
    await database.migrate();
    return await createOwner({ services: { database }, client: () => new TestClient(url) });
  } finally {
    await database.close();
  }
}

async function waitUntilUp(url: string, server: ChildProcess, errors: () => string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}:\n${errors()}`);
    const up = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    await sleep(200);
  }
  throw new Error(`the server did not answer within 120 s:\n${errors()}`);
}

type PublishedQuiz = { id: string; questions: { id: string }[] };

/** One visitor's whole play, as the player sends it; throws on any answer but a 2xx. */
async function playOnce(url: string, quiz: PublishedQuiz, index: number) {
  const visitor = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
  const send = async (method: string, path: string, body?: unknown, token?: string) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        'x-forwarded-for': visitor,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as { data: { playToken?: string } };
  };
  await send('GET', `/api/v1/public/quizzes/${quiz.id}`);
  const playId = crypto.randomUUID();
  const started = await send('POST', `/api/v1/public/quizzes/${quiz.id}/plays`, { playId, playKey: newPlayKey() });
  const token = started.data.playToken!;
  const answers = Object.fromEntries(quiz.questions.map((question) => [question.id, ['a1']]));
  await send('POST', `/api/v1/public/plays/${playId}/answers`, { answers }, token);
  await send(
    'POST',
    `/api/v1/public/plays/${playId}/lead`,
    { name: 'Bench', email: `visitor-${index}@example.com`, consent: true },
    token,
  );
}

interface Measure {
  label: string;
  idleMb: number;
  peakMb: number;
  finalMb: number;
  playsPerSecond: number;
}

async function measure(configuration: Configuration): Promise<Measure> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quizlead-bench-memory-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  try {
    const owner = await seed(configuration, dataDir, url);
    const environment: Record<string, string | undefined> = { ...process.env, ...configuration.env };
    delete environment.DATABASE_URL;
    if (configuration.databaseUrl) environment.DATABASE_URL = configuration.databaseUrl;
    Object.assign(environment, { DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port), TRUST_PROXY: '1' });
    let stderr = '';
    server = spawn(process.execPath, [...configuration.nodeArgs, 'server/src/main.ts'], {
      cwd: root,
      env: environment,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    server.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    const pid = server.pid!;
    await waitUntilUp(url, server, () => stderr);
    await sleep(settleSeconds * 1000);
    const idle = residentKb(pid).rss;

    const quizzes: PublishedQuiz[] = [];
    for (let index = 1; index <= quizCount; index++) {
      quizzes.push(await createGradedQuiz(owner.client, { title: `Bench quiz ${index}`, questions: 5, publish: true }));
    }
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, residentKb(pid).rss)), 200);
    let next = 0;
    const started = performance.now();
    try {
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          for (let index = next++; index < plays; index = next++) {
            await playOnce(url, quizzes[index % quizCount]!, index);
            if (index > 0 && index % 2000 === 0)
              console.log(`  ${configuration.label}: ${index} plays, ${megabytes(residentKb(pid).rss).toFixed(0)} MB`);
          }
        }),
      );
    } finally {
      clearInterval(sampler);
    }
    const seconds = (performance.now() - started) / 1000;
    await sleep(settleSeconds * 1000);
    const after = residentKb(pid);
    return {
      label: configuration.label,
      idleMb: megabytes(idle),
      peakMb: megabytes(Math.max(peak, after.hwm)),
      finalMb: megabytes(after.rss),
      playsPerSecond: plays / seconds,
    };
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((done) => server!.once('exit', done));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const serve = serveCommand();
const configurations: Configuration[] = [
  { label: 'tuned', ...serve },
  { label: 'untuned', nodeArgs: [], env: { PGLITE_SETTINGS: untunedPgliteSettings } },
];
if (process.env.DATABASE_URL) {
  configurations.push({
    label: 'postgres',
    ...serve,
    databaseUrl: await freshDatabase(process.env.DATABASE_URL, 'quizlead_bench_memory'),
  });
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
console.log(`${plays} plays, ${concurrency} at a time, ${settleSeconds} s settles; load average ${load()}`);
const results: Measure[] = [];
for (const configuration of configurations.filter((item) => !only || item.label === only)) {
  const assignments = Object.entries(configuration.env).map(([name, value]) => `${name}=${value} `);
  console.log(
    `${configuration.label}: ${assignments.join('')}node ${[...configuration.nodeArgs, 'server/src/main.ts'].join(' ')}`,
  );
  results.push(await measure(configuration));
}
console.log(`load average at the end ${load()}\n`);
const baseline = results.find((result) => result.label === 'untuned');
const column = (value: string) => value.padStart(10);
console.log(
  ['', 'idle MB', 'peak MB', 'final MB', `÷ ${budgetMb} MB`, 'plays/s', ...(baseline ? ['final ÷ untuned', 'plays/s ÷'] : [])]
    .map((text, index) => (index === 0 ? text.padEnd(10) : column(text)))
    .join(' '),
);
for (const result of results) {
  console.log(
    [
      result.label.padEnd(10),
      column(result.idleMb.toFixed(0)),
      column(result.peakMb.toFixed(0)),
      column(result.finalMb.toFixed(0)),
      column((result.finalMb / budgetMb).toFixed(2)),
      column(result.playsPerSecond.toFixed(0)),
      ...(baseline
        ? [
            column((result.finalMb / baseline.finalMb).toFixed(2)),
            column((result.playsPerSecond / baseline.playsPerSecond).toFixed(2)),
          ]
        : []),
    ].join(' '),
  );
}
