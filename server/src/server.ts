import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { createApp } from './app.ts';
import { withPublishedQuizFastPath } from './routes/public/publishedQuizFastPath.ts';
import type { Services } from './context.ts';
import { sharedUploadSplitter } from './commands/sharedUploadSplitter.ts';
import { templateCatalogueSeeder } from './commands/templateCatalogueSeeder.ts';
import { openDatabase } from './db/client.ts';
import { listenOn } from './db/notifications.ts';
import type { Env } from './env.ts';
import { createMailer } from './integrations/mail/mailer.ts';
import { diskStorage } from './integrations/storage/diskStorage.ts';
import { createGeoLocator } from './integrations/geo/geoLocator.ts';
import { PlayStatsRollup } from './commands/playStats.ts';
import { PublishedQuizCache } from './lib/publishedQuizCache.ts';
import { loadPlayableQuiz } from './lib/playableQuiz.ts';
import { startJobQueue } from './jobs/queue.ts';
import { jobTasks, type JobDeps } from './jobs/tasks/registry.ts';
import { MarketProducts } from './integrations/shopify/storefront/marketProducts.ts';
import { PayPalClient } from './integrations/paypal/paypalClient.ts';
import { createLogger, type Logger } from './logger.ts';
import {
  createRateLimiters,
  MemoryRateLimitStore,
  BatchedRateLimitStore,
  PostgresRateLimitStore,
} from './middlewares/rateLimit.ts';
import { routeExternalApisTo } from './integrations/external/externalFetch.ts';
import { createShopifyApp } from './integrations/shopify/shopifyApp.ts';
import { Secrets } from './lib/secrets.ts';

export interface RunningServer {
  url: string;
  services: Services;
  server: Server;
  stop(): Promise<void>;
}

/**
 * Opens the database (migrating it), starts the job queue and listens. `stop` drains
 * in-flight requests and jobs, then closes the database: the graceful shutdown path.
 */
