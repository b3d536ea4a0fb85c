import { randomUUID } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { hostname } from 'node:os';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationLimits, integrationMessages } from '@quizlead/shared/schemas/integrations.ts';
import { destinations } from '../../../db/schema/index.ts';
import { openSigningSecrets } from '../../../integrations/webhooks/secretStore.ts';
import { blockedAddressReason } from '../../../integrations/webhooks/urlSafety.ts';
import { createOwner } from '../../../test/factories.ts';
import { WebhookReceiver } from '../../../test/fakes/webhookReceiver.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';

/** The production rules (no private addresses) on `server`; a local receiver needs `local`, which allows them. */
let server: TestServer;
let local: TestServer;
let receiver: WebhookReceiver;
beforeAll(async () => {
  [server, local, receiver] = await Promise.all([
    getTestServer(),
    getTestServer({ WEBHOOKS_ALLOW_PRIVATE: 'true' }),
    WebhookReceiver.start('whsec_placeholder'),
  ]);
});
afterAll(async () => {
  await Promise.all([server.stop(), local.stop(), receiver.close()]);
});

/** A public address given as an IP literal: saving it needs no DNS (tests never reach the internet). */
const publicUrl = 'http://93.184.215.14/hooks/quizlead';

async function webhookRow(on: TestServer, id: string) {
  const [row] = await on.services.database.db.select().from(destinations).where(eq(destinations.id, id));
  return row!;
}

