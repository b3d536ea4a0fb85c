import { onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
import { createWebVitalsReporter } from './webVitalsReporter.ts';

let started = false;

/** The standalone admin measures itself with the web-vitals library (its observers read buffered entries, so loading late loses nothing). */
export function startStandaloneVitals(): void {
  if (started) return;
  started = true;
  const reporter = createWebVitalsReporter({ shell: 'standalone' });
  if (!reporter.sampled) return;
  for (const on of [onLCP, onCLS, onINP, onFCP, onTTFB]) on(reporter.add);
}
