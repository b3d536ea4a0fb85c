import type { TWebVitalSample } from '@quizlead/shared/schemas/webVitals.ts';
import { webVitalPages } from '@quizlead/shared/schemas/webVitals.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { adminScreens, routePattern } from '../pageTable.ts';
import { setShell } from '../shell.ts';
import { createWebVitalsReporter, type ReporterOptions } from './webVitalsReporter.ts';

/** The reporter in a simulated page: what it sends, and when. */

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  setVisibility('visible');
  setShell('standalone');
});

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
}
const hide = () => {
  setVisibility('hidden');
  document.dispatchEvent(new Event('visibilitychange'));
};

function reporter(options: Partial<ReporterOptions> = {}) {
  const batches: TWebVitalSample[][] = [];
  const created = createWebVitalsReporter({
    shell: 'standalone',
    send: async (samples) => void batches.push(samples),
    landingPath: () => '/app/Quiz/Edit/0c6b1c9e-4c1f-4a53-9a64-1d2e3f405162',
    currentPath: () => '/app/Quizzes',
    ...options,
  });
  stops.push(created.stop);
  return { ...created, batches };
}

describe('the web vitals reporter', () => {
  it('names each metric by its page’s route pattern, never its address, and sends them together when the tab hides', () => {
    const { add, batches } = reporter();
    add({ id: 'v6-1', name: 'LCP', value: 2412.5 });
    add({ id: 'v6-2', name: 'TTFB', value: 120 });
    add({ id: 'v6-3', name: 'CLS', value: 0.04 });
    add({ id: 'v6-4', name: 'INP', value: 180 });
    expect(batches).toEqual([]);

    hide();
    // Loading metrics belong to the page that loaded; CLS and INP to the page the visit ended on.
    expect(batches).toEqual([
      [
        { page: '/Quiz/Edit/:id', metric: 'LCP', value: 2412.5 },
        { page: '/Quiz/Edit/:id', metric: 'TTFB', value: 120 },
        { page: '/Quizzes', metric: 'CLS', value: 0.04 },
        { page: '/Quizzes', metric: 'INP', value: 180 },
      ],
    ]);
    expect(JSON.stringify(batches)).not.toContain('0c6b1c9e');
  });

  it('sends a metric once per page load, even when its value moves later', async () => {
    const { add, batches } = reporter();
    add({ id: 'cls', name: 'CLS', value: 0.01 });
    hide();
    add({ id: 'cls', name: 'CLS', value: 0.3 });
    // Reported while hidden (App Bridge answers later than the event): it goes on its own, at once.
    add({ id: 'inp', name: 'INP', value: 96 });
    await Promise.resolve();
    expect(batches).toEqual([
      [{ page: '/Quizzes', metric: 'CLS', value: 0.01 }],
      [{ page: '/Quizzes', metric: 'INP', value: 96 }],
    ]);
  });

  it('leaves out metrics it does not know, implausible values and addresses outside the admin', () => {
    const { add, flush, batches } = reporter({ currentPath: () => '/somewhere/else' });
    add({ id: '1', name: 'FID', value: 10 });
    add({ id: '2', name: 'LCP', value: -1 });
    add({ id: '3', name: 'LCP', value: Number.POSITIVE_INFINITY });
    add({ id: '4', name: 'LCP', value: 200_000 });
    add({ id: '5', name: 'INP', value: 40 });
    add({ id: '6', name: 'FCP', value: 900 });
    flush();
    expect(batches).toEqual([[{ page: '/Quiz/Edit/:id', metric: 'FCP', value: 900 }]]);
  });

  it('sends a full batch at once', () => {
    const { add, batches } = reporter();
    for (let n = 0; n < 10; n++) add({ id: `m${n}`, name: 'INP', value: n });
    expect(batches).toHaveLength(1);
    expect(batches[0]).toHaveLength(10);
  });

  it('reports only the sampled share of page loads', () => {
    const skipped = reporter({ sampleRate: 0.25, random: () => 0.3 });
    skipped.add({ id: 'a', name: 'LCP', value: 1000 });
    hide();
    expect(skipped.sampled).toBe(false);
    expect(skipped.batches).toEqual([]);

    setVisibility('visible');
    const kept = reporter({ sampleRate: 0.25, random: () => 0.2 });
    kept.add({ id: 'a', name: 'LCP', value: 1000 });
    hide();
    expect(kept.batches).toHaveLength(1);
  });

  it('knows the embedded admin’s addresses', () => {
    setShell('embedded');
    const { add, flush, batches } = reporter({
      shell: 'embedded',
      landingPath: () => '/shopify/app/',
      currentPath: () => '/shopify/app/poll/share/7/my-poll',
    });
    add({ id: 'l', name: 'LCP', value: 800 });
    add({ id: 'c', name: 'CLS', value: 0 });
    flush();
    expect(batches).toEqual([
      [
        { page: '/', metric: 'LCP', value: 800 },
        { page: '/poll/share/:id/:slug', metric: 'CLS', value: 0 },
      ],
    ]);
  });

  it('reports only pages the server accepts: every screen’s route pattern', () => {
    for (const screen of adminScreens) expect(webVitalPages).toContain(`/${routePattern(screen)}`);
  });
});
