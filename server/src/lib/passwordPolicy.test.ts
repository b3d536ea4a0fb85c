import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@quizlead/shared/validations.ts';
import { createOwner, uniqueEmail } from '../test/factories.ts';
import { getTestServer, type TestResponse, type TestServer } from '../test/getTestServer.ts';
import { passwordProblem } from './passwordPolicy.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const localPart = (email: string) => email.slice(0, email.indexOf('@'));

/** Passwords every route that sets one must refuse, with the message it must give. */
const refused = (email: string): Array<[string, string]> => [
  ['password', messages.auth.passwordCommon],
  ['12345678', messages.auth.passwordCommon],
  ['PassWord123', messages.auth.passwordCommon],
  [' '.repeat(8), messages.auth.passwordBlank],
  ['x'.repeat(12), messages.auth.passwordRepeated],
  [localPart(email), messages.auth.passwordHasEmail],
  [`my ${localPart(email).toUpperCase()} secret`, messages.auth.passwordHasEmail],
];

async function expectRefusals(email: string, field: string, attempt: (password: string) => Promise<TestResponse>) {
  for (const [password, message] of refused(email)) {
    const response = await attempt(password);
    expect({ password, status: response.status, error: response.body.error }).toEqual({
      password,
      status: 400,
      error: { code: 'validation', message, field },
    });
  }
}

describe('new passwords', () => {
  it('sign-up refuses common, blank, repeated and email-like passwords, and the token still works', async () => {
    const email = uniqueEmail('pwpolicy');
    await server.client().post('/api/v1/signup/token', { fullName: 'Pat Policy', email });
    const token = /verification token is: (\d{6})/.exec((await server.waitForMail(email, /verification token/)).text)![1]!;
    const signUp = (password: string) =>
      server.client().post('/api/v1/signup', { fullName: 'Pat Policy', email, password, token, companyName: 'Pat' });
    await expectRefusals(email, 'password', signUp);
    expect((await signUp('a long enough password')).status).toBe(201);
  });

  it('a reset link refuses them, and stays usable', async () => {
    const owner = await createOwner(server);
    await server.client().post('/api/v1/password/forgot', { email: owner.email });
    const mail = await server.waitForMail(owner.email, /Reset your/);
    const token = decodeURIComponent(/\/ResetPassword\?token=([\w%-]+)/.exec(mail.text)![1]!);
    const reset = (password: string) => server.client().post('/api/v1/password/reset', { token, password });
    await expectRefusals(owner.email, 'password', reset);
    expect((await reset('brand new password')).status).toBe(200);
  });

  it('changing the password refuses them on newPassword', async () => {
    const owner = await createOwner(server);
    const change = (newPassword: string) =>
      owner.client.put('/api/v1/account/password', {
        currentPassword: owner.password,
        newPassword,
        confirmPassword: newPassword,
      });
    await expectRefusals(owner.email, 'newPassword', change);
    expect((await change('first new password')).status).toBe(200);
  });

  it('joining a team refuses them, and the invitation stays usable', async () => {
    const owner = await createOwner(server);
    const email = uniqueEmail('teammate');
    expect((await owner.client.post('/api/v1/team/invitations', { email, role: 'member' })).status).toBe(201);
    const mail = await server.waitForMail(email, /Join\?token=/);
    const token = new URL(/https?:\/\/\S+\/Join\?token=\S+/.exec(mail.text)![0]).searchParams.get('token')!;
    const join = (password: string) => server.client().post('/api/v1/team/join', { token, fullName: 'Tess Mate', password });
    await expectRefusals(email, 'password', join);
    expect((await join('a long enough secret')).status).toBe(201);
  });

  it('a very short local part forbids nothing, and a +tag is looked through', () => {
    expect(passwordProblem('always a good pass', { email: 'al@example.com' })).toBeUndefined();
    expect(passwordProblem('tricky-jones-pass', { email: 'jones+shop@example.com' })).toBe(messages.auth.passwordHasEmail);
    expect(passwordProblem('a long enough password', { email: 'jones@example.com' })).toBeUndefined();
  });
});
