import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { ResolvedAddress } from '../webhooks/urlSafety.ts';

/**
 * One HTTP request to an address that has already passed the SSRF checks (webhooks/urlSafety.ts), and
 * to that address only: the connection's `lookup` answers the checked address whatever DNS says by
 * now, so a rebind between check and connect cannot swap it; the Host header and the TLS servername
 * stay the hostname. A fresh connection each time (nothing pooled from an earlier resolution), no
 * redirect followed (a 3xx is the answer), a deadline for the whole exchange and a cap on the answer.
 * The one transport of every call whose address an owner's settings decide: webhook deliveries
 * (webhooks/sender.ts) and third-party APIs outside the test seam (externalFetch.ts).
 */

export interface PinnedTarget {
  url: URL;
  /** The URL's hostname without brackets: the Host header and the TLS servername. */
  hostname: string;
  /** The checked address to connect to. */
  pinned: ResolvedAddress;
  /** Every resolved address, all checked: tried in turn when one family cannot connect (happy eyeballs). */
  addresses?: ResolvedAddress[];
}

export interface PinnedRequest {
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

export interface PinnedLimits {
  /** Everything (connect, answer, body) within this. */
  timeoutMs: number;
  /** The answer's body is read up to this many bytes, then the connection is dropped (`truncated`). */
  maxBytes: number;
  /** The caller's own abort (fetch's `signal`): rejects with its reason. */
  signal?: AbortSignal;
}

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The answer was longer than `maxBytes`; `body` holds the first `maxBytes`. */
  truncated: boolean;
}

export class PinnedRequestTimeout extends Error {
  constructor(timeoutMs: number) {
    super(`no answer within ${timeoutMs / 1000} s`);
    this.name = 'PinnedRequestTimeout';
  }
}

/** Connects only to checked addresses (`pinned`, or any of `addresses` when asked for all), whatever DNS says by now. */
function pinnedLookup(pinned: ResolvedAddress, addresses: ResolvedAddress[] = [pinned]): LookupFunction {
  return (_hostname, options, callback) => {
    const cb = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
    if (typeof options === 'object' && options.all)
      cb(
        null,
        addresses.map(({ address, family }) => ({ address, family })),
      );
    else cb(null, pinned.address, pinned.family);
  };
}

export function pinnedRequest(target: PinnedTarget, sent: PinnedRequest, limits: PinnedLimits): Promise<RawAnswer> {
  const { url, hostname, pinned, addresses } = target;
  const https = url.protocol === 'https:';
  const body = sent.body === undefined ? undefined : Buffer.from(sent.body);
  return new Promise<RawAnswer>((resolve, reject) => {
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      limits.signal?.removeEventListener('abort', onAbort);
      done();
    };
    const onAbort = () => {
      settle(() => reject(limits.signal!.reason));
      request.destroy();
    };
    const request = (https ? httpsRequest : httpRequest)({
      method: sent.method,
      hostname,
      port: url.port || (https ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      headers: { ...sent.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      agent: false,
      lookup: pinnedLookup(pinned, addresses),
      ...(https && !isIP(hostname) ? { servername: hostname } : {}),
    });
    const timer = setTimeout(() => {
      settle(() => reject(new PinnedRequestTimeout(limits.timeoutMs)));
      request.destroy();
    }, limits.timeoutMs);
    if (limits.signal?.aborted) return onAbort();
    limits.signal?.addEventListener('abort', onAbort, { once: true });
    request.on('error', (error) => settle(() => reject(error)));
    request.on('response', (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      const finish = () => {
        settle(() =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks), truncated }),
        );
        // Enough read: stop, whatever is left (a fresh connection, so nothing to keep alive).
        response.destroy();
      };
      response.on('data', (chunk: Buffer) => {
        const room = limits.maxBytes - size;
        if (chunk.length > room) truncated = true;
        chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
        size += Math.min(chunk.length, room);
        if (size >= limits.maxBytes) finish();
      });
      response.on('end', finish);
      response.on('error', (error) => settle(() => reject(error)));
    });
    request.end(body);
  });
}
