/**
 * npm run bench:storefront: what the theme app extension costs a merchant's product page, the way
 * Shopify judges it (Lighthouse, mobile preset, performance only; an app may cost at most 10 points,
 * issue 17's target is at most 1 for the inline quiz and 0 for the pop-up). Run `npm run build` first.
 *
 * One theme product page (bench/storefrontPage.ts) is served four ways: without the app, with the
 * Quizlead app block placing a published quiz inline under the product (below the phone's fold), with
 * the Quizlead pop-up app embed (its defaults: a pop-up after 5 seconds, on every page), and with the
 * block at the top of the page, in view at once (where its frame's arrival could move the page). The block and the embed are the
 * extension's real Liquid rendered by liquidjs (server/src/test/themeExtension.ts) with the app's
 * address as `app_url`, so the page loads the real /widgets/embed.js and player from the real server
 * (a fresh in-memory PGlite, a standalone owner's published quiz: the extension's markup and script do
 * not differ for a shop's). The store is on http://127.0.0.1:{port} and the app on http://localhost:{port}:
 * different sites, as a shop's domain and the app's are, so the quiz's frame is another site's.
 *
 * Prints per page the median of `LIGHTHOUSE_RUNS` (3) runs of each figure (bench/lighthouseRunner.ts),
 * the points lost against the page without the app, and the bytes loaded from the app's origin.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { brotliCompressSync } from 'node:zlib';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { shopifyBlockHandle, shopifyEmbedHandle } from '@quizlead/shared/sharing.ts';
import { createOwner } from '../server/src/test/factories.ts';
import { getTestServer } from '../server/src/test/getTestServer.ts';
import { createGradedQuiz } from '../server/src/test/quizFactory.ts';
import { renderThemeBlock } from '../server/src/test/themeExtension.ts';
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
import { productImage, productImagePath, productPage, themeAssets } from './storefrontPage.ts';

/** Issue 17's targets: points the page may lose with the app. */
const targets: Record<string, number> = { 'inline quiz': 1, 'pop-up': 0, 'quiz on top': 1 };
const productPath = '/products/ceramic-mug';

if (!existsSync(fileURLToPath(new URL('../web/dist/widgets/embed.js', import.meta.url))))
  throw new Error('web/dist is missing: run `npm run build` first');

/** One mobile run of the store's `url`; `appOrigin`'s requests are what the app added. */
async function measure(url: string, port: number, appOrigin: string) {
  const lhr = await runLighthouse(url, port);
  const fromApp = networkRequests(lhr).filter((request) => request.url.startsWith(appOrigin));
  return {
    score: performanceScore(lhr),
    lcpMs: auditValue(lhr, 'largest-contentful-paint'),
    cls: auditValue(lhr, 'cumulative-layout-shift'),
    tbtMs: auditValue(lhr, 'total-blocking-time'),
    appKb: fromApp.reduce((sum, request) => sum + (request.transferSize ?? 0), 0) / 1024,
    appRequests: fromApp.length,
  };
}

const loadBefore = loadavg();
const server = await getTestServer({ LOG_LEVEL: 'silent', DATABASE_URL: undefined, JOB_POLL_SECONDS: '3600' });
const owner = await createOwner(server);
const quiz = await createGradedQuiz(owner.client, { title: 'Which coffee suits you?', questions: 5, publish: true });
const page = { template: 'product', path: productPath };
const item = { kind: 'quiz', item_id: quiz.id as string, title: quiz.title as string, app_url: server.url };
const block = await renderThemeBlock(shopifyBlockHandle, item, page);
const variants = {
  'no app': productPage({ block: '', embeds: '' }),
  'inline quiz': productPage({ block, embeds: '' }),
  'pop-up': productPage({ block: '', embeds: await renderThemeBlock(shopifyEmbedHandle, item, page) }),
  'quiz on top': productPage({ block, embeds: '', blockOnTop: true }),
};

// The store: each variant's page at its own query, the product image; compressed as Shopify serves them.
const pages = new Map(
  Object.entries(variants).map(([name, html], index) => [
    `${productPath}?variant=${index}`,
    { name, html: brotliCompressSync(html) },
  ]),
);
const image = productImage();
const assets = new Map([...themeAssets()].map(([path, { type, body }]) => [path, { type, body: brotliCompressSync(body) }]));
const store = createServer((request, response) => {
  const served = pages.get(request.url ?? '');
  if (served) {
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-encoding': 'br',
      'cache-control': 'no-cache',
    });
    return response.end(served.html);
  }
  const asset = assets.get(request.url ?? '');
  if (asset) {
    response.writeHead(200, {
      'content-type': asset.type,
      'content-encoding': 'br',
      'cache-control': 'public, max-age=31536000',
    });
    return response.end(asset.body);
  }
  if (request.url === productImagePath) {
    response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'public, max-age=31536000' });
    return response.end(image);
  }
  response.writeHead(404).end();
});
await new Promise<void>((done) => store.listen(0, '127.0.0.1', done));
const storeOrigin = `http://127.0.0.1:${(store.address() as AddressInfo).port}`;

const chrome = await launchChromium();
try {
  console.log(
    `Lighthouse mobile preset, ${chromePath}, median of ${lighthouseRuns} runs per page; product image ${(image.length / 1024).toFixed(0)} KB`,
  );
  console.log(
    `${'page'.padEnd(12)} ${'score'.padStart(5)} ${'lost'.padStart(5)} ${'LCP'.padStart(17)} ${'CLS'.padStart(6)} ${'TBT'.padStart(7)} ${'from app'.padStart(18)}`,
  );
  let baseline = NaN;
  let baselineLcp = NaN;
  for (const [path, { name }] of pages) {
    const figures = await medianOf(() => measure(`${storeOrigin}${path}`, chrome.port, server.url));
    if (name === 'no app') [baseline, baselineLcp] = [figures.score, figures.lcpMs];
    const lost = baseline - figures.score;
    const added = Math.round((figures.lcpMs - baselineLcp) / 10) / 100;
    const lcpAdded = name === 'no app' ? '' : ` (${added >= 0 ? '+' : ''}${added.toFixed(2)} s)`;
    const target = targets[name];
    console.log(
      `${name.padEnd(12)} ${String(figures.score).padStart(5)} ${String(lost).padStart(5)} ${`${(figures.lcpMs / 1000).toFixed(2)} s${lcpAdded}`.padStart(17)} ${figures.cls.toFixed(3).padStart(6)} ${`${figures.tbtMs.toFixed(0)} ms`.padStart(7)} ${`${figures.appKb.toFixed(1)} KB, ${figures.appRequests} req`.padStart(18)}${
        target === undefined ? '' : `   ${lost <= target ? 'meets' : 'MISSES'} ≤ ${target} points lost`
      }`,
    );
  }
} finally {
  chrome.kill();
  await new Promise<void>((done) => store.close(() => done()));
  await server.stop();
  const loadAfter = loadavg();
  console.log(`load average (1 min) ${loadBefore[0]!.toFixed(1)} before, ${loadAfter[0]!.toFixed(1)} after`);
}
