/**
 * The player bench's load generator, run as a process of its own: the server under test (or its
 * baseline) has its JavaScript thread to itself, as PostgreSQL has its backends to itself while pgbench,
 * its own process, loads it. autocannon inside the server's process would spend that one thread on
 * sending the requests too.
 *
 * `loadFrom(url, plan)` runs this file as a child process and answers its requests per second;
 * the plan is either a GET of one path or a whole play with a lead (start → answers → lead).
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { newPlayKey } from '../server/src/test/quizFactory.ts';

export type LoadPlan = { kind: 'get'; path: string } | { kind: 'play'; quizId: string; answers: Record<string, string[]> };

interface LoadOptions {
  url: string;
  plan: LoadPlan;
  connections: number;
  seconds: number;
}

type Request = NonNullable<autocannon.Options['requests']>[number];
/** What one connection remembers between the steps of a play. */
type PlayContext = { playId?: string; token?: string };

function playRequests(quizId: string, answers: Record<string, string[]>): Request[] {
  const json = { 'content-type': 'application/json' };
  /** A step of the play started on this connection, with its token. */
  const step = (name: 'answers' | 'lead', body: unknown): Request => ({
    method: 'POST',
    headers: json,
    setupRequest: (request, context: PlayContext) => ({
      ...request,
      path: `/api/v1/public/plays/${context.playId}/${name}`,
      headers: { ...json, authorization: `Bearer ${context.token}` },
      body: JSON.stringify(body),
    }),
  });
  return [
    {
      method: 'POST',
      path: `/api/v1/public/quizzes/${quizId}/plays`,
      headers: json,
      setupRequest: (request, context: PlayContext) => {
        context.playId = randomUUID();
        return { ...request, body: JSON.stringify({ playId: context.playId, playKey: newPlayKey() }) };
      },
      onResponse: (_status, body, context: PlayContext) => {
        context.token = (JSON.parse(body) as { data: { playToken: string } }).data.playToken;
      },
    },
    step('answers', { answers }),
    step('lead', { name: 'Bench', email: 'bench@example.com', consent: true }),
  ];
}

/** Runs the load here; a play counts once for its three requests. */
async function generate({ url, plan, connections, seconds }: LoadOptions): Promise<number> {
  const result = await autocannon({
    url: plan.kind === 'get' ? `${url}${plan.path}` : url,
    connections,
    duration: seconds,
    ...(plan.kind === 'play' ? { requests: playRequests(plan.quizId, plan.answers) } : {}),
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors`);
  return plan.kind === 'play' ? result.requests.average / 3 : result.requests.average;
}

/** Loads `url` from a child process; answers requests (or plays) per second. */
export async function loadFrom(url: string, plan: LoadPlan, options: { connections: number; seconds: number }) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [fileURLToPath(import.meta.url), JSON.stringify({ url, plan, ...options } satisfies LoadOptions)],
    { encoding: 'utf8', timeout: (options.seconds + 30) * 1000 },
  );
  return Number(stdout.trim());
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rate = await generate(JSON.parse(process.argv[2]!) as LoadOptions);
  process.stdout.write(`${rate}\n`);
}
