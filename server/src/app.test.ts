import { get as httpGet } from 'node:http';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiReference, type OpenApiDocument } from './routes/apiReference.ts';
import { createOwner } from './test/factories.ts';
import { getTestServer, type TestServer } from './test/getTestServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

describe('the app', () => {
  it('answers /healthz and /readyz', async () => {
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${server.url}/readyz`)).json()).toEqual({ status: 'ready' });
  });

  it('serves an OpenAPI document built from the zod schemas', async () => {
    const document: any = await (await fetch(`${server.url}/api/v1/openapi.json`)).json();
    expect(document.openapi).toBe('3.0.3');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/session',
        '/api/v1/signup/token',
        '/api/v1/signup',
        '/api/v1/password/forgot',
        '/api/v1/account/profile',
        '/api/v1/files/{id}',
      ]),
    );
    const signIn = document.paths['/api/v1/session'].post.requestBody.content['application/json'].schema;
    expect(signIn.required).toEqual(['email', 'password']);
    expect(document.paths['/api/v1/account/profile'].get.security).toBeDefined();
  });

  it('passes Redocly’s recommended rules: no errors, and only the warnings it has reasons for', async () => {
    const source = await (await fetch(`${server.url}/api/v1/openapi.json`)).text();
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: `${server.url}/api/v1/openapi.json`, config });
    expect(
      problems.map((problem) => `${problem.severity} ${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`),
    ).toEqual([
      // The product has no licence to name.
      'warn info-license #/info: Info object should contain `license` field.',
      // Public, without input: it has no 4xx answer to give.
      'warn operation-4xx-response #/paths/~1api~1v1~1auth~1providers/get/responses: Operation must have at least one `4XX` response.',
    ]);
    const document = JSON.parse(source);
    // Either credential alone is enough; public routes say they need none.
    expect(document.paths['/api/v1/quizzes'].post.security).toEqual([{ sessionCookie: [] }, { shopifySessionToken: [] }]);
    expect(document.paths['/api/v1/session'].post.security).toEqual([]);
    expect(document.paths['/api/v1/quizzes'].post.parameters).toContainEqual({ $ref: '#/components/parameters/CsrfToken' });
    expect(document.components.parameters.CsrfToken).toMatchObject({ name: 'X-CSRF-Token', in: 'header' });
    expect(document.paths['/api/v1/quizzes'].get.parameters ?? []).not.toContainEqual({
      $ref: '#/components/parameters/CsrfToken',
    });
  });

  it('has its route reference (docs/api-reference.md) written from the OpenAPI document, every route in it', async () => {
    const document = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as OpenApiDocument;
    const reference = apiReference(document);
    for (const path of Object.keys(document.paths)) expect(reference).toContain(`| ${path} `);
    // `npm run docs:api` writes the file again after a route changes.
    await expect(reference).toMatchFileSnapshot('../../docs/api-reference.md');
  });

  it('answers unknown API paths and malformed JSON with the error envelope, never a stack', async () => {
    const missing = await fetch(`${server.url}/api/v1/nothing-here`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    const malformed = await fetch(`${server.url}/api/v1/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": ',
    });
    expect(malformed.status).toBe(400);
    const body = await malformed.json();
    expect(body).toEqual({ error: { code: 'validation', message: 'Malformed request body' } });
  });

  it('sets security headers and a request id', async () => {
    const response = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'trace-12345678' } });
    expect(response.headers.get('x-request-id')).toBe('trace-12345678');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // An API answer is never a page: nothing may load or frame it, and the document-only policies stay off.
    const answer = await fetch(`${server.url}/api/v1/nothing-here`);
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    for (const documentOnly of ['referrer-policy', 'cross-origin-opener-policy', 'permissions-policy']) {
      expect(answer.headers.get(documentOnly), documentOnly).toBeNull();
    }
    const generated = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends signed-out visitors of /app/… to /index.html', async () => {
    for (const path of ['/app', '/app/', '/app/Quizzes', '/app/Account']) {
      const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      expect(response.status, path).toBe(302);
      expect(response.headers.get('location')).toBe('/index.html');
    }
    const { client } = await createOwner(server);
    expect((await client.get('/app/Account')).status).not.toBe(302);
  });

  it('lists sent mail at /dev/mailbox, escaped, with clickable links', async () => {
    await server.services.mailer.send({
      to: 'reader@example.com',
      subject: 'Hello <b>there</b>',
      text: 'Open https://example.com/x?a=1 now',
    });
    const html = await (await fetch(`${server.url}/dev/mailbox`)).text();
    expect(html).toContain('Hello &lt;b&gt;there&lt;/b&gt;');
    expect(html).toContain('<a href="https://example.com/x?a=1">');
    expect(html).toContain('reader@example.com');
  });
});

describe('the dev mailbox page', () => {
  it('answers only this machine: anything forwarded by a proxy finds nothing', async () => {
    expect((await fetch(`${server.url}/dev/mailbox`)).status).toBe(200);
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const forwarded = await fetch(`${server.url}/dev/mailbox`, { headers: { [header]: '203.0.113.9' } });
      expect(forwarded.status, header).toBe(404);
    }
  });

  it('answers only a loopback Host: a rebound DNS name (any other Host) finds nothing and no token', async () => {
    await server.services.mailer.send({ to: 'rebind@example.com', subject: 'Your code', text: 'Code 424242' });
    const port = new URL(server.url).port;
    const withHost = (host: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = httpGet({ host: '127.0.0.1', port, path: '/dev/mailbox', headers: { host } }, (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode!, body }));
        });
        request.on('error', reject);
      });
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, 'localhost', 'LOCALHOST:1']) {
      const answer = await withHost(host);
      expect(answer.status, host).toBe(200);
      expect(answer.body, host).toContain('Code 424242');
    }
    for (const host of [
      `attacker.example:${port}`,
      'attacker.example',
      `127.0.0.1.nip.io:${port}`,
      `localhost.attacker.example:${port}`,
      `127.0.0.2:${port}`,
      `localhost:${port}@attacker.example`,
      `0.0.0.0:${port}`,
    ]) {
      const answer = await withHost(host);
      expect(answer.status, host).toBe(404);
      expect(answer.body, host).not.toContain('424242');
    }
  });

  it('does not exist in production', async () => {
    const production = await getTestServer({ NODE_ENV: 'production' });
    try {
      expect((await fetch(`${production.url}/dev/mailbox`)).status).toBe(404);
    } finally {
      await production.stop();
    }
  });
});
