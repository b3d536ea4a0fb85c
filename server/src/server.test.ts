/** A stop drains the HTTP server without waiting out keep-alive timeouts (a CI run hung 60 s in one). */
import { createServer, Agent, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { closeHttpServer } from './server.ts';

const agent = new Agent({ keepAlive: true });
afterEach(() => agent.destroy());

async function listening(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; port: number }> {
  const server = createServer(handler);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, port: (server.address() as AddressInfo).port };
}

const request = (port: number) =>
  new Promise<number>((done, fail) => {
    get({ host: '127.0.0.1', port, agent }, (response) => {
      response.resume();
      response.on('end', () => done(response.statusCode ?? 0));
    }).on('error', fail);
  });

it('closes a keep-alive connection as soon as the response in flight at the stop is sent', async () => {
  const { server, port } = await listening((_request, response) => setTimeout(() => response.end('ok'), 300));
  const answered = request(port);
  await new Promise((done) => setTimeout(done, 50));
  const started = Date.now();
  await closeHttpServer(server, 10_000);
  expect(await answered).toBe(200);
  // Node's own close() would wait for the 65 s keep-alive timeout here.
  expect(Date.now() - started).toBeLessThan(2_000);
});

it('cuts a request that is still running when the drain time is up', async () => {
  const { server, port } = await listening(() => undefined);
  const answered = request(port).catch((error: Error) => error);
  await new Promise((done) => setTimeout(done, 50));
  const started = Date.now();
  await closeHttpServer(server, 300);
  expect(Date.now() - started).toBeLessThan(2_000);
  expect(await answered).toBeInstanceOf(Error);
});
