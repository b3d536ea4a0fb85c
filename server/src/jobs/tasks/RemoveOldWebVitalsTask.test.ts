import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { webVitalLimits } from '@quizlead/shared/schemas/webVitals.ts';
import { webVitals } from '../../db/schema/index.ts';
import { getTestServer, type TestServer } from '../../test/getTestServer.ts';
import { removeOldWebVitalsTask } from './RemoveOldWebVitalsTask.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const db = () => server.services.database.db;

/** A sample recorded `daysAgo` UTC days before today. */
async function sample(daysAgo: number) {
  const [row] = await db()
    .insert(webVitals)
    .values({
      page: `/vitals-${daysAgo}`,
      metric: 'LCP',
      value: 1200,
      surface: 'standalone',
      recordedOn: sql`(now() at time zone 'utc')::date - ${daysAgo}::int`,
    })
    .returning({ id: webVitals.id });
  return row!.id;
}

it('removes the samples past the 28-day window (today included) and keeps the window; a second run removes nothing more', async () => {
  const last = webVitalLimits.windowDays - 1;
  const kept = [await sample(0), await sample(last)];
  const gone = [await sample(last + 1), await sample(400)];
  const run = () => removeOldWebVitalsTask.handler({}, { db: db(), logger: server.services.logger });

  await run();
  const left = async () =>
    (
      await db()
        .select({ id: webVitals.id })
        .from(webVitals)
        .where(inArray(webVitals.id, [...kept, ...gone]))
    )
      .map((row) => row.id)
      .sort((a, b) => a - b);
  expect(await left()).toEqual([...kept].sort((a, b) => a - b));
  await run();
  expect(await left()).toEqual([...kept].sort((a, b) => a - b));
});
