import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playMessages } from '@quizlead/shared/schemas/play.ts';
import { createOwner } from '../../test/factories.ts';
import { getTestServer, type TestServer } from '../../test/getTestServer.ts';
import { createGradedQuiz } from '../../test/quizFactory.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

/** A raw GET: the headers and bytes exactly as sent (fetch would decompress them). */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((done, fail) => {
    const request = httpRequest(`${server.url}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', fail);
    request.end();
  });
}

/** The headers that say nothing about the route: when and which request. */
const comparable = (headers: IncomingHttpHeaders) => {
  const { date: _date, 'x-request-id': _id, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
  return rest;
};

describe('GET /api/v1/public/quizzes/{id} before the router', () => {
  it('answers what the API route answers: the same headers and bytes, in each encoding', async () => {
    const { client } = await createOwner(server);
    const quiz = await createGradedQuiz(client, { questions: 2, publish: true });
    const path = `/api/v1/public/quizzes/${quiz.id}`;
    // A query string takes the route's way (Koa's middleware and the API router).
    for (const encoding of ['identity', 'gzip', 'br']) {
      const fast = await get(path, { 'accept-encoding': encoding });
      const routed = await get(`${path}?via=router`, { 'accept-encoding': encoding });
      expect(fast.status).toBe(200);
      expect(comparable(fast.headers)).toEqual(comparable(routed.headers));
      expect(fast.body.equals(routed.body)).toBe(true);
      expect(fast.headers['x-request-id']).toMatch(/^[\w.-]{8,100}$/);
    }
    const plain = await get(path);
    expect(JSON.parse(brotliDecompressSync((await get(path, { 'accept-encoding': 'br' })).body).toString())).toEqual(
      JSON.parse(plain.body.toString()),
    );
    expect(plain.headers['access-control-allow-origin']).toBe('*');
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    expect(plain.headers['cache-control']).toBe('no-cache');

    // A repeat holding the ETag is a 304 without a body.
    const again = await get(path, { 'if-none-match': plain.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('counts each view, leaves drafts and unknown ids to the route’s 404, and a client over its limit to the route’s 429', async () => {
    const { client } = await createOwner(server);
    const quiz = await createGradedQuiz(client, { questions: 1, publish: true });
    const draft = await createGradedQuiz(client, { questions: 1 });
    const path = `/api/v1/public/quizzes/${quiz.id}`;
    for (let view = 0; view < 3; view++) expect((await get(path)).status).toBe(200);
    await server.services.stats.flush();
    const report = await client.get(`/api/v1/quizzes/${quiz.id}/report`);
    expect(report.status).toBe(200);
    expect(JSON.stringify(report.body.data)).toMatch(/"views":3\b/);

    for (const missing of [draft.id, crypto.randomUUID()]) {
      const response = await get(`/api/v1/public/quizzes/${missing}`);
      expect(response.status).toBe(404);
      expect(JSON.parse(response.body.toString()).error.message).toBe(playMessages.notFound);
    }

    const limiter = server.services.limiters.publicByQuiz;
    const max = limiter.max;
    limiter.max = 0;
    try {
      const limited = await get(path);
      expect(limited.status).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      expect(JSON.parse(limited.body.toString()).error.code).toBeDefined();
    } finally {
      limiter.max = max;
    }
  });
});

describe('behind a proxy', () => {
  let proxied: TestServer;
  beforeAll(async () => {
    proxied = await getTestServer({ TRUST_PROXY: '1' });
  });
  afterAll(() => proxied.stop());

  it('limits each visitor by the address the proxy forwarded, as the API route does', async () => {
    const { client } = await createOwner(proxied);
    const quiz = await createGradedQuiz(client, { questions: 1, publish: true });
    const limiter = proxied.services.limiters.publicByIp;
    const max = limiter.max;
    limiter.max = 2;
    const from = (address: string) =>
      fetch(`${proxied.url}/api/v1/public/quizzes/${quiz.id}`, { headers: { 'x-forwarded-for': address } }).then(
        (response) => response.status,
      );
    try {
      expect([await from('203.0.113.5'), await from('203.0.113.5'), await from('203.0.113.6')]).toEqual([200, 200, 200]);
      // The third from the first visitor is over its limit; the other visitor's one request is not counted against it.
      expect(await from('203.0.113.5')).toBe(429);
      expect(await from('203.0.113.6')).toBe(200);
    } finally {
      limiter.max = max;
    }
  });
});
