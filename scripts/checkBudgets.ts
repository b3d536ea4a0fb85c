/**
 * The front ends' size budgets, in one table, checked after `scripts/precompress.ts` on what actually
 * travels: a browser that accepts brotli gets the `.br` sibling, one that accepts only gzip the `.gz`
 * one. Each budget names the bytes it counts (brotli or gzip). Prints every file and every total, and
 * fails the build when one is over.
 *
 * - sign-in page: all the JavaScript the standalone sign-in page loads (the signed-out screens are
 *   the standalone entry; the signed-in frame and the admin's pages are chunks it never loads);
 * - admin entry: the JavaScript each shell loads before its first screen (standalone: the entry and
 *   the signed-in frame; embedded: the entry);
 * - admin pages: for every screen of the page table (web/src/admin/pageTable.ts), in each shell that
 *   has it, the JavaScript it loads before its first paint: the shell's entry and signed-in frame, the
 *   page's chunk and what they import statically (lazily loaded chunks are not counted, but for the
 *   dashboard's chart, which loads with its figures, before the page's largest paint), with a limit
 *   per page (scripts/pageBudgets.ts), so a library that slips into every screen (the charts did once)
 *   or one page's growth fails the build. One line per page;
 * - player and widget pages: all their JavaScript but the phone check;
 * - phone check: libphonenumber-js with its `min` metadata (shared/src/phone.ts), a chunk the lead forms
 *   load only when the owner asks for a phone (issue 33), so plays without a phone field never fetch it;
 * - language catalogues: each language's words (shared/src/i18n/catalogue), a chunk under assets/lang/ the
 *   player and the widget pages load only when they show that language (issue 34): the pages' own
 *   budgets hold without them, and each adds at most 3 KB brotli;
 * - embed loader: the script host pages load (inline frames, pop-ups and slide-ins, the Shopify blocks);
 * - storefront: every script a Shopify storefront loads from the app, under Shopify's 10,000 bytes
 *   compressed per app block script (Theme Check's AssetSizeAppBlockJavaScript);
 * - post-purchase survey: the UI extension's script on the Thank you and Order status pages
 *   (extensions/post-purchase-survey/build.ts), under Shopify's 64 KB compressed limit for a UI extension.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { adminPageBudgets } from './pageBudgets.ts';
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

/** Vite's manifest of an admin build: each source module's chunk and the chunks it imports. */
type Manifest = Record<string, { file: string; imports?: string[] }>;
const manifests = new Map<string, Manifest>();

function manifestOf(dist: string): Manifest {
  let manifest = manifests.get(dist);
  if (!manifest) {
    const path = `${repo}${dist}.vite/manifest.json`;
    if (!existsSync(path)) throw new Error(`${dist}.vite/manifest.json is missing: run the build first`);
    manifest = JSON.parse(readFileSync(path, 'utf8')) as Manifest;
    manifests.set(dist, manifest);
  }
  return manifest;
}

/**
 * The scripts an admin build loads for `sources` (its index.html, a page's module…, as the manifest
 * names them, relative to the build's root): their chunks and every chunk those import, statically.
 */
function adminScripts(dist: string, sources: string[]): string[] {
  const manifest = manifestOf(dist);
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${dist}: the build has no chunk for ${key}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const source of sources) visit(source);
  return [...files].filter((file) => file.endsWith('.js')).map((file) => `${dist}${file}`);
}

const standalone = 'standalone/dist/';
const signedInFrame = ['index.html', 'src/shell/SignedInApp.tsx'];

const scriptsIn = (dir: string) =>
  existsSync(`${repo}${dir}`)
    ? readdirSync(`${repo}${dir}`)
        .filter((name) => name.endsWith('.js'))
        .sort()
        .map((name) => `${dir}${name}`)
    : [];

/** The chart's chunks: our chart components and the two cards' lazy modules (vite names a chunk after its module). */
const isChart = (file: string) => /\/(charts|CompletionsChart|AnswersChart)-[\w-]+\.js$/.test(file);

/** The lazily loaded chunk of shared/src/phone.ts (vite names a chunk after its module). */
const isPhoneCheck = (file: string) => /\/phone-[\w-]+\.js$/.test(file);
const withoutPhoneCheck = (files: string[]) => files.filter((file) => !isPhoneCheck(file));

interface Budget {
  name: string;
  files: string[];
  measure: 'br' | 'gzip';
  /** Bytes the files may add up to, or each may have (`each`). */
  limit: number;
  each?: boolean;
  /** Print the total only, not each file (the admin's pages: a line each keeps the build's log readable). */
  totalOnly?: boolean;
}

