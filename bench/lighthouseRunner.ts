/**
 * What the Lighthouse benches share (bench/lighthouse.ts for the admin, bench/storefront.ts for a
 * storefront page): Debian's Chromium launched headless, one Lighthouse run of a page (performance
 * only) with the run taken again when the trace was lost, and the median of each figure over
 * `LIGHTHOUSE_RUNS` (3) runs. Each bench reads its own figures from the result (`lhr`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config, type Result } from 'lighthouse';
import { chromePath, chromiumFlags } from '../server/src/test/chromium.ts';

export type Lhr = Result;

export const lighthouseRuns = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** A folder to keep each run's full report in (JSON, for Lighthouse's viewer), if set. */
const reportsDir = process.env.LIGHTHOUSE_REPORTS;

/** Chromium for Lighthouse to drive (through `chrome.port`); `chrome.kill()` when done. */
export const launchChromium = () => chromeLauncher.launch({ chromePath, chromeFlags: chromiumFlags });
export { chromePath };

/** One Lighthouse run of `url` (performance only) in the browser on `port`; `config` undefined is the mobile default. */
async function runOnce(url: string, port: number, config: Config | undefined): Promise<Lhr> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, config);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (reportsDir) {
    mkdirSync(reportsDir, { recursive: true });
    writeFileSync(join(reportsDir, `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (lhr.finalDisplayedUrl !== url) throw new Error(`${url} ended at ${lhr.finalDisplayedUrl}`);
  return lhr;
}

/** Lighthouse now and then loses a trace (NO_NAVSTART, NO_FCP) on a busy machine: such a run is taken again. */
export async function runLighthouse(url: string, port: number, config?: Config): Promise<Lhr> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url, port, config);
    } catch (error) {
      if (attempt >= 3 || !/NO_NAVSTART|NO_FCP|NO_LCP|PROTOCOL_TIMEOUT/.test(String(error))) throw error;
      console.warn(`(run again: ${String(error).slice(0, 120)})`);
    }
  }
}

/** The performance score, 0–100 as Lighthouse shows it. */
export const performanceScore = (lhr: Lhr) => Math.round((lhr.categories.performance!.score ?? 0) * 100);

/** An audit's measured value (LCP and TBT in ms, CLS unitless). */
export const auditValue = (lhr: Lhr, id: string) => lhr.audits[id]?.numericValue ?? NaN;

export interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

/** Every request the page made, as the `network-requests` audit lists them. */
export const networkRequests = (lhr: Lhr) =>
  (lhr.audits['network-requests']!.details as unknown as { items: NetworkRequest[] }).items;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** `measure` run `lighthouseRuns` times, one after the other; each figure is its own median. */
export async function medianOf<Figures extends Record<string, number>>(measure: () => Promise<Figures>): Promise<Figures> {
  const all: Figures[] = [];
  for (let run = 0; run < lighthouseRuns; run++) all.push(await measure());
  return Object.fromEntries(Object.keys(all[0]!).map((key) => [key, median(all.map((figures) => figures[key]!))])) as Figures;
}
