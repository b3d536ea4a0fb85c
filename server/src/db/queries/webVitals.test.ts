import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oldWebVitalsRemover } from '../../commands/oldWebVitalsRemover.ts';
import { getTestServer, type TestServer } from '../../test/getTestServer.ts';
import type { Db } from '../client.ts';
import { webVitals } from '../schema/index.ts';
import { webVitalFigures } from './webVitals.ts';

/**
 * The platform admin's web vitals figures, on known samples. web_vitals belongs to no account, so each
 * case runs in a transaction that locks the table, empties it, and is rolled back: other tests' rows
 * neither count here nor vanish.
 *
 * LCP on /Quizzes standalone: 1000, 2000, 3000, 4000 → p75 = 3000 + 0.25 × (4000 − 3000) = 3250
 * (percentile_cont interpolates at position 0.75 × (4 − 1) = 2.25). CLS on /Quizzes standalone:
 * 0.01, 0.2 → p75 = 0.01 + 0.75 × 0.19 = 0.1525. The same page embedded is its own row. Samples 27
 * days old count (the window is today and the 27 days before); 28 days old do not.
 */

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

class Rollback extends Error {}

/** Runs `work` on an empty web_vitals that nobody else sees, then undoes everything. */
async function onEmptyTable<T>(work: (tx: Db) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await server.services.database.db
    .transaction(async (tx) => {
      await tx.execute(sql`lock table web_vitals in exclusive mode`);
      await tx.delete(webVitals);
      result = await work(tx);
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return result as T;
}

const daysAgo = (days: number) => sql`(now() at time zone 'utc')::date - ${days}::int`;

async function insert(tx: Db, page: string, metric: string, surface: string, values: number[], age = 0) {
  for (const value of values) {
    await tx.execute(
      sql`insert into web_vitals (page, metric, value, surface, recorded_on) values (${page}, ${metric}, ${value}, ${surface}, ${daysAgo(age)})`,
    );
  }
}

describe('web vital figures', () => {
  it('gives the interpolated 75th percentile and the count per page, shell and metric over 28 days', async () => {
    const { since, items } = await onEmptyTable(async (tx) => {
      await insert(tx, '/Quizzes', 'LCP', 'standalone', [1000, 2000], 0);
      await insert(tx, '/Quizzes', 'LCP', 'standalone', [3000], 13);
      await insert(tx, '/Quizzes', 'LCP', 'standalone', [4000], 27);
      await insert(tx, '/Quizzes', 'LCP', 'standalone', [90_000], 28);
      await insert(tx, '/Quizzes', 'CLS', 'standalone', [0.2, 0.01]);
      await insert(tx, '/Quizzes', 'LCP', 'embedded', [500]);
      await insert(tx, '/', 'INP', 'embedded', [40, 40, 40, 400, 400]);
      return webVitalFigures(tx);
    });
    const first = new Date(Date.now() - 27 * 86_400_000).toISOString().slice(0, 10);
    expect(since).toBe(first);
    expect(items).toHaveLength(4);
    expect(items[0]).toEqual({ page: '/', surface: 'embedded', metric: 'INP', p75: 400, samples: 5 });
    expect(items[1]).toEqual({ page: '/Quizzes', surface: 'embedded', metric: 'LCP', p75: 500, samples: 1 });
    expect(items[2]!).toMatchObject({ page: '/Quizzes', surface: 'standalone', metric: 'CLS', samples: 2 });
    expect(items[2]!.p75).toBeCloseTo(0.1525, 10);
    expect(items[3]).toEqual({ page: '/Quizzes', surface: 'standalone', metric: 'LCP', p75: 3250, samples: 4 });
  });

  it('is empty without samples in the window', async () => {
    const { items } = await onEmptyTable(async (tx) => {
      await insert(tx, '/Quizzes', 'LCP', 'standalone', [1000], 40);
      return webVitalFigures(tx);
    });
    expect(items).toEqual([]);
  });

  it('drops only the samples past the window when cleaning up', async () => {
    const left = await onEmptyTable(async (tx) => {
      await insert(tx, '/Quizzes', 'LCP', 'standalone', [1], 27);
      await insert(tx, '/Quizzes', 'LCP', 'standalone', [2, 3], 28);
      await insert(tx, '/Quizzes', 'LCP', 'standalone', [4], 400);
      expect(await oldWebVitalsRemover({ db: tx })).toBe(3);
      return tx.select({ value: webVitals.value }).from(webVitals);
    });
    expect(left).toEqual([{ value: 1 }]);
  });
});
