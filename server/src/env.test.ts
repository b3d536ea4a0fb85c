import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.ts';

const key = randomBytes(32);

describe('parseEnv', () => {
  it('makes each install its own session secret, kept in the data directory for its owner only', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quizlead-env-'));
    const env = parseEnv({ DATA_DIR: dataDir });
    expect(env.SESSION_SECRET).toMatch(/^[\w-]{64}$/);
    expect(readFileSync(join(dataDir, 'session-secret'), 'utf8').trim()).toBe(env.SESSION_SECRET);
    expect(statSync(join(dataDir, 'session-secret')).mode & 0o777).toBe(0o600);
    // Restarts keep it (sessions and sealed secrets stay valid); another install gets another.
    expect(parseEnv({ DATA_DIR: dataDir }).SESSION_SECRET).toBe(env.SESSION_SECRET);
    expect(parseEnv({ DATA_DIR: mkdtempSync(join(tmpdir(), 'quizlead-env-')) }).SESSION_SECRET).not.toBe(env.SESSION_SECRET);
    // A configured one wins and nothing is written.
    const configured = mkdtempSync(join(tmpdir(), 'quizlead-env-'));
    expect(parseEnv({ DATA_DIR: configured, SESSION_SECRET: 's'.repeat(40) }).SESSION_SECRET).toBe('s'.repeat(40));
    expect(existsSync(join(configured, 'session-secret'))).toBe(false);
  });

  it('reads TRUST_PROXY as the number of proxies in front (true is one)', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quizlead-env-'));
    expect(parseEnv({ DATA_DIR: dataDir }).TRUST_PROXY).toBe(0);
    expect(parseEnv({ DATA_DIR: dataDir, TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ DATA_DIR: dataDir, TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(0);
    expect(parseEnv({ DATA_DIR: dataDir, TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(() => parseEnv({ DATA_DIR: dataDir, TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY: must be true, false or the number/);
  });

  it('keeps the dev mailbox to servers that listen on loopback only', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quizlead-env-'));
    expect(parseEnv({ DATA_DIR: dataDir, HOST: '127.0.0.1' }).devMailbox).toBe(true);
    expect(parseEnv({ DATA_DIR: dataDir, HOST: 'localhost' }).devMailbox).toBe(true);
    expect(parseEnv({ DATA_DIR: dataDir, HOST: '0.0.0.0' }).devMailbox).toBe(false);
    expect(parseEnv({ DATA_DIR: dataDir, HOST: '192.168.1.20' }).devMailbox).toBe(false);
    expect(parseEnv({ DATA_DIR: dataDir, SMTP_URL: 'smtp://127.0.0.1:25' }).devMailbox).toBe(false);
  });

  it('has working defaults: PGlite in ./data, the dev mailbox, port 3000', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './data', devMailbox: true });
    expect(env.APP_URL).toBeUndefined();
    expect(parseEnv({ APP_URL: 'https://quiz.example.com/' }).APP_URL).toBe('https://quiz.example.com');
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('names the variable and the problem', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(EnvError);
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT: /);
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must start with postgres/);
    expect(() => parseEnv({ SMTP_URL: 'http://x' })).toThrow(/SMTP_URL: must start with smtp/);
    expect(() => parseEnv({ JOB_QUEUE_SCHEMA: 'jobs"; drop schema public' })).toThrow(/JOB_QUEUE_SCHEMA: must be a lower-case/);
    expect(parseEnv({ JOB_QUEUE_SCHEMA: 'pgboss_shop_2' }).JOB_QUEUE_SCHEMA).toBe('pgboss_shop_2');
    expect(() => parseEnv({ PGLITE_SETTINGS: 'fsync=off' })).toThrow(/PGLITE_SETTINGS: 'fsync' is not a memory setting/);
    expect(parseEnv({ PGLITE_SETTINGS: 'shared_buffers=64MB' }).PGLITE_SETTINGS).toEqual({ shared_buffers: '64MB' });
    expect(parseEnv({}).PGLITE_SETTINGS).toBeUndefined();
  });

  it('requires a real SESSION_SECRET and an encryption key in production and turns the dev mailbox off there', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: is required in production/);
    expect(() => parseEnv({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) })).toThrow(
      /ENCRYPTION_KEYS: is required in production/,
    );
    const env = parseEnv({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), ENCRYPTION_KEY: key.toString('base64') });
    expect(env.devMailbox).toBe(false);
    expect(env.encryptionKeys).toEqual([{ id: 'default', key }]);
  });

  it('refuses EXTERNAL_API_ORIGIN in production, naming it, and keeps only its origin elsewhere', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), ENCRYPTION_KEY: key.toString('hex') };
    expect(() => parseEnv({ ...production, EXTERNAL_API_ORIGIN: 'http://127.0.0.1:9999' })).toThrow(
      /EXTERNAL_API_ORIGIN: is for development and tests only: refused in production/,
    );
    expect(parseEnv({ NODE_ENV: 'test', EXTERNAL_API_ORIGIN: 'http://127.0.0.1:9999/' }).EXTERNAL_API_ORIGIN).toBe(
      'http://127.0.0.1:9999',
    );
  });

  it('reads rotating encryption keys (first seals) and derives a development key only outside production', () => {
    const older = randomBytes(32);
    const env = parseEnv({ ENCRYPTION_KEYS: `k2:${key.toString('base64')},k1:${older.toString('hex')}` });
    expect(env.encryptionKeys).toEqual([
      { id: 'k2', key },
      { id: 'k1', key: older },
    ]);
    expect(() => parseEnv({ ENCRYPTION_KEYS: 'k1:short' })).toThrow(/ENCRYPTION_KEYS: must be id:key pairs/);
    expect(() => parseEnv({ ENCRYPTION_KEYS: `a:${key.toString('hex')},a:${key.toString('hex')}` })).toThrow(
      /key id 'a' appears twice/,
    );
    expect(() => parseEnv({ ENCRYPTION_KEY: 'abc' })).toThrow(/ENCRYPTION_KEY: must be 32 bytes/);
    const dev = parseEnv({});
    expect(dev.encryptionKeys).toHaveLength(1);
    expect(dev.encryptionKeys[0]!.id).toBe('dev');
    expect(dev.encryptionKeys[0]!.key).toHaveLength(32);
  });

  it('takes the public address from SHOPIFY_APP_URL, APP_URL or a HOST that is a URL, and then listens locally', () => {
    const cli = parseEnv({ HOST: 'https://tunnel.trycloudflare.com', PORT: '51234' });
    expect(cli).toMatchObject({ HOST: '127.0.0.1', PORT: 51234, APP_URL: 'https://tunnel.trycloudflare.com' });
    expect(parseEnv({ HOST: 'https://a.example', APP_URL: 'https://b.example' }).APP_URL).toBe('https://b.example');
    expect(
      parseEnv({ HOST: 'https://a.example', APP_URL: 'https://b.example', SHOPIFY_APP_URL: 'https://c.example/' }).APP_URL,
    ).toBe('https://c.example');
    expect(parseEnv({ HOST: '0.0.0.0' })).toMatchObject({ HOST: '0.0.0.0', APP_URL: undefined });
  });

  it("defaults SCOPES to shopify.app.toml's and needs both Shopify credentials together", () => {
    const toml = parse(readFileSync(new URL('../../shopify.app.toml', import.meta.url), 'utf8')) as {
      access_scopes: { scopes: string };
    };
    expect(parseEnv({}).SCOPES).toBe(toml.access_scopes.scopes);
    expect(parseEnv({ SCOPES: 'write_discounts' }).SCOPES).toBe('write_discounts');
    expect(() => parseEnv({ SHOPIFY_API_KEY: 'key' })).toThrow(/SHOPIFY_API_SECRET: is required with the other/);
    expect(parseEnv({}).APP_BRIDGE_URL).toBe('https://cdn.shopify.com/shopifycloud/app-bridge.js');
  });

  it('refuses WEBHOOKS_ALLOW_PRIVATE in production, naming it, and reads it as a flag elsewhere (off by default)', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), ENCRYPTION_KEY: key.toString('hex') };
    expect(() => parseEnv({ ...production, WEBHOOKS_ALLOW_PRIVATE: 'true' })).toThrow(
      /WEBHOOKS_ALLOW_PRIVATE: is for development and tests only: refused in production/,
    );
    expect(parseEnv({ ...production, WEBHOOKS_ALLOW_PRIVATE: 'false' }).WEBHOOKS_ALLOW_PRIVATE).toBe(false);
    expect(parseEnv({}).WEBHOOKS_ALLOW_PRIVATE).toBe(false);
    expect(parseEnv({ NODE_ENV: 'test', WEBHOOKS_ALLOW_PRIVATE: 'true' }).WEBHOOKS_ALLOW_PRIVATE).toBe(true);
    expect(parseEnv({ WEBHOOKS_ALLOW_PRIVATE: '1' }).WEBHOOKS_ALLOW_PRIVATE).toBe(true);
    expect(() => parseEnv({ WEBHOOKS_ALLOW_PRIVATE: 'yes' })).toThrow(/WEBHOOKS_ALLOW_PRIVATE: /);
  });

  it('turns the dev mailbox off when SMTP is configured', () => {
    expect(parseEnv({ SMTP_URL: 'smtp://127.0.0.1:2525' }).devMailbox).toBe(false);
  });
});
