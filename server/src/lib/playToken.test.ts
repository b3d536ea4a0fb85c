import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signPlayToken, verifyPlayToken } from './playToken.ts';

const secret = 'test-secret-test-secret-test-secret-0000:play';
const claims = { playId: randomUUID(), quizId: randomUUID(), preview: false };

describe('play tokens', () => {
  it('carries its play and quiz, and holds for a day', async () => {
    const now = Date.UTC(2026, 10, 25, 12);
    const token = await signPlayToken(secret, claims, now);
    expect(await verifyPlayToken(secret, token, now)).toEqual(claims);
    expect(await verifyPlayToken(secret, token, now + 24 * 3600_000 - 1000)).toEqual(claims);
    expect(await verifyPlayToken(secret, token, now + 24 * 3600_000)).toBeUndefined();
    const preview = await signPlayToken(secret, { ...claims, preview: true }, now);
    expect(await verifyPlayToken(secret, preview, now)).toEqual({ ...claims, preview: true });
  });

  it('refuses another secret, any changed part, and what is not a token', async () => {
    const token = await signPlayToken(secret, claims);
    expect(await verifyPlayToken(`${secret}x`, token)).toBeUndefined();
    const parts = token.split('.');
    const other = randomUUID();
    for (const changed of [
      [parts[0], other, ...parts.slice(2)],
      [parts[0], parts[1], other, ...parts.slice(3)],
      [...parts.slice(0, 3), 'p', ...parts.slice(4)],
      [...parts.slice(0, 4), String(Number(parts[4]) + 3600), parts[5]],
      [...parts.slice(0, 5), `${parts[5]!.slice(0, -2)}AA`],
      [...parts.slice(0, 5), ''],
      ['p0', ...parts.slice(1)],
    ]) {
      expect(await verifyPlayToken(secret, changed.join('.')), changed.join('.')).toBeUndefined();
    }
    for (const junk of ['', 'a.b', 'eyJhbGciOiJIUzI1NiJ9.e30.x', `${token}.x`, token.replace(/-/g, 'x')]) {
      expect(await verifyPlayToken(secret, junk)).toBeUndefined();
    }
  });
});
