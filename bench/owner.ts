/**
 * npm run bench: request throughput of the foundation's hot paths, each printed as a ratio
 * against /healthz measured in the same run on the same server (so machine speed cancels out).
 * Loopback only, a bounded number of requests, and it stops by itself.
 */
import { getTestServer } from '../server/src/test/getTestServer.ts';
import { createOwner } from '../server/src/test/factories.ts';
import { createGradedQuiz } from '../server/src/test/quizFactory.ts';

const requests = Number(process.env.BENCH_REQUESTS ?? 2000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);

async function measure(label: string, send: () => Promise<Response>): Promise<number> {
  for (let i = 0; i < 50; i++) await (await send()).arrayBuffer(); // warm-up
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < requests) {
        const response = await send();
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${label}: HTTP ${response.status}`);
      }
    }),
  );
  const perSecond = requests / ((performance.now() - started) / 1000);
  return perSecond;
}

const server = await getTestServer({ LOG_LEVEL: 'silent' });
try {
  const owner = await createOwner(server);
  const headers = { cookie: owner.client.cookie };
  for (let index = 0; index < 50; index++) await createGradedQuiz(owner.client, { title: `Bench quiz ${index}`, questions: 5 });
  const [someQuiz] = (await owner.client.get('/api/v1/quizzes')).body.data.items;
  // Targets: the least share of the baseline's throughput each path should keep.
  const cases: [string, number, () => Promise<Response>][] = [
    ['GET /healthz (baseline)', 1, () => fetch(`${server.url}/healthz`)],
    ['GET /api/v1/session (cookie lookup + user)', 0.1, () => fetch(`${server.url}/api/v1/session`, { headers })],
    ['GET /api/v1/account/profile (auth + owner query)', 0.1, () => fetch(`${server.url}/api/v1/account/profile`, { headers })],
    ['GET /index.html (static app shell)', 0.3, () => fetch(`${server.url}/index.html`)],
    [
      'GET /api/v1/quizzes (page of 7 among 50, by questions)',
      0.05,
      () => fetch(`${server.url}/api/v1/quizzes?sort=questions&search=quiz`, { headers }),
    ],
    [
      'GET /api/v1/quizzes/{id} (quiz with 5 questions)',
      0.08,
      () => fetch(`${server.url}/api/v1/quizzes/${someQuiz.id}`, { headers }),
    ],
  ];
  console.log(`database: ${server.services.database.driver}; ${requests} requests, ${concurrency} at a time`);
  let baseline = 0;
  for (const [label, target, send] of cases) {
    const perSecond = await measure(label, send);
    baseline ||= perSecond;
    const ratio = perSecond / baseline;
    const verdict = ratio >= target ? 'meets' : 'BELOW';
    console.log(
      `${label.padEnd(52)} ${perSecond.toFixed(0).padStart(7)} req/s   ratio ${ratio.toFixed(2)}   ${verdict} target ${target.toFixed(2)}`,
    );
  }
} finally {
  await server.stop();
}
