/**
 * The admin bundles' size budget: the JavaScript each shell's page loads before its first screen (the
 * entry script and the modules it preloads, gzipped) is at most 220 KB, for the standalone app and the
 * Shopify embedded app alike (Built for Shopify asks for an admin LCP within 2.5 s). Pages, the editor
 * and the charts load with the screens that use them and are listed as one figure. Prints every file
 * of the entry and the totals; fails the build over budget.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const entryBudget = 220 * 1024;

const bundles = [
  { name: 'standalone', dist: '../standalone/dist/', base: '/' },
  { name: 'embedded', dist: '../web/dist/embedded/', base: '/shopify/app/' },
] as const;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sizes = (path: string) => {
  const bytes = readFileSync(path);
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};

let failed = false;
for (const bundle of bundles) {
  const dist = fileURLToPath(new URL(bundle.dist, import.meta.url));
  if (!existsSync(`${dist}index.html`)) {
    console.error(`${bundle.dist}index.html is missing: build the ${bundle.name} app first`);
    process.exit(1);
  }
  const html = readFileSync(`${dist}index.html`, 'utf8');
  const urls = [
    ...html.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g),
    ...html.matchAll(/<link rel="stylesheet"[^>]*\shref="([^"]+)"/g),
  ].map((match) => match[1]!);
  const label = bundle.name.padEnd(10);
  let total = 0;
  const upFront = new Set<string>();
  for (const url of urls) {
    const file = url.slice(bundle.base.length);
    upFront.add(file);
    const size = sizes(`${dist}${file}`);
    const counted = file.endsWith('.js');
    if (counted) total += size.gzip;
    console.log(
      `${label} ${file.padEnd(40)} ${kb(size.raw).padStart(9)}  gzip ${kb(size.gzip).padStart(8)}${counted ? '' : '  (css)'}`,
    );
  }
  const later = readdirSync(`${dist}assets`)
    .map((name) => `assets/${name}`)
    .filter((file) => file.endsWith('.js') && !upFront.has(file));
  const laterGzip = later.reduce((sum, file) => sum + sizes(`${dist}${file}`).gzip, 0);
  console.log(`${label} entry JavaScript (gzip): ${kb(total)} of ${kb(entryBudget)}`);
  console.log(`${label} loaded with their screens: ${later.length} files, ${kb(laterGzip)} gzip`);
  if (total > entryBudget) {
    console.error(`The ${bundle.name} app's entry JavaScript is over its budget by ${kb(total - entryBudget)}.`);
    failed = true;
  }
}
if (failed) process.exit(1);
