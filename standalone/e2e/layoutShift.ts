import type { Page } from 'playwright-core';

interface LayoutShiftEntry extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
}

/**
 * Records the page's layout shifts from its first paint on (call before `goto`): what Lighthouse's
 * Cumulative Layout Shift scores. `layoutShift(page)` answers their sum so far, leaving out shifts
 * right after input, as the browser's own measure does (the sum is at least Lighthouse's figure,
 * which takes the worst burst of shifts).
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const recorded = window as unknown as { qlLayoutShift: number };
    recorded.qlLayoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShiftEntry[])
        if (!entry.hadRecentInput) recorded.qlLayoutShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export const layoutShift = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { qlLayoutShift: number }).qlLayoutShift);
