import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  activeSigningSecrets,
  generateWebhookSecret,
  isWebhookSecret,
  rotateWebhookSecret,
  signWebhook,
  webhookSignatureHeaders,
} from './signing.ts';

const body = JSON.stringify({ type: 'lead.captured', timestamp: '2026-11-23T10:00:00.000Z', data: { email: 'a@b.c' } });

describe('webhook secrets', () => {
  it('are whsec_ and base64 of 32 random bytes, different every time', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(secret);
    expect(isWebhookSecret(secret)).toBe(true);
    expect(isWebhookSecret(`whsec_${Buffer.alloc(24).toString('base64')}`)).toBe(true);
    expect(isWebhookSecret(`whsec_${Buffer.alloc(16).toString('base64')}`)).toBe(false);
    expect(isWebhookSecret(secret.slice(6))).toBe(false);
    expect(isWebhookSecret('whsec_not base64!')).toBe(false);
  });
});

describe('signWebhook (Standard Webhooks v1)', () => {
  it('signs "{id}.{seconds}.{body}" exactly as the standardwebhooks library does, and it verifies', () => {
    const secret = generateWebhookSecret();
    const timestamp = new Date();
    const headers = webhookSignatureHeaders({ id: 'dlv_01', timestamp, body }, [secret]);
    expect(headers['webhook-id']).toBe('dlv_01');
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(timestamp.getTime() / 1000)));
    expect(headers['webhook-signature']).toBe(new Webhook(secret).sign('dlv_01', timestamp, body));
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('a tampered body, another secret or a stale timestamp fails verification', () => {
    const secret = generateWebhookSecret();
    const headers = webhookSignatureHeaders({ id: 'dlv_02', timestamp: new Date(), body }, [secret]);
    expect(() => new Webhook(secret).verify(body.replace('a@b.c', 'x@b.c'), headers)).toThrow(/No matching signature/);
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow(/No matching signature/);
    const old = webhookSignatureHeaders({ id: 'dlv_02', timestamp: new Date(Date.now() - 10 * 60_000), body }, [secret]);
    expect(() => new Webhook(secret).verify(body, old)).toThrow(/too old/);
  });

  it('refuses message ids with a dot (the separator) or nothing to sign with', () => {
    const secret = generateWebhookSecret();
    expect(() => signWebhook({ id: 'a.b', timestamp: new Date(), body }, [secret])).toThrow(/webhook id/);
    expect(() => signWebhook({ id: '', timestamp: new Date(), body }, [secret])).toThrow(/webhook id/);
    expect(() => signWebhook({ id: 'x', timestamp: new Date(), body }, [])).toThrow(/at least one/);
    expect(() => signWebhook({ id: 'x', timestamp: new Date(), body }, ['plain'])).toThrow(/whsec_/);
  });
});

describe('rotation', () => {
  it('signs with the new and the old secret, space-separated, and each receiver verifies with its own', () => {
    const now = new Date();
    const before = { current: generateWebhookSecret() };
    const rotated = rotateWebhookSecret(before, now);
    expect(rotated.current).not.toBe(before.current);
    expect(rotated.previous).toEqual({ secret: before.current, until: new Date(now.getTime() + 86_400_000).toISOString() });
    const secrets = activeSigningSecrets(rotated, now);
    expect(secrets).toEqual([rotated.current, before.current]);
    const headers = webhookSignatureHeaders({ id: 'dlv_03', timestamp: now, body }, secrets);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=* v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(rotated.current).verify(body, headers)).toBeTruthy();
    expect(new Webhook(before.current).verify(body, headers)).toBeTruthy();
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow(/No matching signature/);
  });

  it('drops the old secret once the overlap is over', () => {
    const now = new Date();
    const rotated = rotateWebhookSecret({ current: generateWebhookSecret() }, now, 60_000);
    expect(activeSigningSecrets(rotated, new Date(now.getTime() + 59_000))).toHaveLength(2);
    expect(activeSigningSecrets(rotated, new Date(now.getTime() + 60_000))).toEqual([rotated.current]);
  });
});
