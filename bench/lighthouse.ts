/**
 * npm run bench:lighthouse: Lighthouse (desktop preset, performance only) on the standalone admin as
 * built (`npm run build` first): the sign-in page signed out, then the dashboard, the quizzes list and
 * one quiz's builder as an owner with a dozen quizzes. Prints per page the median of `LIGHTHOUSE_RUNS`
 * (3) runs of each figure, against issue 17's targets (browser and runs: bench/lighthouseRunner.ts).
 *
 * The server is the real one on a free port with a fresh in-memory PGlite (like bench/owner.ts), the
 * browser Debian's Chromium. The owner's session cookie is put in the browser's cookie jar, as a
 * sign-in would, and the dashboard's one-time intro is marked seen: the figures are a returning
 * owner's, on a cold cache (Lighthouse clears it before each run; cookies and local storage stay).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { dashboardTourStorageKey, howToDialogStorageKey } from '@quizlead/shared/reports.ts';
import { createOwner } from '../server/src/test/factories.ts';
import { getTestServer } from '../server/src/test/getTestServer.ts';
import { createGradedQuiz } from '../server/src/test/quizFactory.ts';
import {
  auditValue,
  chromePath,
  launchChromium,
  lighthouseRuns,
  medianOf,
  networkRequests,
  performanceScore,
  runLighthouse,
} from './lighthouseRunner.ts';

/** Issue 17's targets for the signed-in pages; the sign-in page has a JavaScript budget instead. */
const targets = { score: 95, lcpMs: 1000, cls: 0.02, signInScriptKb: 120 };

/** One desktop run of `url`: the figures this bench prints. */
async function measure(url: string, port: number) {
  const lhr = await runLighthouse(url, port, desktopConfig);
  const unused = lhr.audits['unused-javascript']!.details as { overallSavingsBytes?: number } | undefined;
  return {
    score: performanceScore(lhr),
    lcpMs: auditValue(lhr, 'largest-contentful-paint'),
    cls: auditValue(lhr, 'cumulative-layout-shift'),
    tbtMs: auditValue(lhr, 'total-blocking-time'),
    /** Compressed bytes of every script the page loaded. */
    scriptKb:
      networkRequests(lhr)
        .filter((item) => item.resourceType === 'Script')
        .reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024,
    /** Lighthouse's estimate of the transferred script bytes the page never ran. */
    unusedScriptKb: (unused?.overallSavingsBytes ?? 0) / 1024,
  };
}

/** Signs the browser in as `cookie` ("name=value") and marks the dashboard's intro as seen. */
async function signIn(port: number, origin: string, cookie: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)];
    await context.addCookies([{ name, value, url: origin, httpOnly: true, sameSite: 'Lax' }]);
    const page = await context.newPage();
    await page.goto(`${origin}/healthz`);
    await page.evaluate(
      (keys) => keys.forEach((key) => localStorage.setItem(key, 'seen')),
      [howToDialogStorageKey, dashboardTourStorageKey],
    );
    await page.close();
  } finally {
    await browser.close(); // Disconnects; the launched browser and its default profile stay.
  }
}

const verdict = (met: boolean) => (met ? 'meets' : 'MISSES');

if (!existsSync(fileURLToPath(new URL('../standalone/dist/index.html', import.meta.url))))
  throw new Error('standalone/dist is missing: run `npm run build` first');

// A fresh in-memory PGlite whatever DATABASE_URL says: the figures are the browser's, not the database's.
const server = await getTestServer({ LOG_LEVEL: 'silent', DATABASE_URL: undefined, JOB_POLL_SECONDS: '3600' });
const chrome = await launchChromium();
try {
  const owner = await createOwner(server);
  let builderQuiz = '';
  for (let index = 0; index < 12; index++) {
    const quiz = await createGradedQuiz(owner.client, { title: `Quiz ${index + 1}`, questions: 5, publish: index % 2 === 0 });
    builderQuiz ||= quiz.id;
  }
  const pages: { name: string; path: string; signedIn: boolean }[] = [
    { name: 'sign-in', path: '/', signedIn: false },
    { name: 'dashboard', path: '/app/', signedIn: true },
    { name: 'quizzes list', path: '/app/Quizzes', signedIn: true },
    { name: 'builder', path: `/app/Quiz/Edit/${builderQuiz}`, signedIn: true },
  ];
  console.log(`Lighthouse desktop preset, ${chromePath}, median of ${lighthouseRuns} runs per page`);
  console.log(
    `${'page'.padEnd(14)} ${'score'.padStart(5)} ${'LCP'.padStart(8)} ${'CLS'.padStart(6)} ${'TBT'.padStart(7)} ${'JS'.padStart(9)} ${'unused JS'.padStart(10)}`,
  );
  let signedIn = false;
  for (const page of pages) {
    if (page.signedIn && !signedIn) {
      await signIn(chrome.port, server.url, owner.client.cookie);
      signedIn = true;
    }
    const figures = await medianOf(() => measure(`${server.url}${page.path}`, chrome.port));
    const met = page.signedIn
      ? figures.score >= targets.score && figures.lcpMs <= targets.lcpMs && figures.cls <= targets.cls
      : figures.scriptKb <= targets.signInScriptKb;
    console.log(
      `${page.name.padEnd(14)} ${String(figures.score).padStart(5)} ${`${(figures.lcpMs / 1000).toFixed(2)} s`.padStart(8)} ${figures.cls.toFixed(3).padStart(6)} ${`${figures.tbtMs.toFixed(0)} ms`.padStart(7)} ${`${figures.scriptKb.toFixed(1)} KB`.padStart(9)} ${`${figures.unusedScriptKb.toFixed(1)} KB`.padStart(10)}   ${verdict(met)} ${
        page.signedIn
          ? `score ≥ ${targets.score}, LCP ≤ ${targets.lcpMs / 1000} s, CLS ≤ ${targets.cls}`
          : `JS ≤ ${targets.signInScriptKb} KB`
      }`,
    );
  }
} finally {
  chrome.kill();
  await server.stop();
}
