import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sessionCookie } from '@quizlead/shared/constants.ts';
import { openDatabase } from '../db/client.ts';
import { accounts, destinations, sessions } from '../db/schema/index.ts';
import { userCreator } from './userCreator.ts';
import { parseEnv } from '../env.ts';
import { randomToken, sha256 } from '../lib/crypto.ts';
import { Secrets } from '../lib/secrets.ts';
import { sealSigningSecrets } from '../integrations/webhooks/secretStore.ts';
import { generateWebhookSecret } from '../integrations/webhooks/signing.ts';
import { WebhookReceiver } from '../test/fakes/webhookReceiver.ts';
import { TestClient, testDatabaseUrl } from '../test/getTestServer.ts';
import { playQuizWithLead } from '../test/leadsPipelineKit.ts';
import { createGradedQuiz } from '../test/quizFactory.ts';

/**
 * Nothing acknowledged is lost: the server process is killed with SIGKILL right after a visitor's lead
 * got its 2xx and before any worker looked at the delivery (the first server polls for jobs only every
 * 30 s). A second server on the same database delivers it, once.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'quizlead-crash-'));
const databaseUrl = testDatabaseUrl();
const baseEnv = {
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  SESSION_SECRET: 'crash-test-secret-crash-test-secret-0000',
  ENCRYPTION_KEY: '746573742d656e6372797074696f6e2d6b65792d6f662d33322d62797465732e',
  WEBHOOKS_ALLOW_PRIVATE: 'true',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
};

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as { port: number };
  await new Promise((done) => probe.close(done));
  return port;
}

/** `node server/src/main.ts` as a separate process, resolved once it answers HTTP. */
async function startServerProcess(extra: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...baseEnv, PORT: String(port), ...extra },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${stderr}`);
    const ready = await fetch(`${url}/api/v1/openapi.json`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { child, url };
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`the server did not start: ${stderr}`);
}

/** An owner with a session and a webhook endpoint, written before any server runs (PGlite has one process). */
async function prepare(receiverUrl: string) {
  const env = parseEnv(baseEnv);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: join(dataDir, 'pglite') });
  try {
    await database.migrate();
    const { db } = database;
    const [account] = await db.insert(accounts).values({ kind: 'standalone', companyName: 'Crash Co' }).returning();
    const user = await userCreator(db, {
      accountId: account!.id,
      email: `crash-${randomToken().slice(0, 8)}@example.com`,
      verifiedAt: new Date(),
    });
    const token = randomToken();
    const csrfToken = randomToken();
    await db.insert(sessions).values({
      id: sha256(token),
      accountId: account!.id,
      userId: user.id,
      csrfToken,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const secret = generateWebhookSecret();
    await db.insert(destinations).values({
      accountId: account!.id,
      kind: 'webhook',
      url: receiverUrl,
      sealed: sealSigningSecrets(new Secrets(env.encryptionKeys), { current: secret }),
    });
    return { cookie: `${sessionCookie}=${token}`, csrfToken, secret };
  } finally {
    await database.close();
  }
}

const ownerClient = (url: string, owner: { cookie: string; csrfToken: string }) => {
  const client = new TestClient(url);
  client.cookie = owner.cookie;
  client.csrfToken = owner.csrfToken;
  return client;
};

describe('kill -9 between a lead’s 2xx and its delivery', () => {
  it('delivers the lead after a restart: 0 lost, 0 duplicated', { timeout: 120_000 }, async () => {
    const receiver = await WebhookReceiver.start('');
    const owner = await prepare(receiver.url('/leads'));
    receiver.verifyWith = owner.secret;

    const first = await startServerProcess({ JOB_POLL_SECONDS: '30' });
    const quiz = await createGradedQuiz(ownerClient(first.url, owner), { title: 'Crash quiz', questions: 1, publish: true });
    const { led } = await playQuizWithLead(new TestClient(first.url), quiz.id, { name: 'Kim', email: 'kim.crash@example.com' });
    expect(led!.status).toBe(200);
    first.child.kill('SIGKILL');
    await new Promise((done) => first.child.once('exit', done));
    expect(receiver.received).toHaveLength(0);

    const second = await startServerProcess({ JOB_POLL_SECONDS: '0.5' });
    const deadline = Date.now() + 30_000;
    while (receiver.received.length === 0 && Date.now() < deadline) await new Promise((done) => setTimeout(done, 200));
    // Time for a duplicate to show up, if there were one.
    await new Promise((done) => setTimeout(done, 2000));
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.verified).toBe(true);
    expect(receiver.received[0]!.payload).toMatchObject({ type: 'lead.captured', data: { email: 'kim.crash@example.com' } });

    const log = await ownerClient(second.url, owner).get('/api/v1/deliveries');
    expect(log.status).toBe(200);
    expect(log.body.data.items).toMatchObject([
      { id: receiver.received[0]!.headers['webhook-id'], status: 'delivered', attempts: 1 },
    ]);
    second.child.kill('SIGTERM');
    await new Promise((done) => second.child.once('exit', done));
    await receiver.close();
  });
});
