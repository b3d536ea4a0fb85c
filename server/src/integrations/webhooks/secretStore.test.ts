import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretDecryptionError, Secrets } from '../../lib/secrets.ts';
import { maskWebhookSecret, openSigningSecrets, sealSigningSecrets } from './secretStore.ts';
import { generateWebhookSecret, rotateWebhookSecret } from './signing.ts';

const secrets = new Secrets([{ id: 'k1', key: randomBytes(32) }]);

describe('webhook signing secrets at rest', () => {
  it('seal and open the current and previous secret together, never in clear', () => {
    const signing = rotateWebhookSecret({ current: generateWebhookSecret() });
    const sealed = sealSigningSecrets(secrets, signing);
    expect(sealed.keyId).toBe('k1');
    expect(sealed.ciphertext).not.toContain(signing.current.slice(6, 20));
    expect(Buffer.from(sealed.ciphertext, 'base64').toString('latin1')).not.toContain('whsec_');
    expect(openSigningSecrets(secrets, sealed)).toEqual(signing);
  });

  it('refuses to open what was altered or is not signing secrets, and to seal what is not a whsec_ secret', () => {
    const sealed = sealSigningSecrets(secrets, { current: generateWebhookSecret() });
    const bytes = Buffer.from(sealed.ciphertext, 'base64');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => openSigningSecrets(secrets, { ...sealed, ciphertext: bytes.toString('base64') })).toThrow(SecretDecryptionError);
    expect(() => openSigningSecrets(secrets, secrets.seal('{"current":"nope"}'))).toThrow(SecretDecryptionError);
    expect(() => openSigningSecrets(secrets, secrets.seal('nope'))).toThrow(SecretDecryptionError);
    expect(() => sealSigningSecrets(secrets, { current: 'plain' })).toThrow();
  });

  it('masks a secret to its prefix and last 4 characters', () => {
    const secret = generateWebhookSecret();
    const masked = maskWebhookSecret(secret);
    expect(masked).toBe(`whsec_••••••••${secret.slice(-4)}`);
    expect(masked).not.toContain(secret.slice(6, -4));
  });
});
