/**
 * Precompresses the built front ends: every text asset (JavaScript, CSS, HTML, SVG, JSON) of the four
 * dists gets a brotli (quality 11) and a gzip (level 9) sibling, `name.br` and `name.gz`, when that is
 * smaller. The server's static routes (koa-send) serve a sibling to browsers that accept it, so the
 * work is done once at build and never per request. Prints the bytes saved.
 */
import { existsSync, readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const repo = fileURLToPath(new URL('..', import.meta.url));
export const builtDists = ['standalone/dist', 'web/dist/embedded', 'web/dist/player', 'web/dist/widgets'];
const compressible = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this, a compressed sibling saves less than its headers cost. */
const minBytes = 512;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

export const brotli = (bytes: Buffer) =>
  brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
export const gzip = (bytes: Buffer) => gzipSync(bytes, { level: 9 });

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let raw = 0;
  let wire = 0;
  let count = 0;
  for (const dist of builtDists) {
    const root = join(repo, dist);
    if (!existsSync(root)) {
      console.error(`${dist} is missing: build it first`);
      process.exit(1);
    }
    for (const path of files(root)) {
      if (!compressible.test(path)) continue;
      const bytes = readFileSync(path);
      for (const [ext, compress] of [
        ['.br', brotli],
        ['.gz', gzip],
      ] as const) {
        const sibling = `${path}${ext}`;
        const packed = bytes.length >= minBytes ? compress(bytes) : null;
        if (packed && packed.length < bytes.length) writeFileSync(sibling, packed);
        else if (existsSync(sibling)) unlinkSync(sibling);
        if (ext === '.br') {
          raw += bytes.length;
          wire += packed && packed.length < bytes.length ? packed.length : bytes.length;
        }
      }
      count++;
    }
  }
  console.log(
    `precompressed ${count} files: ${(raw / 1024).toFixed(0)} KB raw, ${(wire / 1024).toFixed(0)} KB as brotli on the wire`,
  );
}
