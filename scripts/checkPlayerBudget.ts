/**
 * The public player's size budget: at most 40 KB of gzipped JavaScript in web/dist/player/assets.
 * Prints every file and the total, and fails the build over budget. Also prints the CSP the player
 * pages need (web/dist/player/csp.json, written by the player's Vite config).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const budgetBytes = 40 * 1024;
const dist = fileURLToPath(new URL('../web/dist/player/', import.meta.url));
const assets = `${dist}assets/`;

if (!existsSync(assets)) {
  console.error('web/dist/player/assets is missing: build the player first');
  process.exit(1);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const files = readdirSync(assets).filter((name) => name.endsWith('.js') || name.endsWith('.css'));
let total = 0;
for (const name of files.sort()) {
  const bytes = readFileSync(`${assets}${name}`);
  const gzipped = gzipSync(bytes, { level: 9 }).length;
  const counted = name.endsWith('.js');
  if (counted) total += gzipped;
  console.log(
    `player  ${name.padEnd(32)} ${kb(bytes.length).padStart(9)}  gzip ${kb(gzipped).padStart(8)}${counted ? '' : '  (css)'}`,
  );
}
console.log(`player  JavaScript total (gzip): ${kb(total)} of ${kb(budgetBytes)}`);

if (existsSync(`${dist}csp.json`)) {
  const { policy } = JSON.parse(readFileSync(`${dist}csp.json`, 'utf8')) as { policy: string };
  console.log(`player  CSP for the player pages: ${policy}`);
}

if (total > budgetBytes) {
  console.error(`The player's JavaScript is over its budget by ${kb(total - budgetBytes)}.`);
  process.exit(1);
}
