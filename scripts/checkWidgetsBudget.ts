/**
 * The public widgets' size budgets: at most 25 KB of gzipped JavaScript for the poll, feedback and
 * wheel pages (web/dist/widgets/assets), and at most 6 KB gzipped for the universal embed script that
 * host pages load (web/dist/widgets/embed.js: inline frames, pop-ups and slide-ins). Prints every file
 * and the totals; fails the build over budget.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const pagesBudget = 25 * 1024;
const embedBudget = 6 * 1024;
const dist = fileURLToPath(new URL('../web/dist/widgets/', import.meta.url));
const assets = `${dist}assets/`;

if (!existsSync(assets) || !existsSync(`${dist}embed.js`)) {
  console.error('web/dist/widgets is missing its assets or embed.js: build the widgets first');
  process.exit(1);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipped = (path: string) => {
  const bytes = readFileSync(path);
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};

let total = 0;
for (const name of readdirSync(assets)
  .filter((file) => file.endsWith('.js') || file.endsWith('.css'))
  .sort()) {
  const size = gzipped(`${assets}${name}`);
  const counted = name.endsWith('.js');
  if (counted) total += size.gzip;
  console.log(
    `widgets ${name.padEnd(32)} ${kb(size.raw).padStart(9)}  gzip ${kb(size.gzip).padStart(8)}${counted ? '' : '  (css)'}`,
  );
}
console.log(`widgets JavaScript total (gzip): ${kb(total)} of ${kb(pagesBudget)}`);

const embed = gzipped(`${dist}embed.js`);
console.log(`widgets embed.js ${kb(embed.raw).padStart(9)}  gzip ${kb(embed.gzip)} of ${kb(embedBudget)}`);

let failed = false;
if (total > pagesBudget) {
  console.error(`The widget pages' JavaScript is over its budget by ${kb(total - pagesBudget)}.`);
  failed = true;
}
if (embed.gzip > embedBudget) {
  console.error(`The embed script is over its budget by ${kb(embed.gzip - embedBudget)}.`);
  failed = true;
}
if (failed) process.exit(1);
