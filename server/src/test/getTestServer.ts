import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csrfHeader } from '@quizlead/shared/constants.ts';
import { parseEnv } from '../env.ts';
import { DevMailbox, type StoredMail } from '../integrations/mail/devMailbox.ts';
import { startServer } from '../server.ts';

/** The database tests run on: the PostgreSQL server when DATABASE_URL is set, else in-memory PGlite. */
export const testDatabaseUrl = () => (process.env.QL_TEST_FORCE_PGLITE ? undefined : process.env.DATABASE_URL);

/** Boots the real app on a free port with its own data directory (dev mailbox included). */
export async function getTestServer(overrides: Record<string, string | undefined> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'quizlead-test-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    PORT: '0',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: testDatabaseUrl(),
    JOB_POLL_SECONDS: '0.5',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0000',
    ...overrides,
  });
  const running = await startServer(env, { pgliteDir: 'memory://' });
  const mailbox = new DevMailbox(join(dataDir, 'mailbox'));
  return {
    ...running,
    env: running.services.env,
    dataDir,
    /** A client that keeps its cookie and CSRF token, like one browser. */
    client: () => new TestClient(running.url),
    /** Waits for the dev mailbox to hold a mail to `to` (jobs deliver asynchronously). */
    async waitForMail(to: string, matching: RegExp = /./, timeoutMs = 10_000): Promise<StoredMail> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const mail = (await mailbox.list()).find((item) => item.to === to && matching.test(item.subject + item.text));
        if (mail) return mail;
        await new Promise((done) => setTimeout(done, 100));
      }
      throw new Error(`no mail to ${to} matching ${matching} within ${timeoutMs} ms`);
    },
    mailbox,
  };
}

export type TestServer = Awaited<ReturnType<typeof getTestServer>>;

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export class TestClient {
  readonly baseUrl: string;
  cookie = '';
  csrfToken = '';

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse<T>> {
    const raw = body instanceof Uint8Array;
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(body !== undefined && !raw ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(this.csrfToken ? { [csrfHeader]: this.csrfToken } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0]!.endsWith('=') ? '' : setCookie.split(';')[0]!;
    const text = await response.text();
    const parsed = response.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : text;
    const csrf = parsed?.data?.csrfToken;
    if (typeof csrf === 'string') this.csrfToken = csrf;
    return { status: response.status, headers: response.headers, body: parsed };
  }

  get = <T = any>(path: string) => this.request<T>('GET', path);
  post = <T = any>(path: string, body?: unknown) => this.request<T>('POST', path, body);
  put = <T = any>(path: string, body?: unknown) => this.request<T>('PUT', path, body);
  patch = <T = any>(path: string, body?: unknown) => this.request<T>('PATCH', path, body);
  delete = <T = any>(path: string) => this.request<T>('DELETE', path);
}
