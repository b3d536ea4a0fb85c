/**
 * The front ends' size budgets, in one table, checked after `scripts/precompress.ts` on what actually
 * travels: a browser that accepts brotli gets the `.br` sibling, one that accepts only gzip the `.gz`
 * one. Each budget names the bytes it counts (brotli or gzip). Prints every file and every total, and
 * fails the build when one is over.
 *
 * - admin entry: the JavaScript each shell's page loads before its first screen (its entry script and
 *   the modules it preloads; pages, the editor and the charts come with their screens);
 * - player and widget pages: all their JavaScript;
 * - embed loader: the script host pages load (inline frames, pop-ups and slide-ins, the Shopify blocks);
 * - storefront: every script a Shopify storefront loads from the app, under Shopify's 10,000 bytes
 *   compressed per app block script (Theme Check's AssetSizeAppBlockJavaScript).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotli, gzip } from './precompress.ts';

const repo = fileURLToPath(new URL('..', import.meta.url));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface Sizes {
  raw: number;
  br: number;
  gzip: number;
}

/** A built file's bytes as served: its precompressed siblings (or the file itself when it has none). */
function served(file: string): Sizes {
  const path = `${repo}${file}`;
  if (!existsSync(path)) throw new Error(`${file} is missing: run the build first`);
  const bytes = readFileSync(path);
  const sibling = (ext: string, make: (bytes: Buffer) => Buffer) =>
    existsSync(`${path}${ext}`) ? readFileSync(`${path}${ext}`).length : Math.min(bytes.length, make(bytes).length);
  return { raw: bytes.length, br: sibling('.br', brotli), gzip: sibling('.gz', gzip) };
}

/** The scripts and styles an admin shell's index.html loads up front. */
function adminEntry(dist: string, base: string): string[] {
  const html = readFileSync(`${repo}${dist}index.html`, 'utf8');
  return [
    ...html.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g),
  ].map((match) => `${dist}${match[1]!.slice(base.length)}`);
}

const scriptsIn = (dir: string) =>
  existsSync(`${repo}${dir}`)
    ? readdirSync(`${repo}${dir}`)
        .filter((name) => name.endsWith('.js'))
        .sort()
        .map((name) => `${dir}${name}`)
    : [];

interface Budget {
  name: string;
  files: string[];
  measure: 'br' | 'gzip';
  /** Bytes the files may add up to, or each may have (`each`). */
  limit: number;
  each?: boolean;
}

const embedLoader = 'web/dist/widgets/embed.js';
const budgets: Budget[] = [
  { name: 'standalone admin entry', files: adminEntry('standalone/dist/', '/'), measure: 'gzip', limit: 220 * 1024 },
  { name: 'embedded admin entry', files: adminEntry('web/dist/embedded/', '/shopify/app/'), measure: 'gzip', limit: 220 * 1024 },
  { name: 'player', files: scriptsIn('web/dist/player/assets/'), measure: 'gzip', limit: 40 * 1024 },
  { name: 'widget pages', files: scriptsIn('web/dist/widgets/assets/'), measure: 'gzip', limit: 25 * 1024 },
  { name: 'embed loader', files: [embedLoader], measure: 'br', limit: 3 * 1024 },
  {
    name: 'storefront scripts',
    files: [embedLoader, ...scriptsIn('extensions/quizlead-theme/assets/')],
    measure: 'gzip',
    limit: 10_000,
    each: true,
  },
];

let failed = false;
for (const budget of budgets) {
  let total = 0;
  for (const file of budget.files) {
    const size = served(file);
    const counted = size[budget.measure];
    const over = budget.each && counted > budget.limit;
    total += counted;
    failed ||= Boolean(over);
    console.log(
      `${budget.name.padEnd(24)} ${file.padEnd(56)} ${kb(size.raw).padStart(9)}  br ${kb(size.br).padStart(8)}  gzip ${kb(size.gzip).padStart(8)}${over ? '  OVER' : ''}`,
    );
  }
  if (budget.each) {
    console.log(`${budget.name}: each at most ${budget.limit} B ${budget.measure}`);
    continue;
  }
  const over = total > budget.limit;
  failed ||= over;
  console.log(
    `${budget.name}: ${kb(total)} ${budget.measure} of ${kb(budget.limit)}${over ? `  OVER by ${kb(total - budget.limit)}` : ''}`,
  );
}
if (failed) {
  console.error('A front end is over its size budget (above).');
  process.exit(1);
}
