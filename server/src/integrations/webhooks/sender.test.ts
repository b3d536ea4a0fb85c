import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { createSecureContext } from 'node:tls';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebhookReceiver } from '../../test/fakes/webhookReceiver.ts';
import { quizLead } from '../../test/fakes/crm/leadKit.ts';
import { sampleWebhookLead } from './payload.ts';
import { deliverWebhook, retryAfter, sendWebhook, webhookTimeoutMs, type WebhookOutcome } from './sender.ts';
import { generateWebhookSecret, rotateWebhookSecret } from './signing.ts';
import { validateWebhookUrl, type WebhookLookup } from './urlSafety.ts';

const secret = generateWebhookSecret();
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await WebhookReceiver.start(secret);
});
afterEach(() => {
  receiver.received.splice(0);
  receiver.respond = undefined;
  receiver.verifyWith = secret;
});
afterAll(() => receiver.close());

const lead = quizLead({
  answers: [
    {
      key: 'trip_style',
      question: 'How do you travel?',
      type: 'choice',
      value: 'backpack',
      optionIds: ['a2'],
      tags: ['style-backpack'],
      segment: true,
    },
    {
      key: 'seasons',
      question: 'When?',
      type: 'choices',
      value: ['Spring', 'Autumn'],
      optionIds: ['s1', 's3'],
      tags: [],
      segment: false,
    },
  ],
});
const { answers: _answers, ...leadWithoutAnswers } = lead;
const delivery = { idempotencyKey: 'dlv_0001', type: 'lead.captured' as const, lead, occurredAt: '2026-11-23T10:00:00.000Z' };
const privateOk = { allowPrivate: true };

function fixedLookup(address: string): WebhookLookup & { calls: number } {
  const lookup = async () => {
    lookup.calls += 1;
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };
  lookup.calls = 0;
  return lookup;
}

function expectNoSecret(outcome: WebhookOutcome, ...secrets: string[]) {
  const recorded = JSON.stringify(outcome);
  for (const value of secrets) {
    expect(recorded).not.toContain(value);
    expect(recorded).not.toContain(value.slice('whsec_'.length));
  }
}

