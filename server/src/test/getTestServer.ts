import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import pg from 'pg';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csrfHeader } from '@quizlead/shared/constants.ts';
import { parseEnv } from '../env.ts';
import { DevMailbox, type StoredMail } from '../integrations/mail/devMailbox.ts';
import { startServer } from '../server.ts';
import { FakeShopify, sessionTokens, type FakeApp } from './fakes/shopify/index.ts';

/** The database tests run on: the PostgreSQL server when DATABASE_URL is set, else in-memory PGlite. */
export const testDatabaseUrl = () => (process.env.QL_TEST_FORCE_PGLITE ? undefined : process.env.DATABASE_URL);

/** Boots the real app on a free port with its own data directory (dev mailbox included). */
export async function getTestServer(overrides: Record<string, string | undefined> = {}, options: { embeddedDist?: string } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'quizlead-test-'));
  const parsed = parseEnv({
    NODE_ENV: 'test',
    PORT: '0',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: testDatabaseUrl(),
    JOB_POLL_SECONDS: '0.5',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0000',
    ENCRYPTION_KEY: '746573742d656e6372797074696f6e2d6b65792d6f662d33322d62797465732e',
    ...overrides,
  });
  // On one shared PostgreSQL every test server gets its own job queue (a pg-boss schema), so a server's
  // jobs run in that server, with its settings (fakes, retry schedule, mailbox), never in another file's.
  const queueSchema = parsed.DATABASE_URL ? `pgboss_test_${randomUUID().replaceAll('-', '').slice(0, 12)}` : undefined;
  const env = { ...parsed, JOB_QUEUE_SCHEMA: queueSchema };
  const running = await startServer(env, {
    pgliteDir: 'memory://',
    ...(queueSchema ? { rateLimitNamespace: queueSchema } : {}),
    ...options,
  });
  const stop = async () => {
    await running.stop();
    if (queueSchema && env.DATABASE_URL) await dropSchema(env.DATABASE_URL, queueSchema);
  };
  const mailbox = new DevMailbox(join(dataDir, 'mailbox'));
  return {
    ...running,
    stop,
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

/** Drops a test server's job queue schema, and everything in it. */
export async function dropSchema(databaseUrl: string, schema: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}

/** The Shopify app credentials tests run with. */
export const testShopifyApp: FakeApp = { apiKey: 'test-shopify-client-id', apiSecret: 'test-shopify-secret-0123456789abcdef' };

/**
 * The real app as a Shopify embedded app, every Shopify call going to a local fake Shopify
 * (EXTERNAL_API_ORIGIN). `sessionToken(shop)` signs what App Bridge would send; `embedded(shop)` is a
 * client that sends it as a Bearer token on every call, the way App Bridge's fetch does.
 */
export async function getShopifyTestServer(
  overrides: Record<string, string | undefined> = {},
  options: { embeddedDist?: string } = {},
) {
  const fake = await FakeShopify.start(testShopifyApp);
  const server = await getTestServer(
    {
      SHOPIFY_API_KEY: testShopifyApp.apiKey,
      SHOPIFY_API_SECRET: testShopifyApp.apiSecret,
      EXTERNAL_API_ORIGIN: fake.origin,
      ...overrides,
    },
    options,
  );
  const sessionToken = (shop: string) => sessionTokens.valid(testShopifyApp, shop);
  return {
    ...server,
    fake,
    app: testShopifyApp,
    sessionToken,
    /** A client whose every request carries a fresh session token for `shop`. */
    embedded: (shop: string) => new EmbeddedTestClient(server.url, () => sessionToken(shop)),
    async stop() {
      await server.stop();
      await fake.stop();
    },
  };
}

export type ShopifyTestServer = Awaited<ReturnType<typeof getShopifyTestServer>>;

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

/** App Bridge's fetch: no cookie, a new session token in Authorization on every request. */
export class EmbeddedTestClient extends TestClient {
  readonly #token: () => Promise<string>;

  constructor(baseUrl: string, token: () => Promise<string>) {
    super(baseUrl);
    this.#token = token;
  }

  override async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse<T>> {
    return super.request<T>(method, path, body, { authorization: `Bearer ${await this.#token()}`, ...headers });
  }
}
