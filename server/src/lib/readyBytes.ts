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

/** What answers a request for ready bytes: 304 when it already holds them, else the encoding it accepts. */
export function readyAnswer(
  ready: ReadyBytes,
  ifNoneMatch: string,
  accepted: string | false,
): { status: 200 | 304; encoding: 'br' | 'gzip' | null; body: Buffer | null } {
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(ready.etag))) {
    return { status: 304, encoding: null, body: null };
  }
  if (accepted === 'br' || accepted === 'gzip') return { status: 200, encoding: accepted, body: ready[accepted] };
  return { status: 200, encoding: null, body: ready.identity };
}

/** The encodings ready bytes come in, in the server's order of preference. */
export const readyEncodings = ['br', 'gzip', 'identity'];

/** Sends ready bytes through Koa (see readyAnswer). */
export function sendReadyBytes(ctx: AppContext, ready: ReadyBytes, cacheControl: string): void {
  ctx.set('Cache-Control', cacheControl);
  ctx.set('ETag', ready.etag);
  ctx.vary('Accept-Encoding');
  const answer = readyAnswer(ready, ctx.get('If-None-Match'), ctx.acceptsEncodings(...readyEncodings));
  if (answer.status === 304) {
    ctx.status = 304;
    return;
  }
  ctx.type = 'application/json';
  if (answer.encoding) ctx.set('Content-Encoding', answer.encoding);
  ctx.body = answer.body;
}
