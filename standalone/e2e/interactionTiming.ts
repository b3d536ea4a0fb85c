import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Interaction to Next Paint in a browser test (issue 38), as the Event Timing API measures it in the
 * field: an interaction (a click, a key press) is the group of event entries sharing its `interactionId`,
 * and its latency is the longest of them, from the input to the next frame painted after its handlers.
 * The main thread's long frames (Long Animation Frames, each a task and the rendering after it) are
 * recorded beside them, so a slow figure comes with where the time went.
 */

/** Over this, an interaction is slower than Built for Shopify's INP threshold. */
export const inpLimit = 200;
/** The bar for one main-thread task during a common action. */
export const longTaskLimit = 50;
/** A mid-range phone, as Lighthouse's mobile preset and the issue measure. */
export const cpuSlowdown = 4;

interface Entry {
  name: string;
  startTime: number;
  duration: number;
  processingStart: number;
  processingEnd: number;
}

interface Recorded {
  /** The longest entry of each interaction, by interactionId. */
  interactions: Record<number, Entry>;
  frames: { startTime: number; duration: number; scripts: string[] }[];
}

export interface Interaction {
  /** The interaction's latency in ms (its longest event entry), or the Event Timing floor when the browser reported none. */
  latency: number;
  /**
   * The longest entry's event (pointerdown, click, keydown…) and its three parts: waiting for the main thread,
   * running its handlers, and rendering up to the next paint.
   */
  event: string;
  parts: { inputDelay: number; processing: number; presentation: number } | null;
  /** Main-thread frames over 50 ms within the interaction (input to next paint): their durations and what ran in them. */
  longFrames: { duration: number; scripts: string[] }[];
  /** Frames over 50 ms from the input until the result showed (data arriving, the next screen drawn). */
  laterLongFrames: number[];
}

/** Entries shorter than this are not reported: the smallest threshold the API allows. */
const durationThreshold = 16;

/** Starts recording for every document the page opens; call before the first `goto`. */
export async function recordInteractions(page: Page): Promise<void> {
  await page.addInitScript((threshold) => {
    const recorded: Recorded = { interactions: {}, frames: [] };
    (window as unknown as { qlInteractions: Recorded }).qlInteractions = recorded;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId: number })[]) {
        if (!entry.interactionId) continue;
        const known = recorded.interactions[entry.interactionId];
        if (!known || entry.duration > known.duration) {
          const { name, startTime, duration, processingStart, processingEnd } = entry;
          recorded.interactions[entry.interactionId] = { name, startTime, duration, processingStart, processingEnd };
        }
      }
    }).observe({ type: 'event', durationThreshold: threshold, buffered: true } as PerformanceObserverInit);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        renderStart: number;
        scripts: { invoker: string; duration: number }[];
      })[]) {
        const rendering = entry.renderStart ? entry.startTime + entry.duration - entry.renderStart : 0;
        recorded.frames.push({
          startTime: entry.startTime,
          duration: entry.duration,
          // The scripts that took 5 ms or more, and the frame's rendering (style, layout, paint) at its end.
          scripts: [
            ...entry.scripts
              .filter((script) => script.duration >= 5)
              .map((script) => `${script.invoker} ${Math.round(script.duration)} ms`),
            `rendering ${Math.round(rendering)} ms`,
          ],
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  }, durationThreshold);
}

const recorded = (page: Page) => page.evaluate(() => (window as unknown as { qlInteractions: Recorded }).qlInteractions);

/** Two frames painted: whatever the last input caused has reached the screen and its entries are queued. */
const nextPaints = (page: Page) =>
  page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)))));

/**
 * The latency of a click on `target`, once `shown` (the click's visible result) holds. The pointer rests on
 * the target first, as a person's does before they press: hovering (Polaris' tooltips, hover styles) is
 * not part of the click, and Playwright would otherwise move and press in the same instant, so the press
 * would wait on the hover's work. The CPU is slowed 4× only from the press to the result, once the page has
 * loaded and settled, so the figure is the interaction's and not the page load's.
 */
export async function measureClick(page: Page, target: Locator, shown: () => Promise<void>): Promise<Interaction> {
  await target.hover();
  // The page settles: the hover drawn, the main thread idle (the caller has waited for the screen's data).
  await nextPaints(page);
  await page.evaluate(() => new Promise((done) => requestIdleCallback(done, { timeout: 2_000 })));
  const before = await page.evaluate(() => ({
    count: (performance as Performance & { interactionCount: number }).interactionCount,
    ids: Object.keys((window as unknown as { qlInteractions: Recorded }).qlInteractions.interactions).map(Number),
    now: performance.now(),
  }));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  try {
    await target.click();
    await shown();
    await nextPaints(page);
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
  // The browser counts every interaction, but reports only those of 16 ms or more: wait for the count to
  // move, then for the entries (they arrive after the paint that ends them).
  await expect
    .poll(() => page.evaluate(() => (performance as Performance & { interactionCount: number }).interactionCount), {
      timeout: 5_000,
    })
    .toBeGreaterThan(before.count);
  await nextPaints(page);
  const known = new Set(before.ids);
  const after = await recorded(page);
  const fresh = Object.entries(after.interactions).filter(([id]) => !known.has(Number(id)));
  const slowest = fresh.map(([, entry]) => entry).sort((a, b) => b.duration - a.duration)[0];
  const start = slowest?.startTime ?? before.now;
  const end = slowest ? slowest.startTime + slowest.duration : before.now;
  const long = after.frames.filter((frame) => frame.duration > longTaskLimit && frame.startTime + frame.duration > before.now);
  const within = (frame: Recorded['frames'][number]) => frame.startTime < end && frame.startTime + frame.duration > start;
  return {
    latency: slowest?.duration ?? durationThreshold,
    event: slowest?.name ?? `(under ${durationThreshold} ms)`,
    parts: slowest
      ? {
          inputDelay: Math.round(slowest.processingStart - slowest.startTime),
          processing: Math.round(slowest.processingEnd - slowest.processingStart),
          presentation: Math.round(slowest.startTime + slowest.duration - slowest.processingEnd),
        }
      : null,
    longFrames: long.filter(within).map(({ duration, scripts }) => ({ duration: Math.round(duration), scripts })),
    laterLongFrames: long.filter((frame) => !within(frame)).map((frame) => Math.round(frame.duration)),
  };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
