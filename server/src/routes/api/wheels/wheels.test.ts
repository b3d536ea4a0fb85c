import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wheelDefaults, wheelLimits, wheelMessages } from '@quizlead/shared/engagement.ts';
import { createOwner } from '../../../test/factories.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';
import { createWheel, submission, wheelOptions } from '../../../test/widgetFactory.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const png = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAAAASUVORK5CYII=', 'base64'),
);

const valid = { description: 'Spin for a discount', options: wheelOptions(3) };

describe('POST /api/v1/wheels', () => {
  it('401 → 400 with the spec message and field → 201 with defaults', async () => {
    expect((await server.client().post('/api/v1/wheels', valid)).status).toBe(401);
    const { client } = await createOwner(server);
    const option = (fields: Record<string, unknown>) => [{ text: 'A', ...fields }, ...wheelOptions(2)];
    const cases: [unknown, string, string][] = [
      [{ ...valid, description: undefined }, wheelMessages.descriptionRequired, 'description'],
      [{ ...valid, description: '' }, wheelMessages.descriptionRequired, 'description'],
      [{ ...valid, description: 'd'.repeat(wheelLimits.description + 1) }, wheelMessages.descriptionTooLong, 'description'],
      [{ ...valid, options: undefined }, wheelMessages.optionsMin, 'options'],
      [{ ...valid, options: wheelOptions(2) }, wheelMessages.optionsMin, 'options'],
      [{ ...valid, options: wheelOptions(9) }, wheelMessages.optionsMax, 'options'],
      [{ ...valid, options: option({ text: ' ' }) }, wheelMessages.optionRequired, 'options.0.text'],
      [
        { ...valid, options: option({ text: 'o'.repeat(wheelLimits.option + 1) }) },
        wheelMessages.optionTooLong,
        'options.0.text',
      ],
      [{ ...valid, options: option({ weight: 0 }) }, wheelMessages.weightInvalid, 'options.0.weight'],
      [{ ...valid, options: option({ weight: -2 }) }, wheelMessages.weightInvalid, 'options.0.weight'],
      [{ ...valid, options: option({ weight: '2' }) }, wheelMessages.weightInvalid, 'options.0.weight'],
      [{ ...valid, options: option({ weight: wheelLimits.weightMax + 1 }) }, wheelMessages.weightInvalid, 'options.0.weight'],
      [
        { ...valid, options: option({ prizeCode: 'p'.repeat(wheelLimits.prizeCode + 1) }) },
        wheelMessages.prizeCodeTooLong,
        'options.0.prizeCode',
      ],
      [
        { ...valid, playButtonText: 's'.repeat(wheelLimits.playButtonText + 1) },
        wheelMessages.playButtonTextTooLong,
        'playButtonText',
      ],
      [{ ...valid, playButtonType: 'image' }, wheelMessages.playButtonImageRequired, 'playButtonImage'],
      [{ ...valid, playButtonImage: 'javascript:alert(1)' }, wheelMessages.playButtonImageInvalid, 'playButtonImage'],
      [{ ...valid, status: null }, wheelMessages.statusRequired, 'status'],
    ];
    for (const [body, message, field] of cases) {
      const response = await client.post('/api/v1/wheels', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toEqual({ code: 'validation', message, field });
    }

    const created = await client.post('/api/v1/wheels', { ...valid, playButtonText: '' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      slug: 'spin-for-a-discount',
      options: valid.options.map((item) => ({ text: item.text, weight: 1, prizeCode: '' })),
      status: 'published',
      collectEmail: true,
      allowRepeatSpins: false,
      playButtonType: 'text',
      playButtonText: wheelDefaults.playButtonText,
      playButtonImage: null,
      totalSpins: 0,
    });

    const fullest = await client.post('/api/v1/wheels', {
      description: 'd'.repeat(wheelLimits.description),
      options: wheelOptions(8).map((item, index) => ({
        text: index === 0 ? 'o'.repeat(wheelLimits.option) : item.text,
        weight: 0.5 + index,
        prizeCode: index === 7 ? 'p'.repeat(wheelLimits.prizeCode) : '',
      })),
      playButtonText: 's'.repeat(wheelLimits.playButtonText),
      allowRepeatSpins: true,
      status: 'unpublished',
    });
    expect(fullest.status).toBe(201);
    expect(fullest.body.data.options).toHaveLength(8);
    expect(fullest.body.data.options[1].weight).toBe(1.5);
  });

  it('a play-button image must be the account’s own upload (or an https address)', async () => {
    const owner = await createOwner(server);
    const other = await createOwner(server);
    const upload = async (client: typeof owner.client) =>
      (await client.request('POST', '/api/v1/files?purpose=image', png, { 'content-type': 'image/png' })).body.data;
    const theirs = await upload(other.client);
    const foreign = await owner.client.post('/api/v1/wheels', { ...valid, playButtonType: 'image', playButtonImage: theirs.url });
    expect(foreign.body.error).toEqual({
      code: 'validation',
      message: wheelMessages.playButtonImageInvalid,
      field: 'playButtonImage',
    });
    const https = await owner.client.post('/api/v1/wheels', {
      ...valid,
      playButtonType: 'image',
      playButtonImage: 'https://cdn.example.com/spin.png',
    });
    expect(https.status).toBe(201);
    const own = await upload(owner.client);
    const wheel = await createWheel(owner.client, { playButtonType: 'image', playButtonImage: own.url });
    expect(wheel.playButtonImage).toBe(own.url);
  });
});

describe('GET /api/v1/wheels', () => {
  it('lists newest first with the number of spins', async () => {
    const { client } = await createOwner(server);
    const first = await createWheel(client, { collectEmail: false, description: 'First' });
    const second = await createWheel(client, { description: 'Second' });
    await server.client().post(`/api/v1/public/wheels/${first.id}/spins`, { submissionId: submission() });
    const list = await client.get('/api/v1/wheels');
    expect(list.body.data).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(list.body.data.items.map((row: { id: string; totalSpins: number }) => [row.id, row.totalSpins])).toEqual([
      [second.id, 0],
      [first.id, 1],
    ]);
    expect(Object.keys(list.body.data.items[0]).sort()).toEqual([
      'createdAt',
      'description',
      'id',
      'slug',
      'status',
      'totalSpins',
    ]);
  });
});

describe('PUT /api/v1/wheels/{id}', () => {
  it('saves the whole wheel, also after spins (they keep the result they drew)', async () => {
    const { client } = await createOwner(server);
    const wheel = await createWheel(client, { collectEmail: false });
    const spun = await server.client().post(`/api/v1/public/wheels/${wheel.id}/spins`, { submissionId: submission() });
    const saved = await client.put(`/api/v1/wheels/${wheel.id}`, {
      description: 'New look',
      options: [{ text: 'X' }, { text: 'Y' }, { text: 'Z', weight: 3, prizeCode: 'ZED10' }],
      status: 'unpublished',
      playButtonText: 'Go!',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      description: 'New look',
      slug: 'new-look',
      status: 'unpublished',
      playButtonText: 'Go!',
      totalSpins: 1,
    });
    expect((await client.put(`/api/v1/wheels/${wheel.id}`, { ...valid, options: wheelOptions(2) })).body.error.message).toBe(
      wheelMessages.optionsMin,
    );
    const spins = (await client.get(`/api/v1/wheels/${wheel.id}/spins`)).body.data.items;
    expect(spins[0].result).toBe(spun.body.data.result);
  });
});

describe('DELETE /api/v1/wheels/{id}', () => {
  it('deletes the wheel, its spins and the play-button image only it showed', async () => {
    const { client } = await createOwner(server);
    const image = (await client.request('POST', '/api/v1/files?purpose=image', png, { 'content-type': 'image/png' })).body.data;
    const wheel = await createWheel(client, { playButtonType: 'image', playButtonImage: image.url });
    // The image is in use: it cannot be deleted on its own.
    expect((await client.delete(`/api/v1/files/${image.id}`)).status).toBe(409);

    const deleted = await client.delete(`/api/v1/wheels/${wheel.id}`);
    expect(deleted.body).toEqual({ data: { message: wheelMessages.deleted } });
    expect((await client.get(`/api/v1/wheels/${wheel.id}`)).status).toBe(404);
    expect((await client.delete(`/api/v1/wheels/${wheel.id}`)).status).toBe(404);
    expect((await fetch(`${server.url}${image.url}`)).status).toBe(404);
  });

  it('replacing the play-button image deletes the old upload', async () => {
    const { client } = await createOwner(server);
    const upload = async () =>
      (await client.request('POST', '/api/v1/files?purpose=image', png, { 'content-type': 'image/png' })).body.data;
    const [before, after] = [await upload(), await upload()];
    const wheel = await createWheel(client, { playButtonType: 'image', playButtonImage: before.url });
    await client.put(`/api/v1/wheels/${wheel.id}`, { ...wheel, playButtonImage: after.url });
    expect((await fetch(`${server.url}${before.url}`)).status).toBe(404);
    expect((await fetch(`${server.url}${after.url}`)).status).toBe(200);
  });
});

describe('another account', () => {
  it('gets 404 from every wheel route and an empty list', async () => {
    const owner = await createOwner(server);
    const intruder = await createOwner(server);
    const wheel = await createWheel(owner.client, { collectEmail: false });
    await server.client().post(`/api/v1/public/wheels/${wheel.id}/spins`, { submissionId: submission() });
    const attempts = await Promise.all([
      intruder.client.get(`/api/v1/wheels/${wheel.id}`),
      intruder.client.put(`/api/v1/wheels/${wheel.id}`, valid),
      intruder.client.delete(`/api/v1/wheels/${wheel.id}`),
      intruder.client.get(`/api/v1/wheels/${wheel.id}/spins`),
      intruder.client.get(`/api/v1/wheels/${wheel.id}/spins/export`),
      intruder.client.get(`/api/v1/wheels/${wheel.id}/spins/export?format=csv`),
    ]);
    for (const response of attempts) {
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('not_found');
    }
    expect((await intruder.client.get('/api/v1/wheels')).body.data.total).toBe(0);
    expect((await owner.client.get(`/api/v1/wheels/${wheel.id}`)).body.data).toMatchObject({
      description: wheel.description,
      totalSpins: 1,
    });
  });
});
