import { sql } from 'drizzle-orm';
import { webVitalLimits } from '@quizlead/shared/schemas/webVitals.ts';
import type { Db } from '../db/client.ts';
import { webVitals } from '../db/schema/index.ts';

/**
 * Deletes the web vitals older than the window the platform admin's page reads (28 UTC days, today
 * included): nothing needs them, and the table would only grow. Returns how many went.
 */
export async function oldWebVitalsRemover(deps: { db: Db }): Promise<number> {
  const gone = await deps.db
    .delete(webVitals)
    .where(sql`${webVitals.recordedOn} < (now() at time zone 'utc')::date - ${webVitalLimits.windowDays - 1}::int`)
    .returning({ id: webVitals.id });
  return gone.length;
}
