import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@quizlead/shared/validations.ts';
import { createOwner } from '../../../test/factories.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const profileBody = { fullName: 'New Name', companyName: 'New Co', companyUrl: 'newco.example' };

describe('/api/v1/account/profile', () => {
  it('401 when signed out', async () => {
    expect((await server.client().get('/api/v1/account/profile')).status).toBe(401);
    expect((await server.client().patch('/api/v1/account/profile', profileBody)).status).toBe(401);
  });

  it('400 names the field', async () => {
    const { client } = await createOwner(server);
    expect((await client.patch('/api/v1/account/profile', { ...profileBody, fullName: '' })).body.error).toEqual({
      code: 'validation',
      message: messages.auth.fullNameEmpty,
      field: 'fullName',
    });
    expect((await client.patch('/api/v1/account/profile', { ...profileBody, companyLogoId: 'nope' })).body.error.field).toBe(
      'companyLogoId',
    );
  });

  it('400 for a name or a company name with a line break or another control character (issue 32)', async () => {
    const { client } = await createOwner(server);
    for (const fullName of ['Olive\nOwner', 'Olive\r\nBcc: victim@example.com', 'Olive\u0085Owner']) {
      expect((await client.patch('/api/v1/account/profile', { ...profileBody, fullName })).body.error).toEqual({
        code: 'validation',
        message: messages.text.singleLine('Full Name'),
        field: 'fullName',
      });
    }
    expect((await client.patch('/api/v1/account/profile', { ...profileBody, companyName: 'Acme\u2028Ltd' })).body.error).toEqual({
      code: 'validation',
      message: messages.text.singleLine('Company name'),
      field: 'companyName',
    });
    expect((await client.get('/api/v1/account/profile')).body.data.fullName).toBe('Olive Owner');
  });

  it('200 reads and saves, prepending https:// to the company url; email stays read-only', async () => {
    const { client, email } = await createOwner(server);
    expect((await client.get('/api/v1/account/profile')).body.data).toEqual({
      fullName: 'Olive Owner',
      email,
      companyName: 'Acme',
      companyUrl: '',
      companyLogoUrl: null,
      usertype: 'email',
    });
    const saved = await client.patch('/api/v1/account/profile', { ...profileBody, email: 'evil@example.com' });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      fullName: 'New Name',
      companyName: 'New Co',
      companyUrl: 'https://newco.example',
      email,
    });
    const kept = await client.patch('/api/v1/account/profile', { ...profileBody, companyUrl: 'HTTP://old.example' });
    expect(kept.body.data.companyUrl).toBe('HTTP://old.example');
  });

  it('403 without the CSRF token', async () => {
    const { client } = await createOwner(server);
    client.csrfToken = '';
    expect((await client.patch('/api/v1/account/profile', profileBody)).status).toBe(403);
  });
});

describe('PUT /api/v1/account/password', () => {
  it('stops guessing the current password: 429 after 10 attempts in a quarter hour', async () => {
    const owner = await createOwner(server);
    const guess = (currentPassword: string) =>
      owner.client.put('/api/v1/account/password', {
        currentPassword,
        newPassword: 'a brand new password',
        confirmPassword: 'a brand new password',
      });
    for (let attempt = 0; attempt < 10; attempt++) expect((await guess(`guess-${attempt}`)).status).toBe(400);
    const limited = await guess(owner.password);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('400 with the spec messages, 200 on success, and other sessions end', async () => {
    const owner = await createOwner(server);
    const { client } = owner;
    const change = (body: object) => client.put('/api/v1/account/password', body);

    expect((await change({ currentPassword: owner.password, newPassword: '', confirmPassword: '' })).body.error).toEqual({
      code: 'validation',
      message: messages.account.newPasswordEmpty,
      field: 'newPassword',
    });
    expect(
      (await change({ currentPassword: owner.password, newPassword: 'first new password', confirmPassword: 'other' })).body.error,
    ).toEqual({ code: 'validation', message: messages.account.passwordsDiffer, field: 'confirmPassword' });
    expect(
      (await change({ currentPassword: 'wrong', newPassword: 'first new password', confirmPassword: 'first new password' })).body
        .error,
    ).toEqual({ code: 'validation', message: messages.account.currentPasswordWrong, field: 'currentPassword' });

    const elsewhere = server.client();
    await elsewhere.post('/api/v1/session', { email: owner.email, password: owner.password });
    const ok = await change({
      currentPassword: owner.password,
      newPassword: 'first new password',
      confirmPassword: 'first new password',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.message).toBe(messages.account.passwordUpdated);
    expect((await client.get('/api/v1/session')).status).toBe(200);
    expect((await elsewhere.get('/api/v1/session')).status).toBe(401);
    expect((await server.client().post('/api/v1/session', { email: owner.email, password: 'first new password' })).status).toBe(
      200,
    );
  });

  it('403 for social sign-in users, who have no password', async () => {
    const { client } = await createOwner(server, { usertype: 'social' });
    const response = await client.put('/api/v1/account/password', {
      currentPassword: 'x',
      newPassword: 'first new password',
      confirmPassword: 'first new password',
    });
    expect(response.status).toBe(403);
  });
});
