import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adPixelMessages } from '@quizlead/shared/schemas/adPixels.ts';
import { createMember, createOwner } from '../../../test/factories.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';
import { createGradedQuiz } from '../../../test/quizFactory.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const path = '/api/v1/settings/ad-pixels';
const defaults = { metaPixelId: '1234567890123456', tiktokPixelId: 'C4ABCDEFGHIJ12345678' };

describe('PUT /api/v1/settings/ad-pixels (issue 35)', () => {
  it('401 → 400 naming the malformed id → 200, read back with the settings, for this account only', async () => {
    expect((await server.client().put(path, defaults)).status).toBe(401);
    const { client } = await createOwner(server);
    for (const [field, value] of [
      ['metaPixelId', 'abc'],
      ['tiktokPixelId', 'lowercase1234'],
    ] as const) {
      const refused = await client.put(path, { ...defaults, [field]: value });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ field, message: adPixelMessages[field] });
    }
    const saved = await client.put(path, { metaPixelId: ` ${defaults.metaPixelId} `, tiktokPixelId: defaults.tiktokPixelId });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual(defaults);
    expect((await client.get('/api/v1/settings/integrations')).body.data.adPixels).toEqual(defaults);

    const other = await createOwner(server);
    expect((await other.client.get('/api/v1/settings/integrations')).body.data.adPixels).toEqual({
      metaPixelId: '',
      tiktokPixelId: '',
    });
  });

  it('is the owner’s to change: a member is refused', async () => {
    const { account } = await createOwner(server);
    const member = await createMember(server, account);
    expect((await member.client.put(path, defaults)).status).toBe(403);
  });

  it('gives published quizzes without their own ids the defaults, and the pages their hosts; a quiz’s own id wins', async () => {
    const { client } = await createOwner(server);
    const quiz = await createGradedQuiz(client, { title: 'Defaults', questions: 1 });
    expect((await client.put(`/api/v1/quizzes/${quiz.id}/status`, { status: 'published' })).status).toBe(200);
    const publicSettings = async () => (await server.client().get(`/api/v1/public/quizzes/${quiz.id}`)).body.data.settings;
    const policy = async () =>
      (await fetch(`${server.url}/quizplayer.html?quizid=${quiz.id}`)).headers.get('content-security-policy') ?? '';
    expect(await publicSettings()).toMatchObject({ metaPixelId: '', tiktokPixelId: '' });

    expect((await client.put(path, defaults)).status).toBe(200);
    expect(await publicSettings()).toMatchObject(defaults);
    if ((await fetch(`${server.url}/quizplayer.html`)).status === 200) {
      expect(await policy()).toContain('https://connect.facebook.net');
      expect(await policy()).toContain('https://analytics.tiktok.com');
    }

    const own = (await client.get(`/api/v1/quizzes/${quiz.id}`)).body.data;
    const saved = await client.put(`/api/v1/quizzes/${quiz.id}`, {
      ...own,
      settings: { ...own.settings, metaPixelId: '9999999999' },
    });
    expect(saved.status).toBe(200);
    expect(await publicSettings()).toMatchObject({ metaPixelId: '9999999999', tiktokPixelId: defaults.tiktokPixelId });
  });
});
