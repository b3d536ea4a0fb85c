import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.ts';

describe('parseEnv', () => {
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
  });

  it('requires a real SESSION_SECRET in production and turns the dev mailbox off there', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: is required in production/);
    const env = parseEnv({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) });
    expect(env.devMailbox).toBe(false);
  });

  it('turns the dev mailbox off when SMTP is configured', () => {
    expect(parseEnv({ SMTP_URL: 'smtp://127.0.0.1:2525' }).devMailbox).toBe(false);
  });
});