const embedLoader = 'web/dist/widgets/embed.js';
const budgets: Budget[] = [
  { name: 'sign-in page', files: adminScripts(standalone, ['index.html']), measure: 'br', limit: 120 * 1024 },
  // 241: issue 32 gave every form the one email rule (domains in any script) and sign-up its step-1 password check (+0.6 KB).
  // 242: issues 33–34 added the destination preview's API and the language names of the reports' Language
  // column and filter, which several screens share (+0.7 KB; the Languages place itself loads on its own).
  // 243: issue 35's result email and ad pixel fields in the quiz builder's settings (+0.3 KB).
  // 244: issue 35's pixel fields of polls, web responses and wheels (one shared component) and issue 36's
  // post-purchase report in the menu (+0.2 KB; the report and its date picker load on their own).
  // 243: issue 38's lazy rich text editor took the toolbar's Polaris parts out of the shared libraries (242.5 KB).
  // 243.5: issue 38's loading after the first paint (afterPaint.ts, AfterPaint) and Polaris' breakpoints right from the
  // first render (useBreakpoints.ts), both shared by several screens (243.2 KB).
  { name: 'standalone admin entry', files: adminScripts(standalone, signedInFrame), measure: 'gzip', limit: 243.5 * 1024 },
  // 135.5: issue 38's field vitals reporter (its loader, ~0.2 KB; the library comes later) left the entry at its
  // limit, where the bytes of a lazy chunk's hashed name decided the build.
  // 132: the embedded menu (App Bridge's, labels only) no longer loads the standalone menu's 15 icons (131.0 KB).
  {
    name: 'embedded admin entry',
    files: adminScripts('web/dist/embedded/', ['index.html']),
    measure: 'gzip',
    limit: 132 * 1024,
  },
  ...adminPageBudgets(repo).map(({ name, dist, sources, limit }): Budget => ({
    name,
    files: adminScripts(dist, sources),
    measure: 'br',
    limit,
    totalOnly: true,
  })),
  // The dashboards' and the post-purchase report's chart (our own SVG since issue 38, 1.9 KB gzip; victory
  // was 71 KB brotli), loaded once their figures have painted.
  { name: 'charts (lazy)', files: scriptsIn(`${standalone}assets/`).filter(isChart), measure: 'br', limit: 4 * 1024 },
  { name: 'player', files: withoutPhoneCheck(scriptsIn('web/dist/player/assets/')), measure: 'gzip', limit: 40 * 1024 },
  { name: 'widget pages', files: withoutPhoneCheck(scriptsIn('web/dist/widgets/assets/')), measure: 'gzip', limit: 25 * 1024 },
  // 30: libphonenumber-js/min is 28.4 KB gzip (its metadata is most of it).
  {
    name: 'phone check (lazy)',
    files: [...scriptsIn('web/dist/player/assets/'), ...scriptsIn('web/dist/widgets/assets/')].filter(isPhoneCheck),
    measure: 'gzip',
    limit: 30 * 1024,
    each: true,
  },
  {
    name: 'language catalogue',
    files: [...scriptsIn('web/dist/player/assets/lang/'), ...scriptsIn('web/dist/widgets/assets/lang/')],
    measure: 'br',
    limit: 3 * 1024,
    each: true,
  },
  // Issue 35 sets 3.5 KB for the loader with the audience and frequency rules (data-rules, evaluated before
  // any request) and the Shopify consent hand-off to the pixels. Its styles are embed.css, linked only
  // when an item shows (0.5 KB of the 4.0 the loader weighed with them inside).
  { name: 'embed loader', files: [embedLoader], measure: 'br', limit: 3.5 * 1024 },
  {
    name: 'storefront scripts',
    files: [embedLoader, ...scriptsIn('extensions/quizlead-theme/assets/')],
    measure: 'gzip',
    limit: 10_000,
    each: true,
  },
  {
    name: 'post-purchase survey',
    files: ['extensions/post-purchase-survey/dist/post-purchase-survey.js'],
    measure: 'gzip',
    limit: 64 * 1024,
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
    if (budget.totalOnly) continue;
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
  const files = budget.totalOnly ? ` (${budget.files.length} files)` : '';
  console.log(
    `${budget.name}: ${kb(total)} ${budget.measure} of ${kb(budget.limit)}${files}${over ? `  OVER by ${kb(total - budget.limit)}` : ''}`,
  );
}
if (failed) {
  console.error('A front end is over its size budget (above).');
  process.exit(1);
}
