/**
 * Bundles the extension as Shopify's CLI does for a UI extension on API 2025-10 or later (`shopify app build`),
 * without loading the whole app: one script, dist/<handle>.js (esbuild's browser default, an IIFE, as the CLI
 * leaves it), whose entry imports each target's module and registers its default export with
 * `shopify.extend(target, …)`; bundled, minified, JSX compiled for Preact, target ES6, with
 * `process.env.NODE_ENV` and `process.env.APP_URL` (the app's origin, when set) inlined. Run by the root
 * `npm run build` (`node build.ts [outdir]`); scripts/checkBudgets.ts then holds the script under Shopify's
 * 64 KB compressed limit.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { parse } from 'smol-toml';

const root = fileURLToPath(new URL('.', import.meta.url));

interface ExtensionToml {
  api_version: string;
  extensions: { handle: string; type: string; targeting: { target: string; module: string }[] }[];
}

function extensionConfig(): ExtensionToml['extensions'][number] {
  const toml = parse(readFileSync(`${root}shopify.extension.toml`, 'utf8')) as unknown as ExtensionToml;
  const [extension] = toml.extensions;
  if (!extension || extension.type !== 'ui_extension') throw new Error('shopify.extension.toml: one ui_extension');
  return extension;
}

/** The bundle's entry: each target's module, registered for its target (the CLI's entry for remote-DOM versions). */
function entrySource(targeting: { target: string; module: string }[]): string {
  return targeting
    .map(
      ({ target, module }, index) =>
        `import Target_${index} from ${JSON.stringify(module)};` +
        `shopify.extend(${JSON.stringify(target)}, (...args) => Target_${index}(...args));`,
    )
    .join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const extension = extensionConfig();
  const outfile = `${process.argv[2] ?? `${root}dist`}/${extension.handle}.js`;
  const define: Record<string, string> = { 'process.env.NODE_ENV': JSON.stringify('production') };
  if (process.env.APP_URL) define['process.env.APP_URL'] = JSON.stringify(process.env.APP_URL);
  const result = await build({
    stdin: { contents: entrySource(extension.targeting), resolveDir: root, loader: 'tsx' },
    outfile,
    bundle: true,
    minify: true,
    legalComments: 'none',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    target: 'es6',
    define,
    logLevel: 'warning',
  });
  if (result.errors.length > 0) process.exit(1);
  console.log(`post-purchase survey extension: ${outfile}`);
}
