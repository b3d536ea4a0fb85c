import { asc, sql } from 'drizzle-orm';
import { webVitalLimits, type TWebVitalMetric, type TWebVitalSurface } from '@quizlead/shared/schemas/webVitals.ts';
import type { Db } from '../client.ts';
import { webVitals } from '../schema/index.ts';

export interface WebVitalFigure {
  page: string;
  surface: TWebVitalSurface;
  metric: TWebVitalMetric;
  /** The 75th percentile, interpolated between samples (percentile_cont), as Shopify and CrUX read field data. */
  p75: number;
  samples: number;
}

/** The first UTC day of the window: today and the 27 days before it. */
const windowStart = sql`(now() at time zone 'utc')::date - ${webVitalLimits.windowDays - 1}::int`;

/**
 * The platform admin's view of the admin's field vitals: per page, shell and metric over the last 28 UTC
 * days, the 75th percentile and the number of samples; and the window's first day.
 */
export async function webVitalFigures(db: Db): Promise<{ since: string; items: WebVitalFigure[] }> {
  const start = (await db.execute(sql`select to_char(${windowStart}, 'YYYY-MM-DD') as since`)) as unknown as {
    rows: { since: string }[];
  };
  const items = await db
    .select({
      page: webVitals.page,
      surface: webVitals.surface,
      metric: webVitals.metric,
      p75: sql<number>`percentile_cont(0.75) within group (order by ${webVitals.value})`.mapWith(Number),
      samples: sql<number>`count(*)`.mapWith(Number),
    })
    .from(webVitals)
    .where(sql`${webVitals.recordedOn} >= ${windowStart}`)
    .groupBy(webVitals.page, webVitals.surface, webVitals.metric)
    .orderBy(asc(webVitals.page), asc(webVitals.surface), asc(webVitals.metric));
  return { since: start.rows[0]!.since, items: items as WebVitalFigure[] };
}
