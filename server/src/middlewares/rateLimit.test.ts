import { setTimeout } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { testDatabaseUrl } from '../test/getTestServer.ts';
import { BatchedRateLimitStore, MemoryRateLimitStore, PostgresRateLimitStore, RateLimiter } from './rateLimit.ts';

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

describe('BatchedRateLimitStore', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: testDatabaseUrl(), pgliteDir: 'memory://' });
    await database.migrate();
  });
  afterAll(() => database.close());

  it('counts at once in its process, writes once per key per flush, and sees other processes after a flush', async () => {
    const namespace = `ns-${crypto.randomUUID()}`;
    const shared = [0, 1].map(() => new PostgresRateLimitStore(database.db, { namespace }));
    const writes: number[] = [0, 0];
    shared.forEach((store, index) => {
      const add = store.add.bind(store);
      store.add = async (...args) => {
        writes[index]! += 1;
        return add(...args);
      };
    });
    const batched = shared.map((store) => new BatchedRateLimitStore(store, { flushMs: 60_000 }));
    const [here, there] = batched.map((store) => new RateLimiter('publicByIp', { max: 5, windowMs: 60_000 }, store));
    for (let attempt = 0; attempt < 5; attempt++) await here!.hit('198.51.100.7');
    // The sixth in the same process is refused without any write yet.
    expect((await refusal(here!.hit('198.51.100.7'))).status).toBe(429);
    expect(writes).toEqual([0, 0]);

    // After a flush (one write for six attempts), the other process counts them too.
    await batched[0]!.flush();
    expect(writes).toEqual([1, 0]);
    await there!.hit('198.51.100.7');
    await batched[1]!.flush();
    expect(await there!.count('198.51.100.7')).toBe(7);
    expect((await refusal(there!.hit('198.51.100.7'))).status).toBe(429);
    // Nothing pending: a flush writes nothing.
    await batched[0]!.flush();
    expect(writes[0]).toBe(1);
    for (const store of [...batched, ...shared]) store.close();
  });

  it('keeps attempts a failed flush could not send for the next one', async () => {
    const shared = new MemoryRateLimitStore();
    let failing = true;
    const flaky: typeof shared = Object.assign(Object.create(shared) as typeof shared, {
      add: async (...args: Parameters<typeof shared.add>) => {
        if (failing) throw new Error('database unavailable');
        return shared.add(...args);
      },
    });
    const store = new BatchedRateLimitStore(flaky, { flushMs: 60_000 });
    const limiter = new RateLimiter('publicByQuiz', { max: 100, windowMs: 60_000 }, store);
    await limiter.hit('q');
    await limiter.hit('q');
    await expect(store.flush()).rejects.toThrow('database unavailable');
    failing = false;
    await store.flush();
    expect((await shared.get('publicByQuiz', 'q'))?.count).toBe(2);
    store.close();
  });
});
