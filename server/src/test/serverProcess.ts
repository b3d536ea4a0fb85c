import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sessionCookie } from '@quizlead/shared/constants.ts';
import { openDatabase } from '../db/client.ts';
import { accounts, sessions } from '../db/schema/index.ts';
import { userCreator } from '../commands/userCreator.ts';
import { parseEnv } from '../env.ts';
import { randomToken, sha256 } from '../lib/crypto.ts';
import { dropSchema, TestClient, testDatabaseUrl } from './getTestServer.ts';

/**
 * Real server processes (`node server/src/main.ts`) for the tests that kill one or run several on
 * one database: each gets its own port; `stopAll` kills whatever a failed test left running.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));

export type ServerProcess = { child: ChildProcess; url: string; stderr: () => string };

export function serverProcesses(extraEnv: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'quizlead-process-'));
  const databaseUrl = testDatabaseUrl();
  // The group's own job queue on a shared PostgreSQL: another test file's processes never take its jobs.
  const queueSchema = `pgboss_processes_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const env = {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'process-test-secret-process-test-secret-00',
    ENCRYPTION_KEY: '746573742d656e6372797074696f6e2d6b65792d6f662d33322d62797465732e',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, JOB_QUEUE_SCHEMA: queueSchema } : {}),
    ...extraEnv,
  };
  const children: ChildProcess[] = [];

  return {
    env,
    dataDir,

    /** Starts one process, resolved once it answers HTTP. */
    async start(extra: Record<string, string> = {}): Promise<ServerProcess> {
      const port = await freePort();
      const child = spawn(process.execPath, ['server/src/main.ts'], {
        cwd: root,
        env: { ...process.env, ...env, PORT: String(port), ...extra },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      children.push(child);
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const url = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`the server exited: ${stderr}`);
        const ready = await fetch(`${url}/api/v1/openapi.json`).then(
          (response) => response.ok,
          () => false,
        );
        if (ready) return { child, url, stderr: () => stderr };
        await new Promise((done) => setTimeout(done, 200));
      }
      throw new Error(`the server did not start: ${stderr}`);
    },

    /** Ends a process: SIGKILL is the crash, SIGTERM the orderly stop. */
    async kill(process: ServerProcess, signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
      if (process.child.exitCode !== null || process.child.signalCode !== null) return;
      const exited = new Promise((done) => process.child.once('exit', done));
      process.child.kill(signal);
      await exited;
    },

    /**
     * An account with a signed-in owner, written straight to the database before any process runs
     * (the embedded PGlite admits one process at a time).
     */
    async seedOwner(companyName: string) {
      const database = await openDatabase({ databaseUrl: parseEnv(env).DATABASE_URL, pgliteDir: join(dataDir, 'pglite') });
      try {
        await database.migrate();
        const { db } = database;
        const [account] = await db.insert(accounts).values({ kind: 'standalone', companyName }).returning();
        const user = await userCreator(db, {
          accountId: account!.id,
          email: `owner-${randomToken().slice(0, 8)}@example.com`,
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
        return { accountId: account!.id, cookie: `${sessionCookie}=${token}`, csrfToken };
      } finally {
        await database.close();
      }
    },

    /** The seeded owner's client against one process. */
    ownerClient(url: string, owner: { cookie: string; csrfToken: string }): TestClient {
      const client = new TestClient(url);
      client.cookie = owner.cookie;
      client.csrfToken = owner.csrfToken;
      return client;
    },

    /** Kills whatever still runs, then drops the group's job queue. */
    async stopAll(): Promise<void> {
      const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
      const exited = running.map((child) => new Promise((done) => child.once('exit', done)));
      for (const child of running) child.kill('SIGKILL');
      await Promise.all(exited);
      if (databaseUrl) await dropSchema(databaseUrl, queueSchema);
    },
  };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as { port: number };
  await new Promise((done) => probe.close(done));
  return port;
}
