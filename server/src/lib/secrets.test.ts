import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseEncryptionKey, SecretDecryptionError, Secrets } from './secrets.ts';

const key = (id: string) => ({ id, key: randomBytes(32) });

describe('Secrets (AES-256-GCM at rest)', () => {
  it('seals with a fresh IV each time and opens what it sealed', () => {
    const secrets = new Secrets([key('k1')]);
    const first = secrets.seal('shpat_secret-token');
    const second = secrets.seal('shpat_secret-token');
    expect(first.keyId).toBe('k1');
    expect(first.ciphertext).not.toBe(second.ciphertext);
    expect(first.ciphertext).not.toContain('shpat');
    expect(Buffer.from(first.ciphertext, 'base64').toString('latin1')).not.toContain('shpat');
    expect(secrets.open(first)).toBe('shpat_secret-token');
    expect(secrets.open(second)).toBe('shpat_secret-token');
  });

  it('refuses a tampered ciphertext, tag or IV', () => {
    const secrets = new Secrets([key('k1')]);
    const sealed = secrets.seal('a token');
    const bytes = Buffer.from(sealed.ciphertext, 'base64');
    for (const at of [0, 12, bytes.length - 1]) {
      const altered = Buffer.from(bytes);
      altered[at]! ^= 1;
      expect(() => secrets.open({ ...sealed, ciphertext: altered.toString('base64') })).toThrow(SecretDecryptionError);
    }
    expect(() => secrets.open({ ...sealed, ciphertext: 'c2hvcnQ=' })).toThrow(SecretDecryptionError);
  });

  it('rotates: the new key seals, old ciphertexts still open by their key id, unknown ids are refused', () => {
    const k1 = key('k1');
    const k2 = key('k2');
    const before = new Secrets([k1]).seal('old token');
    const rotated = new Secrets([k2, k1]);
    expect(rotated.open(before)).toBe('old token');
    const after = rotated.seal('new token');
    expect(after.keyId).toBe('k2');
    expect(() => new Secrets([k1]).open(after)).toThrow(/no encryption key with id 'k2'/);
  });

  it('binds the key id: a ciphertext relabelled with another known key id does not open', () => {
    const k1 = key('k1');
    const sameBytes = { id: 'k2', key: k1.key };
    const secrets = new Secrets([k1, sameBytes]);
    const sealed = secrets.seal('token');
    expect(() => secrets.open({ ...sealed, keyId: 'k2' })).toThrow(SecretDecryptionError);
  });

  it('reads 32-byte keys in base64, base64url or hex and nothing else', () => {
    const bytes = randomBytes(32);
    expect(parseEncryptionKey(bytes.toString('base64'))?.equals(bytes)).toBe(true);
    expect(parseEncryptionKey(bytes.toString('base64url'))?.equals(bytes)).toBe(true);
    expect(parseEncryptionKey(bytes.toString('hex'))?.equals(bytes)).toBe(true);
    expect(parseEncryptionKey(randomBytes(16).toString('base64'))).toBeUndefined();
    expect(parseEncryptionKey('not a key')).toBeUndefined();
  });
});
