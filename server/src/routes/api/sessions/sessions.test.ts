import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@quizlead/shared/validations.ts';
import { createOwner, uniqueEmail } from '../../../test/factories.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

describe('POST /api/v1/session', () => {
  it('400 names the field with the exact message', async () => {
    const client = server.client();
    expect((await client.post('/api/v1/session', { password: 'x' })).body).toEqual({
      error: { code: 'validation', message: messages.auth.emailRequired, field: 'email' },
    });
    expect((await client.post('/api/v1/session', { email: 'not-an-email', password: 'x' })).body.error).toEqual({
      code: 'validation',
      message: messages.auth.invalidEmail,
      field: 'email',
    });
    expect((await client.post('/api/v1/session', { email: 'a@b.co', password: '' })).body.error.message).toBe(
      messages.auth.passwordRequired,
    );
    const notAnObject = await client.post('/api/v1/session', ['a']);
    expect(notAnObject.status).toBe(400);
  });

  it('401 for a wrong password or an unknown email, with the same message', async () => {
    const owner = await createOwner(server);
    const wrong = await server.client().post('/api/v1/session', { email: owner.email, password: 'nope-nope' });
    const unknown = await server.client().post('/api/v1/session', { email: uniqueEmail(), password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error.message).toBe(messages.auth.loginFailed);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('200 signs in with an httpOnly SameSite=Lax cookie, email matched case-insensitively', async () => {
    const owner = await createOwner(server);
    const client = server.client();
    const response = await client.post('/api/v1/session', { email: owner.email.toUpperCase(), password: owner.password });
    expect(response.status).toBe(200);
    expect(response.body.data.user).toMatchObject({ email: owner.email, name: 'Olive Owner', mode: 'free', usertype: 'email' });
    expect(response.body.data.csrfToken).toMatch(/^[\w-]{20,}$/);
    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^ql_session=[\w-]+;/);
    expect(cookie.toLowerCase()).toContain('httponly');
    expect(cookie.toLowerCase()).toContain('samesite=lax');
    expect(cookie.toLowerCase()).not.toContain('secure');
  });

  it('trips the per-email limit with 429 and Retry-After, without locking other emails out', async () => {
    const owner = await createOwner(server);
    const client = server.client();
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await client.post('/api/v1/session', { email: owner.email, password: 'wrong-wrong' })).status).toBe(401);
    }
    const limited = await client.post('/api/v1/session', { email: owner.email, password: owner.password });
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toBe(messages.auth.tooManyRequests);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await createOwner(server);
    expect((await server.client().post('/api/v1/session', { email: other.email, password: other.password })).status).toBe(200);
  });
});

describe('GET and DELETE /api/v1/session', () => {
  it('401 → 200 → signed out', async () => {
    const anonymous = server.client();
    expect((await anonymous.get('/api/v1/session')).status).toBe(401);

    const { client, email } = await createOwner(server);
    const current = await client.get('/api/v1/session');
    expect(current.status).toBe(200);
    expect(current.body.data.user.email).toBe(email);

    const token = client.csrfToken;
    client.csrfToken = '';
    const forged = await client.delete('/api/v1/session');
    expect(forged.status).toBe(403);
    expect(forged.body.error.message).toBe(messages.generic.csrf);

    client.csrfToken = token;
    const signedOut = await client.delete('/api/v1/session');
    expect(signedOut.status).toBe(200);
    expect(signedOut.headers.get('set-cookie')).toMatch(/^ql_session=;/);
    expect((await client.get('/api/v1/session')).status).toBe(401);
  });

  it('a stolen cookie stops working once its session is signed out', async () => {
    const { client } = await createOwner(server);
    const copy = server.client();
    copy.cookie = client.cookie;
    await client.delete('/api/v1/session');
    expect((await copy.get('/api/v1/session')).status).toBe(401);
  });
});

describe('behind an HTTPS proxy', () => {
  it('marks the session cookie Secure', async () => {
    const proxied = await getTestServer({ TRUST_PROXY: 'true' });
    try {
      const owner = await createOwner(proxied);
      const response = await owner.client.request(
        'POST',
        '/api/v1/session',
        { email: owner.email, password: owner.password },
        { 'x-forwarded-proto': 'https' },
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('set-cookie')!.toLowerCase()).toContain('secure');
      expect(response.headers.get('strict-transport-security')).toContain('max-age');
    } finally {
      await proxied.stop();
    }
  });

  it('counts wrong passwords per email and address: a guesser elsewhere cannot lock the owner out', async () => {
    const proxied = await getTestServer({ TRUST_PROXY: '1' });
    try {
      const owner = await createOwner(proxied);
      const from = (address: string, password: string) =>
        proxied.client().request('POST', '/api/v1/session', { email: owner.email, password }, { 'x-forwarded-for': address });
      // Signing in never uses the budget up.
      for (let attempt = 0; attempt < 12; attempt++) expect((await from('203.0.113.1', owner.password)).status).toBe(200);
      for (let attempt = 0; attempt < 10; attempt++) expect((await from('198.51.100.66', 'wrong-wrong')).status).toBe(401);
      expect((await from('198.51.100.66', owner.password)).status).toBe(429);
      // The owner, from their own address, still gets in.
      expect((await from('203.0.113.1', owner.password)).status).toBe(200);
      // Past the per-email ceiling every attempt on that email waits, more with each failure: not a wall.
      proxied.services.limiters.signInFailuresByEmail.max = 8;
      const started = performance.now();
      expect((await from('203.0.113.1', owner.password)).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(500);
    } finally {
      await proxied.stop();
    }
  });

  it('takes the client address from the trusted hops, so a client cannot spoof it with X-Forwarded-For', async () => {
    const proxied = await getTestServer({ TRUST_PROXY: '1' });
    try {
      const owner = await createOwner(proxied);
      // Every attempt claims another address at the left; our one proxy appended the real one.
      const attempts: number[] = [];
      for (let index = 0; index < 101; index++) {
        const answer = await proxied
          .client()
          .request(
            'POST',
            '/api/v1/session',
            { email: `nobody-${index}@example.com`, password: 'wrong password' },
            { 'x-forwarded-for': `198.51.100.${index % 250}, 203.0.113.7` },
          );
        attempts.push(answer.status);
      }
      expect(attempts.slice(0, 100).every((status) => status === 401)).toBe(true);
      expect(attempts[100]).toBe(429);
      // Another real client (another address appended by the proxy) is not held back.
      const other = await owner.client.request(
        'POST',
        '/api/v1/session',
        { email: owner.email, password: owner.password },
        { 'x-forwarded-for': '203.0.113.8' },
      );
      expect(other.status).toBe(200);
    } finally {
      await proxied.stop();
    }
  });
});