describe('deliverWebhook to a receiver that verifies with the standardwebhooks library', () => {
  it('delivers a signed {type, timestamp, data} that verifies, and records the exchange without the secret', async () => {
    const outcome = await deliverWebhook(
      { url: receiver.url('/hooks?source=quizlead'), secrets: { current: secret } },
      delivery,
      privateOk,
    );
    expect(outcome.ok).toBe(true);
    const [got] = receiver.received;
    expect(got).toMatchObject({ method: 'POST', path: '/hooks?source=quizlead', verified: true });
    expect(got!.payload).toEqual({
      type: 'lead.captured',
      timestamp: '2026-11-23T10:00:00.000Z',
      data: {
        ...leadWithoutAnswers,
        answers: { trip_style: 'backpack', seasons: ['Spring', 'Autumn'] },
        questions: [
          { key: 'trip_style', text: 'How do you travel?', type: 'choice', optionIds: ['a2'] },
          { key: 'seasons', text: 'When?', type: 'choices', optionIds: ['s1', 's3'] },
        ],
      },
    });
    expect(got!.headers['content-type']).toBe('application/json');
    expect(got!.headers['webhook-id']).toBe('dlv_0001');
    expect(got!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(outcome.exchange).toHaveLength(1);
    const [exchange] = outcome.exchange;
    expect(exchange!.request).toMatchObject({ method: 'POST', url: receiver.url('/hooks?source=quizlead'), body: got!.body });
    expect(exchange!.request.headers['webhook-signature']).toBe(got!.headers['webhook-signature']);
    expect(exchange!.response).toMatchObject({ status: 200, body: '{"ok":true}' });
    expectNoSecret(outcome, secret);
  });

  it('keeps the same webhook-id and body across two attempts of one delivery; each attempt is signed at its own time', async () => {
    const first = await deliverWebhook({ url: receiver.url(), secrets: { current: secret } }, delivery, {
      ...privateOk,
      now: new Date(Date.now() - 60_000),
    });
    const second = await deliverWebhook({ url: receiver.url(), secrets: { current: secret } }, delivery, privateOk);
    expect([first.ok, second.ok]).toEqual([true, true]);
    const [a, b] = receiver.received;
    expect(a!.verified && b!.verified).toBe(true);
    expect(b!.headers['webhook-id']).toBe(a!.headers['webhook-id']);
    expect(b!.body).toBe(a!.body);
    expect(Number(b!.headers['webhook-timestamp']) - Number(a!.headers['webhook-timestamp'])).toBeGreaterThanOrEqual(59);
    const other = await deliverWebhook(
      { url: receiver.url(), secrets: { current: secret } },
      { ...delivery, idempotencyKey: 'dlv_0002' },
      privateOk,
    );
    expect(other.ok).toBe(true);
    expect(receiver.received[2]!.headers['webhook-id']).toBe('dlv_0002');
  });

  it('a tampered body or another secret fails verification', async () => {
    await deliverWebhook({ url: receiver.url(), secrets: { current: secret } }, delivery, privateOk);
    const [got] = receiver.received;
    expect(receiver.verify(got!.body.replace(lead.email, 'eve@example.com'), got!.headers).error).toMatch(
      /No matching signature found/,
    );
    expect(receiver.verify(got!.body, got!.headers, generateWebhookSecret()).error).toMatch(/No matching signature found/);
    const forged = await deliverWebhook(
      { url: receiver.url(), secrets: { current: generateWebhookSecret() } },
      delivery,
      privateOk,
    );
    expect(receiver.received[1]!.verified).toBe(false);
    expect(forged).toMatchObject({ ok: false, retryable: true, message: expect.stringMatching(/answered 400/) });
  });

  it('the test event has the real shape and is signed too', async () => {
    const outcome = await deliverWebhook(
      { url: receiver.url(), secrets: { current: secret } },
      { idempotencyKey: 'test_01', type: 'test', lead: sampleWebhookLead(), occurredAt: new Date() },
      privateOk,
    );
    expect(outcome.ok).toBe(true);
    const [got] = receiver.received;
    expect(got!.verified).toBe(true);
    expect(got!.payload).toMatchObject({ type: 'test', data: { email: 'jane.doe@example.com', tool: 'quiz' } });
  });

  it('during a rotation both secrets verify, each on its own', async () => {
    const rotated = rotateWebhookSecret({ current: secret });
    const outcome = await deliverWebhook({ url: receiver.url(), secrets: rotated }, delivery, privateOk);
    expect(outcome.ok).toBe(true);
    const [got] = receiver.received;
    expect(got!.verified).toBe(true);
    expect(String(got!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(receiver.verify(got!.body, got!.headers, rotated.current).error).toBeUndefined();
    expect(receiver.verify(got!.body, got!.headers, secret).error).toBeUndefined();
    expectNoSecret(outcome, secret, rotated.current);
  });
});

describe('what cannot be sent', () => {
  it('a malformed id, secret or lead is dead at once, with nothing sent', async () => {
    const endpoint = { url: receiver.url(), secrets: { current: secret } };
    expect(await deliverWebhook(endpoint, { ...delivery, idempotencyKey: 'a.b' }, privateOk)).toMatchObject({
      ok: false,
      retryable: false,
      message: expect.stringMatching(/cannot be signed: webhook id/),
    });
    expect(await deliverWebhook({ ...endpoint, secrets: { current: 'plain' } }, delivery, privateOk)).toMatchObject({
      ok: false,
      retryable: false,
      message: expect.stringMatching(/cannot be signed: not a whsec_/),
    });
    const badLead = { ...lead, capturedAt: 'yesterday' };
    expect(await deliverWebhook(endpoint, { ...delivery, lead: badLead }, privateOk)).toMatchObject({
      ok: false,
      retryable: false,
      message: expect.stringMatching(/payload is not valid/),
    });
    expect(receiver.received).toEqual([]);
  });
});

describe('SSRF defences at send time', () => {
  it('refuses loopback, private, link-local, ULA and IPv4-mapped targets without connecting, as dead', async () => {
    const port = receiver.port;
    const urls = [
      `http://127.0.0.1:${port}/`,
      `http://10.0.0.1:${port}/`,
      `http://169.254.169.254/latest/meta-data/`,
      `http://[::1]:${port}/`,
      `http://[fc00::1]:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://localhost:${port}/`,
    ];
    for (const url of urls) {
      const outcome = await deliverWebhook({ url, secrets: { current: secret } }, delivery);
      expect(outcome, url).toMatchObject({
        ok: false,
        retryable: false,
        message: expect.stringMatching(/^Webhooks cannot be sent to/),
      });
      expect(outcome.exchange[0]!.response).toBeUndefined();
    }
    const lookup = fixedLookup('127.0.0.1');
    const named = await deliverWebhook({ url: `http://hooks.example.test:${port}/`, secrets: { current: secret } }, delivery, {
      lookup,
    });
    expect(named).toMatchObject({
      ok: false,
      retryable: false,
      message: expect.stringMatching(/resolves to 127\.0\.0\.1, a loopback/),
    });
    expect(receiver.received).toEqual([]);
  });

  it('re-resolves on every send: a name that passed at save and now points at loopback is refused', async () => {
    let answer = '93.184.215.14';
    const lookup: WebhookLookup = async () => [{ address: answer, family: 4 }];
    const url = `http://rebind.example.test:${receiver.port}/`;
    expect(await validateWebhookUrl(url, { lookup })).toBeUndefined();
    answer = '127.0.0.1';
    const outcome = await deliverWebhook({ url, secrets: { current: secret } }, delivery, { lookup });
    expect(outcome).toMatchObject({ ok: false, retryable: false });
    expect(receiver.received).toEqual([]);
  });

  it('connects to the checked address only (resolved once, pinned) and keeps the hostname in Host', async () => {
    const lookup = fixedLookup('127.0.0.1');
    const outcome = await deliverWebhook(
      { url: `http://hooks.example.test:${receiver.port}/in`, secrets: { current: secret } },
      delivery,
      {
        ...privateOk,
        lookup,
      },
    );
    expect(outcome.ok).toBe(true);
    expect(lookup.calls).toBe(1);
    expect(receiver.received[0]!.headers.host).toBe(`hooks.example.test:${receiver.port}`);
    expect(receiver.received[0]!.verified).toBe(true);
  });

  it('over https, names the host to TLS (SNI) while connecting to the pinned address, and checks the certificate', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quizlead-webhook-tls-'));
    try {
      execFileSync(
        'openssl',
        ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1']
          .concat(['-subj', '/CN=hooks.example.test', '-addext', 'subjectAltName=DNS:hooks.example.test'])
          .concat(['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')]),
        { stdio: 'ignore' },
      );
      const names: string[] = [];
      const context = createSecureContext({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) });
      const tls = createHttpsServer(
        {
          SNICallback: (servername, done) => {
            names.push(servername);
            done(null, context);
          },
        },
        (_request, response) => response.end('ok'),
      );
      tls.on('tlsClientError', () => {});
      await new Promise<void>((done) => tls.listen(0, '127.0.0.1', done));
      const lookup = fixedLookup('127.0.0.1');
      const url = `https://hooks.example.test:${(tls.address() as AddressInfo).port}/`;
      const outcome = await deliverWebhook({ url, secrets: { current: secret } }, delivery, { ...privateOk, lookup });
      // The certificate is self-signed, so the sender refuses it (verification stays on) and will retry.
      expect(outcome).toMatchObject({ ok: false, retryable: true, message: expect.stringMatching(/SELF_SIGNED/) });
      expect(lookup.calls).toBe(1);
      tls.closeAllConnections();
      await new Promise<void>((done) => tls.close(() => done()));
      expect(names).toEqual(['hooks.example.test']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses other schemes and credentials in the URL', async () => {
    const ftp = await deliverWebhook({ url: 'ftp://example.com/x', secrets: { current: secret } }, delivery, privateOk);
    expect(ftp).toMatchObject({ ok: false, retryable: false, message: expect.stringMatching(/Only http and https/) });
    const creds = await deliverWebhook(
      { url: `http://u:p@127.0.0.1:${receiver.port}/`, secrets: { current: secret } },
      delivery,
      privateOk,
    );
    expect(creds).toMatchObject({ ok: false, retryable: false, message: expect.stringMatching(/user name or password/) });
    expect(receiver.received).toEqual([]);
  });
});

describe('answers and failures', () => {
  const send = () => deliverWebhook({ url: receiver.url('/a'), secrets: { current: secret } }, delivery, privateOk);

  it('does not follow a redirect: a 3xx is a failure that cannot succeed', async () => {
    receiver.respond = (_request, response) => {
      response.writeHead(302, { location: receiver.url('/elsewhere') }).end();
    };
    const outcome = await send();
    expect(outcome).toMatchObject({
      ok: false,
      retryable: false,
      message: expect.stringMatching(/302, a redirect to .*\/elsewhere: redirects are not followed/),
    });
    expect(receiver.received.map((got) => got.path)).toEqual(['/a']);
  });

  it.each([
    [410, false],
    [404, false],
    [401, false],
    [403, false],
    [400, true],
    [500, true],
    [502, true],
    [503, true],
  ])('answer %i: retryable %s', async (status, retryable) => {
    receiver.respond = (_request, response) => {
      response.writeHead(status, { 'content-type': 'text/plain' }).end('no thanks');
    };
    const outcome = await send();
    expect(outcome).toMatchObject({ ok: false, retryable, message: expect.stringContaining(`answered ${status}: no thanks`) });
    expect(outcome.exchange[0]!.response).toMatchObject({ status, body: 'no thanks' });
    expect(outcome.endpointGone).toBe(status === 410 ? true : undefined);
  });

  it('429 and 503 with Retry-After are retried after it', async () => {
    receiver.respond = (_request, response) => {
      response.writeHead(429, { 'retry-after': '120' }).end();
    };
    expect(await send()).toMatchObject({ ok: false, retryable: true, retryAfterMs: 120_000 });
    receiver.respond = (_request, response) => {
      response.writeHead(503, { 'retry-after': new Date(Date.now() + 30_000).toUTCString() }).end();
    };
    const outcome = await send();
    expect(outcome.ok === false && outcome.retryAfterMs).toBeGreaterThan(25_000);
    expect(retryAfter('soon')).toBeUndefined();
    expect(retryAfter('999999999')).toBe(24 * 60 * 60 * 1000);
  });

  it('gives up after the timeout (10 s by default) and retries later', async () => {
    expect(webhookTimeoutMs).toBe(10_000);
    receiver.respond = () => {};
    const started = Date.now();
    const outcome = await deliverWebhook({ url: receiver.url(), secrets: { current: secret } }, delivery, {
      ...privateOk,
      timeoutMs: 300,
    });
    expect(outcome).toMatchObject({ ok: false, retryable: true, message: 'The endpoint did not answer within 300 ms' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('a network failure is retried', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    const refused = await deliverWebhook({ url: `http://127.0.0.1:${port}/`, secrets: { current: secret } }, delivery, privateOk);
    expect(refused).toMatchObject({ ok: false, retryable: true, message: 'Could not reach the endpoint: ECONNREFUSED' });
    receiver.respond = (request) => request.socket.destroy();
    expect(await send()).toMatchObject({
      ok: false,
      retryable: true,
      message: expect.stringMatching(/Could not reach the endpoint/),
    });
  });

  describe('reading the answer', () => {
    let endless: Server;
    let written = 0;
    let closedEarly: Promise<void>;
    beforeAll(async () => {
      endless = createServer((request, response) => {
        request.resume();
        closedEarly = new Promise((done) => response.on('close', () => done()));
        response.writeHead(200, { 'content-type': 'text/plain' });
        const chunk = Buffer.alloc(16 * 1024, 'a');
        const pump = () => {
          while (!response.destroyed && response.write(chunk)) written += chunk.length;
          if (!response.destroyed) response.once('drain', pump);
        };
        pump();
      });
      await new Promise<void>((done) => endless.listen(0, '127.0.0.1', done));
    });
    afterAll(() => {
      endless.closeAllConnections();
      return new Promise<void>((done) => endless.close(() => done()));
    });

    it('stops reading an endless answer at the cap and drops the connection', async () => {
      const url = `http://127.0.0.1:${(endless.address() as AddressInfo).port}/`;
      const outcome = await sendWebhook({ url, id: 'dlv_cap', body: '{}', secrets: [secret] }, privateOk);
      expect(outcome.ok).toBe(true);
      await closedEarly;
      expect(outcome.exchange[0]!.response!.body.length).toBeLessThanOrEqual(4097);
      const small = await sendWebhook(
        { url, id: 'dlv_cap2', body: '{}', secrets: [secret] },
        { ...privateOk, maxResponseBytes: 10 },
      );
      expect(small.exchange[0]!.response!.body).toBe('aaaaaaaaaa');
      await closedEarly;
      expect(written).toBeGreaterThan(0);
    });
  });
});
