import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { AppContext } from '../context.ts';

/** An answer serialised and compressed once, with its ETag: served many times as it is. */
export interface ReadyBytes {
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** Quality 11: made once per cached object, read thousands of times. */
const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } };
const made = new WeakMap<object, ReadyBytes>();

/** The ready bytes of `owner`'s JSON answer (`answer()` is called once per owner object). */
export function readyBytesOf(owner: object, answer: () => unknown): ReadyBytes {
  let ready = made.get(owner);
  if (!ready) {
    const identity = Buffer.from(JSON.stringify(answer()));
    ready = {
      // Weak: the br, gzip and plain bytes are one representation in three encodings.
      etag: `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
      identity,
      br: brotliCompressSync(identity, brotliOptions),
      gzip: gzipSync(identity, { level: 9 }),
    };
    made.set(owner, ready);
  }
  return ready;
}

/** Sends ready bytes: 304 when the request already holds them, else the encoding it accepts. */
export function sendReadyBytes(ctx: AppContext, ready: ReadyBytes, cacheControl: string): void {
  ctx.set('Cache-Control', cacheControl);
  ctx.set('ETag', ready.etag);
  ctx.vary('Accept-Encoding');
  const held = ctx.get('If-None-Match');
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  if (held && held.split(',').some((tag) => opaque(tag) === opaque(ready.etag))) {
    ctx.status = 304;
    return;
  }
  const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
  ctx.type = 'application/json';
  if (encoding === 'br' || encoding === 'gzip') {
    ctx.set('Content-Encoding', encoding);
    ctx.body = ready[encoding];
  } else ctx.body = ready.identity;
}
