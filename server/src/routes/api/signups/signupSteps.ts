import { expect } from 'vitest';
import type { TestServer } from '../../../test/getTestServer.ts';

/** The sign-up's steps as its route tests walk them: a token by mail, then the account's body. */
export const tokenIn = (text: string) => /verification token is: (\d{6})/.exec(text)?.[1];

export async function requestToken(server: TestServer, email: string, fullName = 'Sam Signup') {
  const response = await server.client().post('/api/v1/signup/token', { fullName, email });
  expect(response.status).toBe(200);
  const mail = await server.waitForMail(email, /verification token/);
  return tokenIn(mail.text)!;
}

export const signupBody = (email: string, token: string) => ({
  fullName: 'Sam Signup',
  email,
  password: 'a long enough password',
  companyName: 'Sam & Co',
  companyUrl: 'sam.example.com',
  token,
});
