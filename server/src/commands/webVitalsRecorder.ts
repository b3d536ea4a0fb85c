import type { TWebVitalSample, TWebVitalSurface } from '@quizlead/shared/schemas/webVitals.ts';
import type { Db } from '../db/client.ts';
import { webVitals } from '../db/schema/index.ts';

/**
 * Stores the web vitals one admin page load reported (issue 38): the page's route pattern, the metric,
 * its value and the shell, dated by the database's UTC day. Who sent them is deliberately not passed in,
 * so it cannot be stored. Returns how many samples were stored.
 */
export async function webVitalsRecorder(
  deps: { db: Db },
  input: { surface: TWebVitalSurface; samples: readonly TWebVitalSample[] },
): Promise<number> {
  if (input.samples.length === 0) return 0;
  const rows = input.samples.map(({ page, metric, value }) => ({ page, metric, value, surface: input.surface }));
  const stored = await deps.db.insert(webVitals).values(rows).returning({ id: webVitals.id });
  return stored.length;
}
