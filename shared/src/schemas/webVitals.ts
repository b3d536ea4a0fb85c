import { z } from 'zod';
import { adminPaths, adminRoutePattern, type AdminScreen } from '../adminPaths.ts';

/**
 * Field web vitals of the admin (issue 38): each shell reports what its visitors' browsers measured
 * (App Bridge's webVitals inside the Shopify admin, the web-vitals library standalone), per page as a
 * route pattern and nothing else about who or where; the platform admin area shows the 75th percentile
 * per page over 28 days beside the Built for Shopify thresholds.
 *
 * POST /web-vitals           ZWebVitalsReport → ZWebVitalsReportResponse (202)
 * GET  /admin/web-vitals     → ZAdminWebVitalsResponse
 */

/** What is measured: the three Core Web Vitals, and the two loading steps that explain LCP. */
export const webVitalMetrics = ['LCP', 'CLS', 'INP', 'FCP', 'TTFB'] as const;
export type TWebVitalMetric = (typeof webVitalMetrics)[number];

/** The metrics Shopify judges embedded apps by (Built for Shopify), shown with their thresholds. */
export const coreWebVitals = ['LCP', 'CLS', 'INP'] as const satisfies readonly TWebVitalMetric[];
export type TCoreWebVital = (typeof coreWebVitals)[number];

/** Good at the 75th percentile (Built for Shopify; shopify.md §8): LCP and INP in milliseconds, CLS unitless. */
export const builtForShopifyThresholds: Record<TCoreWebVital, number> = { LCP: 2500, CLS: 0.1, INP: 200 };

/** Which shell the page ran in: the server knows it from how the caller signed in. */
export const webVitalSurfaces = ['embedded', 'standalone'] as const;
export type TWebVitalSurface = (typeof webVitalSurfaces)[number];

export const webVitalLimits = {
  /** Metrics in one report (a page load has at most five). */
  batchSize: 10,
  /** Milliseconds: anything longer is a tab left in the background, not a measurement. */
  maxMilliseconds: 120_000,
  /** Layout shift is unitless; a page that shifts this much is broken, not slow. */
  maxLayoutShift: 10,
  /** The window Shopify judges over, and how long samples are kept. */
  windowDays: 28,
  /** Fewer samples than this and Shopify does not judge the page (Built for Shopify: at least 100 calls). */
  minSamples: 100,
  /** Reports one account may send in 15 minutes: dozens of page loads by a busy team. */
  reportsPerWindow: 300,
  /** The share of page loads that report (1 = all of them; lower it when traffic grows). */
  sampleRate: 1,
} as const;

/** Every page a report may name: the admin's route patterns under the shell's base path (`/`, `/Quiz/Edit/:id`, `/Admin/*`). */
export const webVitalPages: readonly string[] = (Object.keys(adminPaths) as AdminScreen[]).map(
  (screen) => `/${adminRoutePattern(screen)}`,
);

export const webVitalMessages = {
  unknownPage: 'Page must be one of the admin’s route patterns.',
  metric: `Metric must be one of ${webVitalMetrics.join(', ')}.`,
  value: 'Value must be a number.',
  milliseconds: `Value must be between 0 and ${webVitalLimits.maxMilliseconds} milliseconds.`,
  layoutShift: `Value must be between 0 and ${webVitalLimits.maxLayoutShift}.`,
  samplesRequired: 'Samples must list at least one metric.',
  tooManySamples: `Samples cannot list more than ${webVitalLimits.batchSize} metrics.`,
} as const;

/** The largest value a metric may take: CLS is unitless, the others are milliseconds. */
export const maxWebVitalValue = (metric: TWebVitalMetric): number =>
  metric === 'CLS' ? webVitalLimits.maxLayoutShift : webVitalLimits.maxMilliseconds;

export const ZWebVitalSample = z
  .object({
    page: z
      .string({ error: webVitalMessages.unknownPage })
      .refine((page) => webVitalPages.includes(page), webVitalMessages.unknownPage),
    metric: z.enum(webVitalMetrics, { error: webVitalMessages.metric }),
    value: z.number({ error: webVitalMessages.value }),
  })
  .superRefine((sample, context) => {
    if (sample.value >= 0 && sample.value <= maxWebVitalValue(sample.metric)) return;
    const message = sample.metric === 'CLS' ? webVitalMessages.layoutShift : webVitalMessages.milliseconds;
    context.addIssue({ code: 'custom', path: ['value'], message });
  });
export type TWebVitalSample = z.infer<typeof ZWebVitalSample>;

/** One report: the metrics a page load measured so far, sent together. */
export const ZWebVitalsReport = z.object({
  samples: z
    .array(ZWebVitalSample, { error: webVitalMessages.samplesRequired })
    .min(1, webVitalMessages.samplesRequired)
    .max(webVitalLimits.batchSize, webVitalMessages.tooManySamples),
});
export type TWebVitalsReport = z.infer<typeof ZWebVitalsReport>;

export const ZWebVitalsReportResponse = z.object({ data: z.object({ recorded: z.number().int().min(0) }) });

/** One page's metric in one shell over the window: its 75th percentile and how many samples it rests on. */
export const ZAdminWebVital = z.object({
  page: z.string(),
  surface: z.enum(webVitalSurfaces),
  metric: z.enum(webVitalMetrics),
  p75: z.number(),
  samples: z.number().int().min(1),
});
export type TAdminWebVital = z.infer<typeof ZAdminWebVital>;

export const ZAdminWebVitalsResponse = z.object({
  data: z.object({
    windowDays: z.number().int(),
    /** The first day counted (YYYY-MM-DD, UTC): the window is that day through today. */
    since: z.iso.date(),
    items: z.array(ZAdminWebVital),
  }),
});
export type TAdminWebVitals = z.infer<typeof ZAdminWebVitalsResponse>['data'];
