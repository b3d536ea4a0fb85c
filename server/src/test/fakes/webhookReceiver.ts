import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/**
 * A webhook endpoint for tests, on 127.0.0.1 (so senders need WEBHOOKS_ALLOW_PRIVATE): it verifies
 * every request's signature with the official `standardwebhooks` library, as a real consumer would,
 * and records what it got. `respond` chooses the answer (default 200); `verifyWith` the secret.
 *
 *   const receiver = await WebhookReceiver.start(secret);
 *   … deliverWebhook({ url: receiver.url('/hooks'), … }, …, { allowPrivate: true });
 *   expect(receiver.received[0]!.verified).toBe(true);
 */

export interface ReceivedWebhook {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** standardwebhooks' verify passed with the receiver's secret. */
  verified: boolean;
  /** verify's error message when it did not. */
  error?: string;
  /** The parsed payload when verified. */
  payload?: unknown;
}

export type ReceiverHandler = (request: IncomingMessage, response: ServerResponse, received: ReceivedWebhook) => void;

export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  /** Replaces the default answer (200 `{"ok":true}`) for the following requests. */
  respond: ReceiverHandler | undefined;
  verifyWith: string;
  readonly #server: Server;

  private constructor(secret: string, server: Server) {
    this.verifyWith = secret;
    this.#server = server;
  }

  /** Listens on `port` (default any free one): a receiver started again on a closed one's port is that endpoint back up. */
  static async start(secret: string, port = 0): Promise<WebhookReceiver> {
    const server = createServer();
    const receiver = new WebhookReceiver(secret, server);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => receiver.#handle(request, response));
    await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
    return receiver;
  }

  get port(): number {
    return (this.#server.address() as AddressInfo).port;
  }

  url(path = '/webhooks'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Verifies as a consumer does: the raw body and the three headers, ±5 minutes. */
  verify(body: string, headers: IncomingHttpHeaders, secret = this.verifyWith): { payload?: unknown; error?: string } {
    try {
      const payload = new Webhook(secret).verify(body, {
        'webhook-id': String(headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(headers['webhook-signature'] ?? ''),
      });
      return { payload };
    } catch (error) {
      return { error: (error as Error).message };
    }
  }

  #handle(request: IncomingMessage, response: ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const { payload, error } = this.verify(body, request.headers);
      const received: ReceivedWebhook = {
        method: request.method!,
        path: request.url!,
        headers: request.headers,
        body,
        verified: error === undefined,
        ...(error === undefined ? { payload } : { error }),
      };
      this.received.push(received);
      if (this.respond) return this.respond(request, response, received);
      response.statusCode = received.verified ? 200 : 400;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(received.verified ? { ok: true } : { error }));
    });
  }

  close(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((done) => this.#server.close(() => done()));
  }
}
