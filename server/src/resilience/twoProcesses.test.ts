import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { WebhookReceiver } from '../test/fakes/webhookReceiver.ts';
import { TestClient, testDatabaseUrl } from '../test/getTestServer.ts';
import { createGradedQuiz } from '../test/quizFactory.ts';
import { serverProcesses, type ServerProcess } from '../test/serverProcess.ts';
import { quizCountersAndRows } from './counters.ts';
import { playWithLead, type PlayableQuiz } from './visitors.ts';

/**
 * Two server processes on one PostgreSQL, as behind a load balancer: a rate limit holds across them,
 * an owner's edit through one is what visitors of the other see, and plays spread over both add up
 * in the counters, with each lead delivered once by whichever process's worker takes the job.
 * PGlite is one process by design, so this runs on PostgreSQL only (DATABASE_URL, as in CI).
 */

const databaseUrl = testDatabaseUrl();
const processes = serverProcesses({ TRUST_PROXY: '1', JOB_POLL_SECONDS: '0.5', WEBHOOKS_ALLOW_PRIVATE: 'true' });
afterAll(() => processes.stopAll());

const until = async (what: string, check: () => Promise<boolean>, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 50));
  }
};

describe.skipIf(!databaseUrl)('two server processes on one PostgreSQL', () => {
  let owner: Awaited<ReturnType<typeof processes.seedOwner>>;
  let a: ServerProcess;
  let b: ServerProcess;

  it('start side by side', { timeout: 120_000 }, async () => {
    owner = await processes.seedOwner('Two Processes Co');
    [a, b] = await Promise.all([processes.start(), processes.start()]);
  });

  it('share the sign-in limit: wrong passwords spread over both are stopped at the limit', { timeout: 60_000 }, async () => {
    const email = `target-${crypto.randomUUID()}@example.com`;
    const attempt = (process: ServerProcess) =>
      new TestClient(process.url).request(
        'POST',
        '/api/v1/session',
        { email, password: 'not the password' },
        { 'x-forwarded-for': '198.51.100.7' },
      );
    const statuses: number[] = [];
    for (let index = 0; index < 12; index++) statuses.push((await attempt(index % 2 === 0 ? a : b)).status);
    // 10 wrong passwords per email and address in 15 minutes, wherever they land.
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);
  });

  it('drop a published quiz from every cache when the owner edits it through either', { timeout: 60_000 }, async () => {
    const client = processes.ownerClient(a.url, owner);
    const quiz = await createGradedQuiz(client, { title: 'Before', questions: 1, publish: true });
    const titleOn = async (process: ServerProcess) =>
      (await new TestClient(process.url).get(`/api/v1/public/quizzes/${quiz.id}`)).body.data.title as string;
    expect(await titleOn(b)).toBe('Before');
    expect(await titleOn(a)).toBe('Before');
    const detail = (await client.get(`/api/v1/quizzes/${quiz.id}`)).body.data;
    expect((await client.put(`/api/v1/quizzes/${quiz.id}`, { ...detail, title: 'After' })).status).toBe(200);
    await until('the other process to see the edit', async () => (await titleOn(b)) === 'After', 5_000);
    expect(await titleOn(a)).toBe('After');
  });

  it('count plays served by both once, and deliver each lead once', { timeout: 120_000 }, async () => {
    const receiver = await WebhookReceiver.start('');
    try {
      const client = processes.ownerClient(a.url, owner);
      const created = await client.post('/api/v1/settings/webhooks', { url: receiver.url('/leads') });
      expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
      receiver.verifyWith = created.body.data.secret;
      const quiz = (await createGradedQuiz(client, { title: 'Shared', questions: 2, publish: true })) as PlayableQuiz;
      const played = await Promise.all(
        Array.from({ length: 16 }, (_, index) => playWithLead((index % 2 === 0 ? a : b).url, quiz)),
      );
      expect(played.filter(Boolean)).toHaveLength(16);
      const leads = () =>
        receiver.received
          .filter((request) => request.verified)
          .map((request) => request.payload as { type: string; data: { email: string } })
          .filter((payload) => payload.type === 'lead.captured');
      await until('every lead delivered', async () => leads().length >= 16, 30_000);
      // Time for a duplicate to show up, if there were one.
      await new Promise((done) => setTimeout(done, 1500));
      const delivered = leads().map((payload) => payload.data.email);
      expect(new Set(delivered).size).toBe(16);
      expect(delivered).toHaveLength(16);

      await Promise.all([processes.kill(a, 'SIGTERM'), processes.kill(b, 'SIGTERM')]);
      const database = await openDatabase({ databaseUrl: databaseUrl!, pgliteDir: 'memory://' });
      try {
        const counts = await quizCountersAndRows(database.db, quiz.id);
        expect(counts.rows).toMatchObject({ starts: 16, completions: 16, leads: 16 });
        expect(counts.counters).toEqual(counts.rows);
        expect(counts.pendingDeltas).toBe(0);
      } finally {
        await database.close();
      }
    } finally {
      await receiver.close();
    }
  });
});
