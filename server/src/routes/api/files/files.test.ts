import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits, messages } from '@quizlead/shared/validations.ts';
import { createOwner } from '../../../test/factories.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

/** A real 1x1 PNG. */
export const tinyPng = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
);

const upload = (client: ReturnType<TestServer['client']>, bytes: Uint8Array, type = 'image/png') =>
  client.request('POST', '/api/v1/files', bytes, { 'content-type': type });

describe('POST /api/v1/files', () => {
  it('401 → 415 → 413 → 201', async () => {
    expect((await upload(server.client(), tinyPng)).status).toBe(401);
    const { client } = await createOwner(server);

    const svg = await upload(client, new TextEncoder().encode('<svg onload="alert(1)"/>'), 'image/svg+xml');
    expect(svg.status).toBe(415);
    expect(svg.body.error.message).toBe(messages.account.logoType);
    const lying = await upload(client, new TextEncoder().encode('<html>not a png</html>'));
    expect(lying.status).toBe(415);

    const huge = new Uint8Array(limits.logoBytes + 1);
    huge.set(tinyPng);
    const tooBig = await upload(client, huge);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.message).toBe(messages.account.logoSize);

    const created = await upload(client, tinyPng);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ contentType: 'image/png', bytes: tinyPng.length });
    const served = await fetch(`${server.url}${created.body.data.url}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(tinyPng);
  });
});

describe('the company logo and another account', () => {
  it('uses an upload as the logo; another account gets 400 using it and 404 deleting it', async () => {
    const owner = await createOwner(server);
    const intruder = await createOwner(server);
    const file = (await upload(owner.client, tinyPng)).body.data;

    const profile = { fullName: 'Olive', companyName: 'Acme', companyUrl: '' };
    const withLogo = await owner.client.patch('/api/v1/account/profile', { ...profile, companyLogoId: file.id });
    expect(withLogo.body.data.companyLogoUrl).toBe(file.url);

    const stolen = await intruder.client.patch('/api/v1/account/profile', { ...profile, companyLogoId: file.id });
    expect(stolen.body.error).toEqual({ code: 'validation', message: messages.images.notOwn, field: 'companyLogoId' });
    const foreignDelete = await intruder.client.delete(`/api/v1/files/${file.id}`);
    expect(foreignDelete.status).toBe(404);
    expect(foreignDelete.body).toEqual((await intruder.client.delete(`/api/v1/files/${crypto.randomUUID()}`)).body);

    const deleted = await owner.client.delete(`/api/v1/files/${file.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.message).toBe(messages.account.imageDeleted);
    expect((await owner.client.get('/api/v1/account/profile')).body.data.companyLogoUrl).toBeNull();
    expect((await fetch(`${server.url}${file.url}`)).status).toBe(404);
  });

  it('deletes the logo a new one replaces', async () => {
    const owner = await createOwner(server);
    const first = (await upload(owner.client, tinyPng)).body.data;
    const second = (await upload(owner.client, tinyPng)).body.data;
    const profile = { fullName: 'Olive', companyName: 'Acme', companyUrl: '' };
    await owner.client.patch('/api/v1/account/profile', { ...profile, companyLogoId: first.id });
    await owner.client.patch('/api/v1/account/profile', { ...profile });
    expect((await fetch(`${server.url}${first.url}`)).status).toBe(200);
    const replaced = await owner.client.patch('/api/v1/account/profile', { ...profile, companyLogoId: second.id });
    expect(replaced.body.data.companyLogoUrl).toBe(second.url);
    expect((await fetch(`${server.url}${first.url}`)).status).toBe(404);
  });

  it('removes the logo with null', async () => {
    const owner = await createOwner(server);
    const file = (await upload(owner.client, tinyPng)).body.data;
    const profile = { fullName: 'Olive', companyName: 'Acme', companyUrl: '' };
    await owner.client.patch('/api/v1/account/profile', { ...profile, companyLogoId: file.id });
    const cleared = await owner.client.patch('/api/v1/account/profile', { ...profile, companyLogoId: null });
    expect(cleared.body.data.companyLogoUrl).toBeNull();
    expect((await fetch(`${server.url}${file.url}`)).status).toBe(404);
  });
});
