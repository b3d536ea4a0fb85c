import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * One local "internet" for tests: a node:http server to put in EXTERNAL_API_ORIGIN
 * (integrations/external/externalFetch.ts). externalFetch sends every third-party call here with the
 * host it was meant for in `X-Forwarded-Host`; the world hands it to the fake registered for that host
 * (CRM fakes in fakes/crm/, Shopify through `forwardTo(fakeShopify.origin)`, …) and answers 502 with
 * `unrouted` recorded when no fake claims the host, so a test never silently reaches nothing.
 *
 *   const world = await FakeExternalWorld.start();
 *   world.register('api.getresponse.com', new FakeGetResponse());
 *   routeExternalApisTo(world.origin);
 */

/** A request as a fake sees it: already read, the real host from X-Forwarded-Host. */
export interface ExternalRequest {
  method: string;
  /** The host the call was meant for (X-Forwarded-Host), e.g. 'api.getresponse.com' or 'us6.api.mailchimp.com'. */
  host: string;
  path: string;
  query: URLSearchParams;
  /** Lower-case names, as node gives them (x-forwarded-host included). */
  headers: Record<string, string>;
  body: string;
}

/** What a fake answers. `destroy` drops the connection without an answer (a network error for the caller). */
export type ExternalReply =
  { status: number; headers?: Record<string, string>; body?: string | object } | { destroy: true; status?: undefined };

/** Anything that answers requests for some hosts. */
export interface ExternalFake {
  handle(request: ExternalRequest): ExternalReply | Promise<ExternalReply>;
}

export type HostMatcher = string | RegExp | ((host: string) => boolean);

interface Route {
  matches: (host: string) => boolean;
  fake: ExternalFake;
}

function matcher(match: HostMatcher): (host: string) => boolean {
  if (typeof match === 'string') {
    const wanted = match.toLowerCase();
    return (host) => host.toLowerCase() === wanted;
  }
  if (match instanceof RegExp) return (host) => match.test(host);
  return match;
}

/** A fake that is its own server (e.g. FakeShopify): the request is passed on to `origin` unchanged. */
export function forwardTo(origin: string): ExternalFake {
  return {
    async handle(request) {
      const target = new URL(`${request.path}${request.query.size ? `?${request.query}` : ''}`, origin);
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (!['host', 'connection', 'content-length', 'transfer-encoding'].includes(name)) headers.set(name, value);
      }
      const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
      const response = await fetch(target, { method: request.method, headers, body: hasBody ? request.body : undefined });
      const responseHeaders: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        if (!['content-length', 'transfer-encoding', 'connection', 'content-encoding'].includes(name))
          responseHeaders[name] = value;
      });
      return { status: response.status, headers: responseHeaders, body: await response.text() };
    },
  };
}

export class FakeExternalWorld {
  /** Requests no registered fake claimed (answered 502). */
  readonly unrouted: ExternalRequest[] = [];
  readonly #routes: Route[] = [];
  readonly #server: Server;
  #origin = '';

  private constructor() {
    this.#server = createServer((request, response) => {
      this.#handle(request, response).catch((error: unknown) => {
        if (response.headersSent) return response.destroy();
        response.statusCode = 500;
        response.setHeader('Content-Type', 'text/plain');
        response.end(`fake external world: ${String(error)}`);
      });
    });
  }

  static async start(): Promise<FakeExternalWorld> {
    const world = new FakeExternalWorld();
    await new Promise<void>((done) => world.#server.listen(0, '127.0.0.1', done));
    world.#origin = `http://127.0.0.1:${(world.#server.address() as AddressInfo).port}`;
    return world;
  }

  /** The origin to put in EXTERNAL_API_ORIGIN / routeExternalApisTo. */
  get origin(): string {
    return this.#origin;
  }

  /** Sends calls for hosts that `match` to `fake`; a later registration wins over an earlier one. Returns the fake. */
  register<T extends ExternalFake>(match: HostMatcher, fake: T): T {
    this.#routes.unshift({ matches: matcher(match), fake });
    return fake;
  }

  /** Removes every route to `fake`. */
  unregister(fake: ExternalFake): void {
    for (let index = this.#routes.length - 1; index >= 0; index -= 1) {
      if (this.#routes[index]!.fake === fake) this.#routes.splice(index, 1);
    }
  }

  async stop(): Promise<void> {
    await new Promise<void>((done) => {
      this.#server.close(() => done());
      this.#server.closeAllConnections();
    });
  }

  async #handle(incoming: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const url = new URL(incoming.url ?? '/', this.#origin);
    const headers = Object.fromEntries(
      Object.entries(incoming.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]),
    );
    const request: ExternalRequest = {
      method: incoming.method ?? 'GET',
      host: headers['x-forwarded-host'] ?? '',
      path: url.pathname,
      query: url.searchParams,
      headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    const route = this.#routes.find((candidate) => candidate.matches(request.host));
    if (!route) {
      this.unrouted.push(request);
      response.statusCode = 502;
      response.setHeader('Content-Type', 'text/plain');
      response.end(`fake external world: no fake registered for host "${request.host}"`);
      return;
    }
    const reply = await route.fake.handle(request);
    if (reply.status === undefined) {
      response.destroy();
      return;
    }
    response.statusCode = reply.status;
    const body = reply.body;
    let text = '';
    if (typeof body === 'string') text = body;
    else if (body !== undefined) {
      text = JSON.stringify(body);
      response.setHeader('Content-Type', 'application/json');
    }
    for (const [name, value] of Object.entries(reply.headers ?? {})) response.setHeader(name, value);
    response.end(text);
  }
}
