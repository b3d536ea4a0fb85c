import { setTimeout } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { testDatabaseUrl } from '../test/getTestServer.ts';
import { MemoryRateLimitStore, PostgresRateLimitStore, RateLimiter } from './rateLimit.ts';

async function refusal(attempt: Promise<void>): Promise<AppError> {
  const error = await attempt.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('RateLimiter', () => {
  it('allows max hits per window, then 429 with the seconds left, then forgets', async () => {
    let now = 0;
    const limiter = new RateLimiter('test', { max: 2, windowMs: 60_000 }, new MemoryRateLimitStore(() => now));
    await limiter.hit('a');
    now = 1_000;
    await limiter.hit('a');
    now = 30_000;
    const error = await refusal(limiter.hit('a'));
    expect(error.status).toBe(429);
    expect(Number(error.headers['Retry-After'])).toBeGreaterThan(0);
    await limiter.hit('b');
    now = 60_000;
    await expect(limiter.hit('a')).resolves.toBeUndefined();
  });

  it('checks and counts apart from recording: only recorded attempts spend the budget', async () => {
    const limiter = new RateLimiter('test', { max: 2, windowMs: 60_000 }, new MemoryRateLimitStore());
    await limiter.check('a');
    expect(await limiter.count('a')).toBe(0);
    await limiter.record('a');
    await limiter.record('a');
    await limiter.record('a');
    expect(await limiter.count('a')).toBe(3);
    expect((await refusal(limiter.check('a'))).status).toBe(429);
  });
});

describe('PostgresRateLimitStore', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: testDatabaseUrl(), pgliteDir: 'memory://' });
    await database.migrate();
  });
  afterAll(() => database.close());

  it('shares one window between processes, and keeps namespaces apart', async () => {
    const namespace = `ns-${crypto.randomUUID()}`;
    const stores = [0, 1].map(() => new PostgresRateLimitStore(database.db, { namespace }));
    const [first, second] = stores.map((store) => new RateLimiter('signIn', { max: 3, windowMs: 60_000 }, store));
    await first!.hit('ann@example.com');
    await second!.hit('ann@example.com');
    await first!.hit('ann@example.com');
    const error = await refusal(second!.hit('ann@example.com'));
    expect(error.status).toBe(429);
    expect(Number(error.headers['Retry-After'])).toBeGreaterThan(55);
    expect(await first!.count('ann@example.com')).toBe(4);

    const elsewhere = new RateLimiter(
      'signIn',
      { max: 3, windowMs: 60_000 },
      new PostgresRateLimitStore(database.db, { namespace: `${namespace}-other` }),
    );
    await expect(elsewhere.hit('ann@example.com')).resolves.toBeUndefined();
    for (const store of stores) store.close();
  });

  it('counts every concurrent attempt once', async () => {
    const store = new PostgresRateLimitStore(database.db, { namespace: `ns-${crypto.randomUUID()}` });
    const limiter = new RateLimiter('spin', { max: 30, windowMs: 60_000 }, store);
    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, () => limiter.hit('203.0.113.9')));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(30);
    expect(await limiter.count('203.0.113.9')).toBe(50);
    store.close();
  });

  it('opens a new window once the last has ended, and sweeps ended ones', async () => {
    const store = new PostgresRateLimitStore(database.db, { namespace: `ns-${crypto.randomUUID()}` });
    const limiter = new RateLimiter('short', { max: 1, windowMs: 200 }, store);
    await limiter.hit('k');
    expect((await refusal(limiter.hit('k'))).status).toBe(429);
    await setTimeout(250);
    await expect(limiter.hit('k')).resolves.toBeUndefined();
    await store.sweep();
    expect(await limiter.count('k')).toBe(1);
    store.close();
  });
});
