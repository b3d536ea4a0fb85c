import { Agent, request, type IncomingHttpHeaders } from 'node:http';

/** A request exactly as it goes on the wire: the path is sent as written, escapes and all. */
export interface WireRequest {
  method: string;
  /** Path and query, already encoded (or deliberately not). */
  path: string;
  headers: Record<string, string>;
  body?: Buffer | undefined;
}

export type WireResult =
  | { kind: 'answered'; status: number; headers: IncomingHttpHeaders; text: string; ms: number }
  /** The client refused to send it (a header or path Node will not write): not the server's doing. */
  | { kind: 'unsendable'; reason: string }
  /** Sent, but no answer: the connection dropped or the time ran out. */
  | { kind: 'failed'; reason: string; ms: number };

const agent = new Agent({ keepAlive: true, maxSockets: 4 });

/**
 * Sends `wire` to `origin` with node:http (fetch would normalise the path and refuse some methods),
 * on a kept-alive connection unless `newConnection`.
 */
export function send(
  origin: string,
  wire: WireRequest,
  options: { newConnection?: boolean; timeoutMs?: number } = {},
): Promise<WireResult> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const { hostname, port } = new URL(origin);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let outgoing;
    try {
      outgoing = request({
        agent: options.newConnection ? false : agent,
        host: hostname,
        port,
        method: wire.method,
        path: wire.path,
        headers: { ...wire.headers, ...(wire.body ? { 'content-length': String(wire.body.length) } : {}) },
        setHost: !Object.keys(wire.headers).some((name) => name.toLowerCase() === 'host'),
      });
    } catch (error) {
      resolve({ kind: 'unsendable', reason: (error as Error).message });
      return;
    }
    outgoing.setTimeout(timeoutMs, () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    outgoing.on('error', (error) => resolve({ kind: 'failed', reason: error.message, ms: elapsed() }));
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= 64 * 1024) chunks.push(chunk);
      });
      response.on('error', (error) => resolve({ kind: 'failed', reason: error.message, ms: elapsed() }));
      response.on('end', () =>
        resolve({
          kind: 'answered',
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: Buffer.concat(chunks).toString('utf8'),
          ms: elapsed(),
        }),
      );
    });
    try {
      outgoing.end(wire.body);
    } catch (error) {
      outgoing.destroy();
      resolve({ kind: 'unsendable', reason: (error as Error).message });
    }
  });
}

/** The request as a reader can replay it: method, path, headers, and the body's first bytes. */
export function describeRequest(wire: WireRequest): string {
  const body = wire.body ? JSON.stringify(wire.body.subarray(0, 600).toString('latin1')) : '(none)';
  return [
    `${wire.method} ${wire.path.slice(0, 600)}`,
    `headers: ${JSON.stringify(wire.headers).slice(0, 600)}`,
    `body: ${body}`,
  ].join('\n');
}
