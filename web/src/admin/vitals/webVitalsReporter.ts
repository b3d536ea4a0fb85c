import type { AdminShell } from '@quizlead/shared/navigation.ts';
import {
  maxWebVitalValue,
  webVitalLimits,
  webVitalMetrics,
  type TWebVitalMetric,
  type TWebVitalSample,
} from '@quizlead/shared/schemas/webVitals.ts';
import { apiRequest } from '../api/client.ts';
import { routePattern, screenAt } from '../pageTable.ts';

/** A measurement as both sources hand it over: App Bridge's WebVitalsMetric and the web-vitals library's Metric. */
export interface ReportedMetric {
  /** Unique per metric and page load: a later report with the same id updates the value. */
  id: string;
  name: string;
  value: number;
}

export interface ReporterOptions {
  shell: AdminShell;
  /** The share of page loads that report, decided once per load (webVitalLimits.sampleRate). */
  sampleRate?: number;
  random?: () => number;
  /** Where the metrics go; a POST that outlives the page by default. */
  send?: (samples: TWebVitalSample[]) => Promise<void>;
  /** The address the page load began at, and the current one (tests give their own). */
  landingPath?: () => string;
  currentPath?: () => string;
}

/** The loading metrics belong to the page that loaded; CLS and INP add up over the visit and go with the page it ended on. */
const loadingMetrics: readonly TWebVitalMetric[] = ['LCP', 'FCP', 'TTFB'];

/** The document's own address: where this page load began, whatever the router did since. */
function documentPath(): string {
  const [navigation] = performance.getEntriesByType('navigation');
  return navigation ? new URL(navigation.name).pathname : window.location.pathname;
}

/** POSTs the samples with keepalive, so a report sent as the tab hides or closes still arrives; a failure is let go. */
async function postSamples(samples: TWebVitalSample[]): Promise<void> {
  await apiRequest('POST', '/api/v1/web-vitals', { json: { samples }, keepalive: true, notifyUnauthorized: false }).catch(
    () => undefined,
  );
}

/**
 * Collects a page load's web vitals and sends them in batches (issue 38): when the tab is hidden or left,
 * or once a batch is full. Each metric is named by the route pattern of its page (`/Quiz/Edit/:id`),
 * never by its address. A metric already sent is not sent again when its value moves later, so a page
 * load counts once per metric.
 */
export function createWebVitalsReporter(options: ReporterOptions) {
  const sampled = (options.random ?? Math.random)() < (options.sampleRate ?? webVitalLimits.sampleRate);
  const send = options.send ?? postSamples;
  const landingPath = options.landingPath ?? documentPath;
  const currentPath = options.currentPath ?? (() => window.location.pathname);
  const pending = new Map<string, TWebVitalSample>();
  const sent = new Set<string>();
  let flushQueued = false;

  const pageOf = (metric: TWebVitalMetric) => {
    const screen = screenAt(loadingMetrics.includes(metric) ? landingPath() : currentPath(), options.shell);
    return screen ? `/${routePattern(screen)}` : undefined;
  };

  function flush(): void {
    if (pending.size === 0) return;
    const samples = [...pending.values()];
    for (const id of pending.keys()) sent.add(id);
    pending.clear();
    void send(samples);
  }

  function add(metric: ReportedMetric): void {
    if (!sampled || sent.has(metric.id)) return;
    const name = metric.name as TWebVitalMetric;
    if (!webVitalMetrics.includes(name)) return;
    if (!Number.isFinite(metric.value) || metric.value < 0 || metric.value > maxWebVitalValue(name)) return;
    const page = pageOf(name);
    if (!page) return;
    pending.set(metric.id, { page, metric: name, value: metric.value });
    if (pending.size >= webVitalLimits.batchSize) flush();
    else if (document.visibilityState === 'hidden' && !flushQueued) {
      // Reported as the tab hides (after our own listener ran): those reported together go together.
      flushQueued = true;
      queueMicrotask(() => {
        flushQueued = false;
        flush();
      });
    }
  }

  // On the document, so the library's own listeners (on the window, capturing) report first.
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  if (sampled) {
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', flush);
  }

  return {
    sampled,
    add,
    flush,
    stop() {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', flush);
    },
  };
}
