import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@quizlead/shared/validations.ts';
import { users } from '../../../db/schema/index.ts';
import { uniqueEmail } from '../../../test/factories.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';
import { requestToken, signupBody, tokenIn } from './signupSteps.ts';

/**
 * What sign-up takes (issue 32): names on one line, email addresses with domains in any script, and
 * step 1's password checked where it is typed. A server of their own: the sign-up limits per address
 * count these requests.
 */
let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

describe('names are one line (issue 32, item 5)', () => {
  const singleLine = (label: string) => messages.text.singleLine(label);

  it.each([
    ['a line break', 'Sam\nBcc: victim@example.com'],
    ['a carriage return', 'Sam\r\nSignup'],
    ['a tab', 'Sam\tSignup'],
    ['an escape', 'Sam\u001b[31m'],
    ['a line separator', 'Sam\u2028Signup'],
  ])('refuses a full name with %s at step 1 with a 400 naming the field', async (_case, fullName) => {
    const response = await server.client().post('/api/v1/signup/token', { fullName, email: uniqueEmail('line') });
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({ code: 'validation', message: singleLine('Full Name'), field: 'fullName' });
  });

  it('refuses a full name or a company name with a line break at the last step', async () => {
    const email = uniqueEmail('lines');
    const token = await requestToken(server, email);
    const client = server.client();
    expect((await client.post('/api/v1/signup', { ...signupBody(email, token), fullName: 'Sam\nSignup' })).body.error).toEqual({
      code: 'validation',
      message: singleLine('Full Name'),
      field: 'fullName',
    });
    expect(
      (await client.post('/api/v1/signup', { ...signupBody(email, token), companyName: 'Sam & Co\r\nX-Spam: yes' })).body.error,
    ).toEqual({ code: 'validation', message: singleLine('Company name'), field: 'companyName' });
    expect((await client.post('/api/v1/signup', signupBody(email, token))).status).toBe(201);
  });
});

describe('internationalised email addresses (issue 32, item 13)', () => {
  it('takes a domain in Unicode, mails and stores it in punycode, and signs in however it is typed', async () => {
    const label = `idn-${crypto.randomUUID().slice(0, 8)}`;
    const typed = `${label}@bücher.de`;
    const ascii = `${label}@xn--bcher-kva.de`;
    const response = await server.client().post('/api/v1/signup/token', { fullName: 'Ida Umlaut', email: typed });
    expect(response.status).toBe(200);
    const token = tokenIn((await server.waitForMail(ascii, /verification token/)).text)!;
    const client = server.client();
    const created = await client.post('/api/v1/signup', signupBody(typed, token));
    expect(created.status).toBe(201);
    expect(created.body.data.user.email).toBe(ascii);
    const [user] = await server.services.database.db.select().from(users).where(eq(users.email, ascii));
    expect(user).toBeDefined();
    for (const email of [typed, ascii, `${label}@BÜCHER.de`]) {
      const signedIn = await server.client().post('/api/v1/session', { email, password: 'a long enough password' });
      expect(signedIn.status, email).toBe(200);
    }
  });

  it('takes a top-level domain in another script (пример.рф)', async () => {
    const label = `rf-${crypto.randomUUID().slice(0, 8)}`;
    expect((await server.client().post('/api/v1/signup/token', { fullName: 'Ivan', email: `${label}@пример.рф` })).status).toBe(
      200,
    );
    await server.waitForMail(`${label}@xn--e1afmkfd.xn--p1ai`, /verification token/);
  });

  it('says plainly what is wrong with a part before the @ in another script', async () => {
    for (const email of ['jürgen@example.com', 'почта@пример.рф', '用户@例子.中国']) {
      const response = await server.client().post('/api/v1/signup/token', { fullName: 'Sam', email });
      expect(response.status, email).toBe(400);
      expect(response.body.error).toEqual({ code: 'validation', message: messages.email.localPartNotLatin, field: 'email' });
    }
  });
});

describe('POST /api/v1/signup/password-check (issue 32, item 23)', () => {
  it('refuses a common password, or one holding the email’s name, before any token is mailed', async () => {
    const client = server.client();
    const common = await client.post('/api/v1/signup/password-check', { email: 'cam@example.com', password: 'password123' });
    expect(common.status).toBe(400);
    expect(common.body.error).toEqual({ code: 'validation', message: messages.auth.passwordCommon, field: 'password' });
    const named = await client.post('/api/v1/signup/password-check', {
      email: 'camille@example.com',
      password: 'camille rocks 42',
    });
    expect(named.body.error).toEqual({ code: 'validation', message: messages.auth.passwordHasEmail, field: 'password' });
    const short = await client.post('/api/v1/signup/password-check', { email: 'cam@example.com', password: 'short' });
    expect(short.body.error).toEqual({ code: 'validation', message: messages.auth.passwordTooShort, field: 'password' });
  });

  it('takes a password the last step would take', async () => {
    const response = await server.client().post('/api/v1/signup/password-check', {
      email: 'cam@example.com',
      password: 'a long enough password',
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { allowed: true } });
  });
});
