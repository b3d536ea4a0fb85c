import { Stream } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { Middleware } from 'koa';
import type { AppState } from '../context.ts';

/** Below this a body goes as it is: compressing it saves less than it costs. */
export const compressThresholdBytes = 1024;
/** Bodies up to this size are compressed on the spot; larger ones on the thread pool, leaving the event loop free. */
const inlineLimitBytes = 64 * 1024;
const compressible = /^(application\/(json|javascript|xml|problem\+json)|text\/|image\/svg\+xml)/;

/** Brotli at quality 4: most of quality 11's gain on JSON for a small part of its time. */
const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const gzipOptions = { level: 6 };
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses dynamic answers (JSON, HTML, text) of at least 1 KB for browsers that accept brotli or
 * gzip. Streams (built files, which carry their precompressed siblings, and exports) and answers that
 * already have a Content-Encoding (the published quiz's ready bytes) pass untouched.
 */
export function compressResponses(): Middleware<AppState> {
  return async (ctx, next) => {
    await next();
    const { body } = ctx;
    if (body === null || body === undefined || body instanceof Stream || ctx.method === 'HEAD') return;
    if (ctx.response.get('Content-Encoding') || ctx.status === 204 || ctx.status === 304) return;
    const type = ctx.response.type || 'application/json';
    if (!compressible.test(type)) return;
    // Serialised once: when it stays uncompressed, Koa sends this text instead of serialising the object again.
    const text = Buffer.isBuffer(body) || typeof body === 'string' ? body : JSON.stringify(body);
    if (text !== body) ctx.body = text;
    const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
    if (bytes.length < compressThresholdBytes) return;
    ctx.vary('Accept-Encoding');
    const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
    if (encoding !== 'br' && encoding !== 'gzip') return;
    const inline = bytes.length <= inlineLimitBytes;
    const packed =
      encoding === 'br'
        ? inline
          ? brotliCompressSync(bytes, brotliOptions)
          : await brotliAsync(bytes, brotliOptions)
        : inline
          ? gzipSync(bytes, gzipOptions)
          : await gzipAsync(bytes, gzipOptions);
    ctx.body = packed;
    ctx.type = type;
    ctx.set('Content-Encoding', encoding);
  };
}
