import { createWebVitalsReporter, type ReportedMetric } from './webVitalsReporter.ts';

/** App Bridge's Web Vitals API (shopify.webVitals): a callback for each metric it measured of the app. */
export interface AppBridgeWebVitals {
  onReport(callback: ((metric: ReportedMetric) => void | Promise<void>) | null): Promise<void>;
}

let started = false;

/** Inside the Shopify admin, App Bridge measures the app (as Shopify does for Built for Shopify): its reports are ours too. */
export async function startEmbeddedVitals(webVitals: AppBridgeWebVitals): Promise<void> {
  if (started) return;
  started = true;
  const reporter = createWebVitalsReporter({ shell: 'embedded' });
  if (reporter.sampled) await webVitals.onReport(reporter.add);
}
