/**
 * The scripts a Shopify storefront loads from Quizlead, with their compressed sizes: the embed script
 * that the app block and the app embed load from the app (web/dist/widgets/embed.js), and every
 * JavaScript and CSS file in the theme app extension's assets/ (served by Shopify's CDN). Prints raw,
 * gzip and brotli bytes and fails the build when any of these JavaScript files is over 10,000 bytes
 * compressed, Shopify's limit for app block JavaScript (Theme Check's AssetSizeAppBlockJavaScript,
 * extensions/README.md). Brotli is what browsers get from Shopify's CDN, gzip is the larger of the two
 * and the one compared.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Shopify's limit per JavaScript file of a theme app extension, compressed. */
export const storefrontScriptLimitBytes = 10_000;

const repo = fileURLToPath(new URL('..', import.meta.url));
const embedScript = 'web/dist/widgets/embed.js';
const assetsDir = 'extensions/quizlead-theme/assets/';

export interface CompressedSize {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

export function compressedSize(file: string): CompressedSize {
  const bytes = readFileSync(`${repo}${file}`);
  return {
    file,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** The storefront's files from Quizlead: the embed script, then the extension's assets (none is fine). */
export function storefrontFiles(): string[] {
  const assets = existsSync(`${repo}${assetsDir}`)
    ? readdirSync(`${repo}${assetsDir}`)
        .filter((name) => name.endsWith('.js') || name.endsWith('.css'))
        .sort()
        .map((name) => `${assetsDir}${name}`)
    : [];
  return [embedScript, ...assets];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!existsSync(`${repo}${embedScript}`)) {
    console.error(`${embedScript} is missing: build the widgets first`);
    process.exit(1);
  }
  const files = storefrontFiles();
  let failed = false;
  for (const size of files.map(compressedSize)) {
    const script = size.file.endsWith('.js');
    const over = script && Math.max(size.gzip, size.brotli) > storefrontScriptLimitBytes;
    failed ||= over;
    console.log(
      `storefront ${size.file.padEnd(44)} ${String(size.raw).padStart(7)} B  gzip ${String(size.gzip).padStart(6)} B  brotli ${String(size.brotli).padStart(6)} B` +
        (script ? `  (limit ${storefrontScriptLimitBytes} B compressed)${over ? '  OVER' : ''}` : '  (css)'),
    );
  }
  if (files.length === 1) console.log(`storefront ${assetsDir} has no scripts: blocks load only ${embedScript}`);
  if (failed) {
    console.error(`A storefront script is over ${storefrontScriptLimitBytes} bytes compressed.`);
    process.exit(1);
  }
}