export async function startServer(
  env: Env,
  options: {
    pgliteDir?: string;
    localKey?: string;
    embeddedDist?: string;
    /** Keeps this server's rate limits apart from other servers' on a shared database (tests). */
    rateLimitNamespace?: string;
  } = {},
): Promise<RunningServer> {
  const logger = createLogger(env.LOG_LEVEL);
  const dataDir = resolve(env.DATA_DIR);
  const mailboxDir = join(dataDir, 'mailbox');
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: options.pgliteDir ?? join(dataDir, 'pglite'),
    pgliteSettings: env.PGLITE_SETTINGS,
  });
  await database.migrate();
  await templateCatalogueSeeder(database.db);
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, mailboxDir, logger });
  // Shared by requests and jobs (Shopify webhooks delete files and drop cached quizzes).
  const storage = diskStorage(join(dataDir, 'uploads'));
  // Content made before image fields took only the account's own uploads gets copies of its own.
  await sharedUploadSplitter(database.db, storage);
  const quizCache = new PublishedQuizCache(
    (quizId) => loadPlayableQuiz(database.db, quizId, { published: true, appStoreUrl: env.SHOPIFY_APP_STORE_URL }),
    {
      broadcast: async (message) => {
        if (database.driver === 'pg')
          await database.db.execute(sql`select pg_notify(${quizCacheChannel}, ${JSON.stringify(message)})`);
      },
    },
  );
  // Every process on one PostgreSQL drops what any of them invalidates (docs/decisions/073-scale-any-number-of-processes-on-one.md).
  const cacheListener = env.DATABASE_URL
    ? await listenOn({
        connectionString: env.DATABASE_URL,
        channel: quizCacheChannel,
        onMessage: (payload) => void quizCache.received(payload),
        onReconnect: () => quizCache.clear(),
        logger,
      })
    : undefined;
  const secrets = new Secrets(env.encryptionKeys);
  // Shared by requests (the play's products) and jobs (products/* webhooks drop a shop's markets), and
  // dropped in every process like the quiz cache.
  const marketProducts = new MarketProducts({
    db: database.db,
    secrets,
    logger,
    broadcast: async (accountId) => {
      if (database.driver === 'pg') await database.db.execute(sql`select pg_notify(${marketProductsChannel}, ${accountId})`);
    },
  });
  const marketListener = env.DATABASE_URL
    ? await listenOn({
        connectionString: env.DATABASE_URL,
        channel: marketProductsChannel,
        onMessage: (payload) => marketProducts.received(payload),
        onReconnect: () => marketProducts.clear(),
        logger,
      })
    : undefined;
  // Jobs that call Shopify need every service; they exist once the server listens (see below).
  let servicesStarted: (services: Services) => void = () => {};
  const servicesReady = new Promise<Services>((done) => (servicesStarted = done));
  const jobDeps: JobDeps = {
    servicesReady,
    mailer,
    db: database.db,
    logger,
    storage,
    quizCache,
    marketProducts,
    secrets,
  };
  const queue = await startJobQueue({
    database,
    tasks: jobTasks,
    deps: jobDeps,
    logger,
    pollSeconds: env.JOB_POLL_SECONDS,
    ...(env.JOB_QUEUE_SCHEMA ? { schema: env.JOB_QUEUE_SCHEMA } : {}),
  });
  // Listen first: links in emails need the real address when APP_URL is not configured (PORT=0 in tests).
  let handle: RequestListener = (_request, response) => {
    response.statusCode = 503;
    response.end();
  };
  const server = createServer((request, response) => handle(request, response));
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((done) => server.listen(env.PORT, env.HOST, done));
  const { port } = server.address() as AddressInfo;
  const host = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(env.HOST) ? 'localhost' : env.HOST;
  const url = `http://${host}:${port}`;
  routeExternalApisTo(env.EXTERNAL_API_ORIGIN, { allowHttp: env.NODE_ENV === 'development' });
  const publicEnv = { ...env, APP_URL: env.APP_URL ?? url };
  // On PostgreSQL every process behind the load balancer counts into the same windows; the embedded
  // PGlite serves one process, so its limits live in memory.
  const rateLimitStore =
    database.driver === 'pg'
      ? new PostgresRateLimitStore(database.db, { namespace: options.rateLimitNamespace })
      : new MemoryRateLimitStore();
  // The busy public limits write to the shared table once a second per key, not once per request.
  const busyRateLimitStore = database.driver === 'pg' ? new BatchedRateLimitStore(rateLimitStore) : rateLimitStore;
  const services: Services = {
    env: publicEnv,
    logger,
    database,
    queue,
    mailer,
    limiters: createRateLimiters(rateLimitStore, busyRateLimitStore),
    storage,
    geo: await createGeoLocator({ databasePath: env.GEOIP_DB, trustProxy: env.TRUST_PROXY > 0 }),
    quizCache,
    // Its first fold (within an interval of the start) takes in what a crashed process left.
    stats: new PlayStatsRollup(database.db, { onError: (err) => logger.error({ err }, 'play stats roll-up failed') }),
    secrets,
    marketProducts,
    shopify: createShopifyApp(publicEnv, logger),
    paypal:
      env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET
        ? new PayPalClient({
            apiBase: env.PAYPAL_API_BASE,
            clientId: env.PAYPAL_CLIENT_ID,
            clientSecret: env.PAYPAL_CLIENT_SECRET,
            webhookId: env.PAYPAL_WEBHOOK_ID,
          })
        : undefined,
  };
  jobDeps.services = services;
  servicesStarted(services);
  handle = withPublishedQuizFastPath(
    createApp(services, { mailboxDir, localKey: options.localKey, embeddedDist: options.embeddedDist }),
    services,
  );
  logger.info({ url, database: database.driver, mail: env.SMTP_URL ? 'smtp' : 'dev mailbox' }, `listening on ${url}`);
  warnAboutUnsafeSettings(env, logger);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await closeHttpServer(server, drainMs);
      await services.stats.stop();
      busyRateLimitStore.close();
      rateLimitStore.close();
      await cacheListener?.close();
      await marketListener?.close();
      await queue.stop();
      mailer.close();
      await database.close();
    })());
  return { url, services, server, stop };
}

/** Said loudly at every start: what makes this process unfit to face the internet. */
function warnAboutUnsafeSettings(env: Env, logger: Logger): void {
  if (env.NODE_ENV === 'production') return;
  logger.warn(
    { NODE_ENV: env.NODE_ENV },
    `NOT FOR PRODUCTION: NODE_ENV is ${env.NODE_ENV}. Set NODE_ENV=production, SESSION_SECRET and ENCRYPTION_KEYS before this server faces the internet.`,
  );
  if (!env.SMTP_URL && !env.devMailbox) {
    logger.warn(
      { HOST: env.HOST },
      'No SMTP_URL and the server listens beyond loopback: the dev mailbox is off, so no mail is delivered or shown.',
    );
  }
}

/** The channel on which processes tell each other which published quizzes changed. */
const quizCacheChannel = 'quizlead_quiz_cache';
const marketProductsChannel = 'quizlead_market_products';

/** How long a stop lets requests in flight finish before it cuts their connections. */
const drainMs = 10_000;

/**
 * Stops taking connections and closes each one as soon as it is idle. Node's close() closes only the
 * connections idle at that moment: one whose response finishes later stays open for the whole
 * keep-alive timeout (65 s), and close() waits for it. So idle connections are closed every 100 ms,
 * and after `drainMs` whatever is still open is cut.
 */
export function closeHttpServer(server: Server, drainMs: number): Promise<void> {
  return new Promise<void>((done) => {
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    const cut = setTimeout(() => server.closeAllConnections(), drainMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(cut);
      done();
    });
    server.closeIdleConnections();
  });
}
