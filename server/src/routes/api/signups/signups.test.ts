import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@quizlead/shared/validations.ts';
import { authTokens, users } from '../../../db/schema/index.ts';
import { createOwner, uniqueEmail } from '../../../test/factories.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';
import { requestToken, signupBody, tokenIn } from './signupSteps.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

describe('POST /api/v1/signup/token', () => {
  it('400 with the spec messages', async () => {
    const client = server.client();
    expect((await client.post('/api/v1/signup/token', { fullName: '  ', email: 'a@b.co' })).body.error).toEqual({
      code: 'validation',
      message: messages.auth.fullNameEmpty,
      field: 'fullName',
    });
    expect((await client.post('/api/v1/signup/token', { fullName: 'Sam', email: 'sam@' })).body.error).toEqual({
      code: 'validation',
      message: messages.auth.invalidEmail,
      field: 'email',
    });
  });

  it('mails a 6-digit token and stores only its keyed hash', async () => {
    const email = uniqueEmail('signup');
    const token = await requestToken(server, email);
    expect(token).toMatch(/^\d{6}$/);
    const rows = await server.services.database.db.select().from(authTokens).where(eq(authTokens.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers the same for a registered email and mails a sign-in hint instead of a token', async () => {
    const owner = await createOwner(server);
    const response = await server.client().post('/api/v1/signup/token', { fullName: 'Someone', email: owner.email });
    expect(response.body).toEqual({ data: { message: messages.auth.tokenSent } });
    const mail = await server.waitForMail(owner.email);
    expect(mail.subject).toMatch(/already exists/);
    expect(tokenIn(mail.text)).toBeUndefined();
  });

  it('answers alike for new and registered addresses, and mails nothing the requester typed', async () => {
    const owner = await createOwner(server);
    const fresh = uniqueEmail('quiet');
    const phishing = 'Your account is locked, call +1 555 0100 now';
    for (const email of [fresh, owner.email]) {
      const response = await server.client().post('/api/v1/signup/token', { fullName: phishing, email });
      expect(response.body).toEqual({ data: { message: messages.auth.tokenSent } });
    }
    const mail = await server.waitForMail(fresh, /verification token/);
    expect(mail.subject + mail.text).not.toContain(phishing);
    expect((await server.waitForMail(owner.email, /already exists/)).text).not.toContain(phishing);
  });

  it('rate-limits per email', async () => {
    const email = uniqueEmail('limited');
    const client = server.client();
    for (let i = 0; i < 5; i++) expect((await client.post('/api/v1/signup/token', { fullName: 'L', email })).status).toBe(200);
    const limited = await client.post('/api/v1/signup/token', { fullName: 'L', email: email.toUpperCase() });
    expect(limited.status).toBe(429);
  });
});

describe('POST /api/v1/signup', () => {
  it('400 for missing fields, then for a wrong token; 201 signs in with an argon2id password', async () => {
    const email = uniqueEmail('signup');
    const token = await requestToken(server, email);
    const client = server.client();

    expect((await client.post('/api/v1/signup', { ...signupBody(email, token), password: 'short' })).body.error).toEqual({
      code: 'validation',
      message: messages.auth.passwordTooShort,
      field: 'password',
    });
    expect((await client.post('/api/v1/signup', { ...signupBody(email, token), token: '' })).body.error.message).toBe(
      messages.auth.tokenRequired,
    );
    const wrongToken = token === '000000' ? '111111' : '000000';
    const wrong = await client.post('/api/v1/signup', signupBody(email, wrongToken));
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toEqual({ code: 'validation', message: messages.auth.tokenInvalid, field: 'token' });

    const created = await client.post('/api/v1/signup', signupBody(email, token));
    expect(created.status).toBe(201);
    expect(created.body.data.user).toMatchObject({ email, name: 'Sam Signup', companyName: 'Sam & Co', mode: 'free' });
    expect((await client.get('/api/v1/session')).body.data.user.email).toBe(email);
    expect((await client.get('/api/v1/account/profile')).body.data.companyUrl).toBe('https://sam.example.com');

    const [user] = await server.services.database.db.select().from(users).where(eq(users.email, email));
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user!.verifiedAt).toBeInstanceOf(Date);
  });

  it('a token is single-use', async () => {
    const email = uniqueEmail('once');
    const token = await requestToken(server, email);
    expect((await server.client().post('/api/v1/signup', signupBody(email, token))).status).toBe(201);
    const again = await server.client().post('/api/v1/signup', signupBody(email, token));
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(messages.auth.tokenInvalid);
  });

  it('an expired token is refused', async () => {
    const email = uniqueEmail('expired');
    const token = await requestToken(server, email);
    await server.services.database.db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(authTokens.email, email));
    const response = await server.client().post('/api/v1/signup', signupBody(email, token));
    expect(response.status).toBe(400);
    expect(response.body.error.field).toBe('token');
  });

  it('five wrong guesses spend the token', async () => {
    const email = uniqueEmail('guess');
    const token = await requestToken(server, email);
    const wrongToken = token === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await server.client().post('/api/v1/signup', signupBody(email, wrongToken));
    expect((await server.client().post('/api/v1/signup', signupBody(email, token))).status).toBe(400);
  });

  it('Send Again supersedes the earlier token', async () => {
    const email = uniqueEmail('again');
    const first = await requestToken(server, email);
    await server.client().post('/api/v1/signup/token', { fullName: 'Sam', email });
    const deadline = Date.now() + 10_000;
    let mails = (await server.mailbox.list()).filter((mail) => mail.to === email);
    while (mails.length < 2 && Date.now() < deadline) {
      await new Promise((done) => setTimeout(done, 100));
      mails = (await server.mailbox.list()).filter((mail) => mail.to === email);
    }
    expect(mails).toHaveLength(2);
    const second = tokenIn(mails[0]!.text)!;
    if (second !== first) expect((await server.client().post('/api/v1/signup', signupBody(email, first))).status).toBe(400);
    expect((await server.client().post('/api/v1/signup', signupBody(email, second))).status).toBe(201);
  });
});