describe('POST /api/v1/settings/webhooks', () => {
  it('401 → 400 with the field → 201 with the secret shown once, sealed at rest', async () => {
    expect((await server.client().post('/api/v1/settings/webhooks', { url: publicUrl })).status).toBe(401);
    const { client } = await createOwner(server);
    for (const [body, message] of [
      [{}, integrationMessages.webhookUrlRequired],
      [{ url: '  ' }, integrationMessages.webhookUrlRequired],
      [{ url: `https://example.com/${'x'.repeat(integrationLimits.webhookUrl)}` }, integrationMessages.webhookUrlTooLong],
      [{ url: 'example.com/hook' }, 'Enter a full URL starting with https:// (or http://)'],
      [{ url: 'ftp://93.184.215.14/x' }, 'Only http and https URLs can receive webhooks, not ftp'],
      [
        { url: 'https://user:pw@93.184.215.14/x' },
        'The URL may not contain a user name or password: use the signing secret instead',
      ],
    ] as const) {
      const response = await client.post('/api/v1/settings/webhooks', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toEqual({ code: 'validation', message, field: 'url' });
    }

    const created = await client.post('/api/v1/settings/webhooks', { url: ` ${publicUrl} ` });
    expect(created.status).toBe(201);
    const { webhook, secret } = created.body.data;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(webhook).toEqual({
      id: expect.any(String),
      url: publicUrl,
      enabled: true,
      disabledReason: null,
      secret: `whsec_••••••••${secret.slice(-4)}`,
      createdAt: expect.any(String),
    });
    const listed = await client.get('/api/v1/settings/integrations');
    expect(listed.body.data.webhooks).toEqual([webhook]);
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    expect(JSON.stringify(listed.body)).not.toContain(secret.slice('whsec_'.length));

    const row = await webhookRow(server, webhook.id);
    expect(row).toMatchObject({ kind: 'webhook', url: publicUrl, enabled: true });
    expect(JSON.stringify(row)).not.toContain(secret.slice('whsec_'.length));
    expect(openSigningSecrets(server.services.secrets, row.sealed!)).toEqual({ current: secret });
  });

  it('refuses addresses inside the network (SSRF) without WEBHOOKS_ALLOW_PRIVATE', async () => {
    const { client } = await createOwner(server);
    const refused = [
      'http://127.0.0.1/x',
      'http://127.0.0.1:8080/x',
      'http://10.0.0.1/x',
      'http://192.168.1.20/x',
      'http://172.16.5.4/x',
      'http://169.254.169.254/latest/meta-data/',
      'http://0.0.0.0/x',
      'http://[::1]/x',
      'http://[fc00::1]/x',
      'http://[fe80::1]/x',
      'http://[::ffff:127.0.0.1]/x',
      'http://[::ffff:a9fe:a9fe]/x',
      // The URL parser reads these as 127.0.0.1.
      'http://2130706433/x',
      'http://0x7f.1/x',
      'http://localhost:3000/x',
      'http://LOCALHOST./x',
      'http://app.localhost/x',
      'http://metadata.google.internal/computeMetadata/v1/',
    ];
    for (const url of refused) {
      const response = await client.post('/api/v1/settings/webhooks', { url });
      expect(response.status, url).toBe(400);
      expect(response.body.error.field, url).toBe('url');
      expect(response.body.error.message, url).toMatch(/^Webhooks cannot be sent to /);
    }
    expect((await client.get('/api/v1/settings/integrations')).body.data.webhooks).toEqual([]);
  });

  it('refuses a hostname whose DNS answer is inside the network (this machine’s own name)', async ({ skip }) => {
    const name = hostname();
    const addresses = await lookup(name, { all: true }).catch(() => []);
    if (addresses.length === 0 || !addresses.some(({ address }) => blockedAddressReason(address))) {
      skip('this machine’s name does not resolve to a private address here');
    }
    const { client } = await createOwner(server);
    const response = await client.post('/api/v1/settings/webhooks', { url: `http://${name}:8080/hook` });
    expect(response.body.error).toMatchObject({ field: 'url', message: expect.stringMatching(/it resolves to/) });
  });

  it(`keeps to ${integrationLimits.webhooks} endpoints an account`, async () => {
    const { client } = await createOwner(server);
    for (let index = 0; index < integrationLimits.webhooks; index++) {
      expect((await client.post('/api/v1/settings/webhooks', { url: `${publicUrl}/${index}` })).status).toBe(201);
    }
    const over = await client.post('/api/v1/settings/webhooks', { url: `${publicUrl}/over` });
    expect(over.body.error).toEqual({ code: 'validation', message: integrationMessages.webhookLimit, field: 'url' });
    // The limit is per account.
    expect((await (await createOwner(server)).client.post('/api/v1/settings/webhooks', { url: publicUrl })).status).toBe(201);
  });
});

describe('PUT, DELETE, rotate and test of /api/v1/settings/webhooks/:id', () => {
  it('answers 404 for another account’s endpoint and for an unknown one, and changes nothing', async () => {
    const mine = await createOwner(server);
    const theirs = await createOwner(server);
    const { webhook } = (await theirs.client.post('/api/v1/settings/webhooks', { url: publicUrl })).body.data;
    const before = await webhookRow(server, webhook.id);
    for (const id of [webhook.id, randomUUID()]) {
      const base = `/api/v1/settings/webhooks/${id}`;
      const answers = [
        await mine.client.put(base, { url: 'http://93.184.215.15/mine', enabled: false }),
        await mine.client.delete(base),
        await mine.client.post(`${base}/rotate`),
        await mine.client.post(`${base}/test`),
      ];
      expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404]);
    }
    expect(await webhookRow(server, webhook.id)).toEqual(before);
    expect((await mine.client.put('/api/v1/settings/webhooks/not-an-id', { url: publicUrl, enabled: true })).status).toBe(400);
  });

  it('PUT re-checks the URL, switches off without a check, and switching on clears why it was switched off', async () => {
    const { client } = await createOwner(server);
    const { webhook } = (await client.post('/api/v1/settings/webhooks', { url: publicUrl })).body.data;
    const path = `/api/v1/settings/webhooks/${webhook.id}`;
    const ssrf = await client.put(path, { url: 'http://169.254.169.254/x', enabled: true });
    expect(ssrf.body.error).toMatchObject({ field: 'url', message: expect.stringMatching(/link-local/) });
    const offToPrivate = await client.put(path, { url: 'http://10.1.2.3/x', enabled: false });
    expect(offToPrivate.body.error).toMatchObject({ field: 'url' });

    const off = await client.put(path, { url: publicUrl, enabled: false });
    expect(off.body.data).toMatchObject({ id: webhook.id, url: publicUrl, enabled: false, secret: webhook.secret });

    await server.services.database.db
      .update(destinations)
      .set({ enabled: true, disabledReason: 'Switched off: the endpoint answered 410 Gone.', disabledAt: new Date() })
      .where(eq(destinations.id, webhook.id));
    expect((await client.get('/api/v1/settings/integrations')).body.data.webhooks[0].disabledReason).toMatch(/410 Gone/);
    const moved = await client.put(path, { url: 'http://93.184.215.15/new', enabled: true });
    expect(moved.body.data).toMatchObject({ url: 'http://93.184.215.15/new', enabled: true, disabledReason: null });
    expect((await webhookRow(server, webhook.id)).disabledAt).toBeNull();
  });

  it('rotate answers the new secret once and keeps the previous one signing for the overlap', async () => {
    const { client } = await createOwner(server);
    const { webhook, secret } = (await client.post('/api/v1/settings/webhooks', { url: publicUrl })).body.data;
    const rotated = await client.post(`/api/v1/settings/webhooks/${webhook.id}/rotate`);
    expect(rotated.status).toBe(200);
    const next = rotated.body.data.secret;
    expect(next).toMatch(/^whsec_/);
    expect(next).not.toBe(secret);
    expect(rotated.body.data.webhook.secret).toBe(`whsec_••••••••${next.slice(-4)}`);
    const stored = openSigningSecrets(server.services.secrets, (await webhookRow(server, webhook.id)).sealed!);
    expect(stored.current).toBe(next);
    expect(stored.previous?.secret).toBe(secret);
    expect(new Date(stored.previous!.until).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const listed = JSON.stringify((await client.get('/api/v1/settings/integrations')).body);
    expect(listed).not.toContain(next);
    expect(listed).not.toContain(secret);
  });

  it('DELETE removes the endpoint', async () => {
    const { client } = await createOwner(server);
    const { webhook } = (await client.post('/api/v1/settings/webhooks', { url: publicUrl })).body.data;
    const deleted = await client.delete(`/api/v1/settings/webhooks/${webhook.id}`);
    expect(deleted.body).toEqual({ data: { message: integrationMessages.webhookDeleted } });
    expect((await client.delete(`/api/v1/settings/webhooks/${webhook.id}`)).status).toBe(404);
    expect((await client.get('/api/v1/settings/integrations')).body.data.webhooks).toEqual([]);
  });

  it('Send test posts a signed test event the receiver verifies, and shows the endpoint’s answer', async () => {
    const { client } = await createOwner(local);
    const created = await client.post('/api/v1/settings/webhooks', { url: receiver.url('/quizlead') });
    expect(created.status).toBe(201);
    const { webhook, secret } = created.body.data;
    receiver.verifyWith = secret;
    const seen = receiver.received.length;

    const tested = await client.post(`/api/v1/settings/webhooks/${webhook.id}/test`);
    expect(tested.status).toBe(200);
    expect(tested.body.data).toMatchObject({ ok: true, message: integrationMessages.webhookTestSent(200) });
    expect(tested.body.data.exchange[0].response).toMatchObject({ status: 200, body: '{"ok":true}' });
    expect(JSON.stringify(tested.body)).not.toContain(secret.slice('whsec_'.length));
    const [got] = receiver.received.slice(seen);
    expect(got).toMatchObject({ method: 'POST', path: '/quizlead', verified: true });
    expect(got!.payload).toMatchObject({ type: 'test', data: { email: 'jane.doe@example.com', tool: 'quiz' } });
    expect(String(got!.headers['webhook-id'])).toMatch(/^test_[0-9a-f-]{36}$/);

    // A second test is a new message (its own id), not a retry of the first.
    await client.post(`/api/v1/settings/webhooks/${webhook.id}/test`);
    const ids = receiver.received.slice(seen).map((request) => request.headers['webhook-id']);
    expect(new Set(ids).size).toBe(2);

    receiver.respond = (_request, response) => {
      response.statusCode = 500;
      response.end('receiver is down');
    };
    try {
      const failed = await client.post(`/api/v1/settings/webhooks/${webhook.id}/test`);
      expect(failed.body.data).toMatchObject({ ok: false, message: 'The endpoint answered 500: receiver is down' });
    } finally {
      receiver.respond = undefined;
    }
  });

  it('Send test on the production rules refuses an endpoint that now points inside the network', async () => {
    const { client, account } = await createOwner(server);
    const { webhook } = (await client.post('/api/v1/settings/webhooks', { url: publicUrl })).body.data;
    // As if DNS had changed since it was saved: the send checks again.
    await server.services.database.db
      .update(destinations)
      .set({ url: receiver.url('/quizlead') })
      .where(eq(destinations.accountId, account.id));
    const seen = receiver.received.length;
    const tested = await client.post(`/api/v1/settings/webhooks/${webhook.id}/test`);
    expect(tested.body.data).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Webhooks cannot be sent to 127\.0\.0\.1/),
    });
    expect(receiver.received.length).toBe(seen);
  });
});
