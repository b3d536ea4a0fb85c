/**
 * Runs `work` once the page has loaded and the browser has a moment (issue 38): the web vitals reporter
 * and its library are a chunk of their own, fetched then, so they never delay a screen.
 */
export function afterLoadAndIdle(work: () => Promise<unknown>): void {
  const start = () => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    idle(() => void work().catch(() => undefined));
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
