/**
 * The public player's hot paths under autocannon (loopback, bounded duration), each printed as a
 * ratio to GET /healthz of the same server in the same run: fetching a published quiz, and a whole
 * play with a lead (start → answers → lead, three requests).
 */
import autocannon from 'autocannon';
import { createOwner } from '../server/src/test/factories.ts';
import { getTestServer } from '../server/src/test/getTestServer.ts';
import { createGradedQuiz, newPlayKey } from '../server/src/test/quizFactory.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

type Request = NonNullable<autocannon.Options['requests']>[number];
/** What one connection remembers between the steps of a play. */
type PlayContext = { playId?: string; token?: string };

async function run(label: string, url: string, requests?: Request[]) {
  const result = await autocannon({ url, connections, duration: seconds, ...(requests ? { requests } : {}) });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

// Per-IP limits are for the internet, not for a loopback benchmark of one client.
const server = await getTestServer({ LOG_LEVEL: 'silent' });
server.services.limiters.publicByIp.max = Number.MAX_SAFE_INTEGER;
server.services.limiters.publicByQuiz.max = Number.MAX_SAFE_INTEGER;
try {
  const owner = await createOwner(server);
  const quiz = await createGradedQuiz(owner.client, { title: 'Bench quiz', questions: 5, publish: true });
  const answers = Object.fromEntries(quiz.questions.map((question: { id: string }) => [question.id, ['a1']]));

  const play: Request[] = [
    {
      method: 'POST',
      path: `/api/v1/public/quizzes/${quiz.id}/plays`,
      headers: { 'content-type': 'application/json' },
      setupRequest: (request, context: PlayContext) => {
        context.playId = crypto.randomUUID();
        return { ...request, body: JSON.stringify({ playId: context.playId, playKey: newPlayKey() }) };
      },
      onResponse: (_status, body, context: PlayContext) => {
        context.token = JSON.parse(body).data.playToken;
      },
    },
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      setupRequest: (request, context: PlayContext) => ({
        ...request,
        path: `/api/v1/public/plays/${context.playId}/answers`,
        headers: { ...request.headers, authorization: `Bearer ${context.token}` },
        body: JSON.stringify({ answers }),
      }),
    },
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      setupRequest: (request, context: PlayContext) => ({
        ...request,
        path: `/api/v1/public/plays/${context.playId}/lead`,
        headers: { ...request.headers, authorization: `Bearer ${context.token}` },
        body: JSON.stringify({ name: 'Bench', email: 'bench@example.com', consent: true }),
      }),
    },
  ];

  console.log(`database: ${server.services.database.driver}; ${connections} connections, ${seconds} s each`);
  const baseline = await run('healthz', `${server.url}/healthz`);
  const fetchQuiz = await run('quiz', `${server.url}/api/v1/public/quizzes/${quiz.id}`);
  const playRequests = await run('play', server.url, play);
  const rows: [string, number, number][] = [
    ['GET /healthz (baseline)', baseline, 1],
    ['GET /api/v1/public/quizzes/{id} (cached quiz)', fetchQuiz, 0.3],
    ['play with a lead (3 requests), plays/s', playRequests / 3, 0.003],
  ];
  for (const [label, perSecond, target] of rows) {
    const ratio = perSecond / baseline;
    console.log(
      `${label.padEnd(50)} ${perSecond.toFixed(0).padStart(7)}/s   ratio ${ratio.toFixed(3)}   ${ratio >= target ? 'meets' : 'BELOW'} target ${target}`,
    );
  }
} finally {
  await server.stop();
}
