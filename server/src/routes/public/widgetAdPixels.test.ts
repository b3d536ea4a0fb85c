/**
 * Meta Pixel and TikTok Pixel ids of polls, web responses and wheels (issue 35): the owner's API takes
 * each item's own (400 naming a malformed one) and reads them back; the public API gives a visitor's
 * page the item's ids, else the account's defaults, and none in the poll's demo preview.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adPixelMessages } from '@quizlead/shared/schemas/adPixels.ts';
import { createOwner } from '../../test/factories.ts';
import { getTestServer, type TestServer } from '../../test/getTestServer.ts';
import { createFeedback, createPoll, createWheel } from '../../test/widgetFactory.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const own = { metaPixelId: '1234567890123456', tiktokPixelId: 'C4ABCDEFGHIJ12345678' };
const defaults = { metaPixelId: '9876543210', tiktokPixelId: 'CDEFAULT0000000000' };
const none = { metaPixelId: '', tiktokPixelId: '' };

const kinds = [
  { kind: 'poll', path: 'polls', create: createPoll },
  { kind: 'feedback', path: 'feedbacks', create: createFeedback },
  { kind: 'wheel', path: 'wheels', create: createWheel },
] as const;

describe.each(kinds)('a $kind’s own ad pixel ids', ({ path, create }) => {
  it('400 naming a malformed id on create and save → saved trimmed, read back; blank is none', async () => {
    const { client } = await createOwner(server);
    const item = await create(client);
    expect(item).toMatchObject(none);
    for (const [field, value] of [
      ['metaPixelId', '12345'],
      ['tiktokPixelId', 'lowercase1234'],
    ] as const) {
      const created = await client.post(`/api/v1/${path}`, { ...item, [field]: value });
      expect(created.status).toBe(400);
      expect(created.body.error).toMatchObject({ field, message: adPixelMessages[field] });
      const saved = await client.put(`/api/v1/${path}/${item.id}`, { ...item, [field]: value });
      expect(saved.status).toBe(400);
      expect(saved.body.error).toMatchObject({ field, message: adPixelMessages[field] });
    }
    const saved = await client.put(`/api/v1/${path}/${item.id}`, { ...item, ...own, metaPixelId: ` ${own.metaPixelId} ` });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject(own);
    expect((await client.get(`/api/v1/${path}/${item.id}`)).body.data).toMatchObject(own);
  });

  it('the public page gets the item’s ids, else the account’s defaults, each id on its own', async () => {
    const { client } = await createOwner(server);
    const item = await create(client);
    const shown = async () => (await server.client().get(`/api/v1/public/${path}/${item.id}`)).body.data;
    expect(await shown()).toMatchObject(none);

    expect((await client.put('/api/v1/settings/ad-pixels', defaults)).status).toBe(200);
    expect(await shown()).toMatchObject(defaults);

    expect((await client.put(`/api/v1/${path}/${item.id}`, { ...item, metaPixelId: own.metaPixelId })).status).toBe(200);
    expect(await shown()).toMatchObject({ metaPixelId: own.metaPixelId, tiktokPixelId: defaults.tiktokPixelId });
  });
});

it('the poll’s demo preview loads no pixel, its own ids or the account’s', async () => {
  const { client } = await createOwner(server);
  expect((await client.put('/api/v1/settings/ad-pixels', defaults)).status).toBe(200);
  const poll = await createPoll(client, own);
  const page = (demo: boolean) => server.client().get(`/api/v1/public/polls/${poll.id}${demo ? '?demo=1' : ''}`);
  expect((await page(false)).body.data).toMatchObject(own);
  expect((await page(true)).body.data).toMatchObject({ ...none, demo: true });
});
