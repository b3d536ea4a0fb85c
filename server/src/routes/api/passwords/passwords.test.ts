import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@quizlead/shared/validations.ts';
import { authTokens } from '../../../db/schema/index.ts';
import { createOwner, uniqueEmail } from '../../../test/factories.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const linkIn = (text: string) => /\/ResetPassword\?token=([\w%-]+)/.exec(text)?.[1];

async function resetTokenFor(email: string) {
  const response = await server.client().post('/api/v1/password/forgot', { email });
  expect(response.body).toEqual({ data: { message: messages.auth.forgotNotice } });
  const mail = await server.waitForMail(email, /Reset your/);
  return decodeURIComponent(linkIn(mail.text)!);
}

describe('POST /api/v1/password/forgot', () => {
  it('400 for a malformed email', async () => {
    const response = await server.client().post('/api/v1/password/forgot', { email: 'nope' });
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({ code: 'validation', message: messages.auth.invalidEmail, field: 'email' });
  });

  it('answers the same neutral notice for unknown emails and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const response = await server.client().post('/api/v1/password/forgot', { email });
    expect(response.status).toBe(200);
    expect(response.body.data.message).toBe(messages.auth.forgotNotice);
    await new Promise((done) => setTimeout(done, 1200));
    expect((await server.mailbox.list()).some((mail) => mail.to === email)).toBe(false);
  });

  it('mails a link, never a password', async () => {
    const owner = await createOwner(server);
    await server.client().post('/api/v1/password/forgot', { email: owner.email });
    const mail = await server.waitForMail(owner.email, /Reset your/);
    expect(mail.text).toContain(`${server.env.APP_URL}/ResetPassword?token=`);
    expect(mail.text).not.toContain(owner.password);
  });
});

describe('POST /api/v1/password/reset', () => {
  it('400 → 200, signs out everywhere, and the link cannot be reused', async () => {
    const owner = await createOwner(server);
    const token = await resetTokenFor(owner.email);
    const client = server.client();

    expect((await client.post('/api/v1/password/reset', { token, password: 'short' })).body.error).toEqual({
      code: 'validation',
      message: messages.auth.passwordTooShort,
      field: 'password',
    });
    const done = await client.post('/api/v1/password/reset', { token, password: 'brand new password' });
    expect(done.status).toBe(200);
    expect(done.body.data.message).toBe(messages.auth.resetDone);

    expect((await owner.client.get('/api/v1/session')).status).toBe(401);
    expect((await server.client().post('/api/v1/session', { email: owner.email, password: owner.password })).status).toBe(401);
    expect((await server.client().post('/api/v1/session', { email: owner.email, password: 'brand new password' })).status).toBe(
      200,
    );

    const reused = await client.post('/api/v1/password/reset', { token, password: 'another new password' });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toEqual({ code: 'validation', message: messages.auth.resetInvalid, field: 'token' });
  });

  it('refuses an expired link and a made-up one', async () => {
    const owner = await createOwner(server);
    const token = await resetTokenFor(owner.email);
    await server.services.database.db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTokens.email, owner.email.toLowerCase()));
    expect((await server.client().post('/api/v1/password/reset', { token, password: 'brand new password' })).status).toBe(400);
    expect(
      (await server.client().post('/api/v1/password/reset', { token: 'made-up', password: 'brand new password' })).status,
    ).toBe(400);
  });

  it('only the newest link works', async () => {
    const owner = await createOwner(server);
    const first = await resetTokenFor(owner.email);
    await server.client().post('/api/v1/password/forgot', { email: owner.email });
    // The link is issued by a job: once the second mail is out, the first link has been superseded.
    await expect.poll(async () => (await server.mailbox.list()).filter((mail) => mail.to === owner.email).length).toBe(2);
    expect((await server.client().post('/api/v1/password/reset', { token: first, password: 'brand new password' })).status).toBe(
      400,
    );
  });
});
