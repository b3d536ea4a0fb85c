/**
 * Google Analytics for quizzes whose owner set an id (Advanced tab): gtag.js from Google's tag manager,
 * and three events: quiz_start, quiz_complete, lead_submit. Previews send nothing.
 */
type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

let ready = false;

export function loadAnalytics(measurementId: string): void {
  if (ready || !/^(G|UA|GT)-[\w-]+$/.test(measurementId)) return;
  ready = true;
  const dataLayer = (window.dataLayer = window.dataLayer ?? []);
  // gtag.js reads the arguments object itself, exactly as Google's snippet pushes it.
  window.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  window.gtag('js', new Date());
  window.gtag('config', measurementId);
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
  document.head.appendChild(script);
}

export type PlayEvent = 'quiz_start' | 'quiz_complete' | 'lead_submit';

export function track(event: PlayEvent, params: Record<string, string>): void {
  if (ready) window.gtag?.('event', event, params);
}
