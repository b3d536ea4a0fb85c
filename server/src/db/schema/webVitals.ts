import { bigserial, check, date, doublePrecision, index, pgTable, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { webVitalMetrics, webVitalSurfaces } from '@quizlead/shared/schemas/webVitals.ts';
import { oneOf } from './checks.ts';

/**
 * Field web vitals of the admin (issue 38): one row per metric a browser measured, with the page as its
 * route pattern (`/Quiz/Edit/:id`), the shell, and the day. Nothing says who or where: no account, user,
 * shop, address, browser or URL, so this is not a tenant table. Rows past the 28-day window go daily
 * (jobs/tasks/RemoveOldWebVitalsTask.ts).
 */
export const webVitals = pgTable(
  'web_vitals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    page: text('page').notNull(),
    metric: text('metric').notNull(),
    /** Milliseconds, or unitless for CLS. */
    value: doublePrecision('value').notNull(),
    surface: text('surface').notNull(),
    /** The UTC day it was reported: a day, not a time, so a sample cannot be matched to a request. */
    recordedOn: date('recorded_on', { mode: 'string' })
      .notNull()
      .default(sql`(now() at time zone 'utc')::date`),
  },
  (table) => [
    index('web_vitals_recorded_on_idx').on(table.recordedOn),
    check('web_vitals_metric_check', oneOf('metric', webVitalMetrics)),
    check('web_vitals_surface_check', oneOf('surface', webVitalSurfaces)),
    check('web_vitals_value_check', sql`${table.value} >= 0`),
  ],
);
