/**
 * Theme Check for the theme app extension (extensions/quizlead-theme), with the checks Shopify runs on
 * theme app extensions (`theme-check:theme-app-extension`: app block schemas and tags, asset sizes).
 * Prints every offence and fails on any error or warning.
 *
 * Offline: Theme Check's docs manager fetches the latest Liquid docs and JSON schemas from GitHub at
 * every run. SHOPIFY_TLD_ROOT (read at each run) points it at a local copy instead, laid out as that repository is and
 * made from the snapshot @shopify/theme-check-docs-updater ships (its data/ folder), so a run reads
 * no network and checks against the docs of the installed version.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { themeCheckRun } from '@shopify/theme-check-node';

const repo = fileURLToPath(new URL('..', import.meta.url));
export const extensionRoot = join(repo, 'extensions/quizlead-theme');
const require = createRequire(import.meta.url);

/** A local copy of Shopify/theme-liquid-docs (data/*.json, schemas/**) from the package's snapshot. */
function offlineDocs(): string {
  const snapshot = join(dirname(require.resolve('@shopify/theme-check-docs-updater/package.json')), 'data');
  const { version } = JSON.parse(
    readFileSync(join(dirname(require.resolve('@shopify/theme-check-node')), '../package.json'), 'utf8'),
  ) as { version: string };
  const root = join(repo, 'node_modules/.cache/theme-liquid-docs', version);
  if (existsSync(join(root, 'data/latest.json'))) return root;
  mkdirSync(join(root, 'data'), { recursive: true });
  mkdirSync(join(root, 'schemas'), { recursive: true });
  for (const name of ['filters', 'objects', 'tags', 'shopify_system_translations']) {
    copyFileSync(join(snapshot, `${name}.json`), join(root, `data/${name}.json`));
  }
  for (const manifest of ['manifest_theme', 'manifest_theme_app_extension']) {
    const text = readFileSync(join(snapshot, `${manifest}.json`), 'utf8');
    writeFileSync(join(root, `schemas/${manifest}.json`), text);
    for (const { uri } of (JSON.parse(text) as { schemas: { uri: string }[] }).schemas) {
      mkdirSync(dirname(join(root, 'schemas', uri)), { recursive: true });
      copyFileSync(join(snapshot, uri.split('/').pop()!), join(root, 'schemas', uri));
    }
  }
  // Written last: its presence marks a complete copy.
  copyFileSync(join(snapshot, 'latest.json'), join(root, 'data/latest.json'));
  return root;
}

const severities = ['error', 'warning', 'info'] as const;

export interface ThemeCheckOffence {
  check: string;
  severity: (typeof severities)[number];
  file: string;
  line: number;
  message: string;
}

/** Runs Theme Check on the extension with its .theme-check.yml (theme-app-extension checks). */
export async function runThemeCheck(root = extensionRoot): Promise<ThemeCheckOffence[]> {
  process.env.SHOPIFY_TLD_ROOT = offlineDocs();
  const { offenses } = await themeCheckRun(root, join(root, '.theme-check.yml'));
  return offenses.map((offence) => ({
    check: offence.check,
    severity: severities[offence.severity] ?? 'info',
    file: relative(repo, fileURLToPath(offence.uri)),
    line: offence.start.line + 1,
    message: offence.message,
  }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const offences = await runThemeCheck();
  for (const offence of offences) {
    console.log(`${offence.file}:${offence.line}  ${offence.severity}  ${offence.check}  ${offence.message}`);
  }
  const failing = offences.filter((offence) => offence.severity !== 'info');
  console.log(
    `Theme Check (${relative(repo, extensionRoot)}): ${failing.filter((o) => o.severity === 'error').length} errors, ` +
      `${failing.filter((o) => o.severity === 'warning').length} warnings, ${offences.length - failing.length} suggestions`,
  );
  if (failing.length > 0) process.exit(1);
}
