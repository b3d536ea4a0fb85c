import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** A 32-byte AES key and the id stored beside everything it sealed. */
export interface EncryptionKey {
  id: string;
  key: Buffer;
}

/** What is stored for one secret: the ciphertext and the id of the key that sealed it. */
export interface SealedSecret {
  ciphertext: string;
  keyId: string;
}

export class SecretDecryptionError extends Error {}

const ivBytes = 12;
const tagBytes = 16;

/** A 32-byte key written as base64 (standard or url-safe) or hex; undefined when it is not one. */
export function parseEncryptionKey(text: string): Buffer | undefined {
  const value = text.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(value)
    ? Buffer.from(value, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(value)
      ? Buffer.from(value, 'base64')
      : undefined;
  return bytes?.length === 32 ? bytes : undefined;
}

/**
 * Secrets at rest (Shopify access and refresh tokens, CRM keys): AES-256-GCM with a random 12-byte IV.
 * The first key seals; any known key opens, chosen by the id stored with the ciphertext, so keys rotate
 * by putting a new key first and re-sealing at leisure (every token refresh re-seals with the new key).
 * The ciphertext is base64 of iv ‖ tag ‖ data; the key id is bound in as associated data, so a
 * ciphertext moved beside another key id fails to open instead of being read with the wrong key.
 */
export class Secrets {
  readonly #current: EncryptionKey;
  readonly #byId: Map<string, Buffer>;

  constructor(keys: readonly EncryptionKey[]) {
    const [current] = keys;
    if (!current) throw new Error('Secrets needs at least one key');
    for (const { id, key } of keys) if (key.length !== 32) throw new Error(`encryption key '${id}' is not 32 bytes`);
    this.#current = current;
    this.#byId = new Map(keys.map(({ id, key }) => [id, key]));
  }

  get currentKeyId(): string {
    return this.#current.id;
  }

  /** Whether a ciphertext sealed under `keyId` can be opened (its key is still configured). */
  knows(keyId: string): boolean {
    return this.#byId.has(keyId);
  }

  seal(plaintext: string): SealedSecret {
    const iv = randomBytes(ivBytes);
    const cipher = createCipheriv('aes-256-gcm', this.#current.key, iv);
    cipher.setAAD(Buffer.from(this.#current.id, 'utf8'));
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return { ciphertext: Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64'), keyId: this.#current.id };
  }

  /** The plaintext; SecretDecryptionError when the key is unknown or the ciphertext was altered. */
  open({ ciphertext, keyId }: SealedSecret): string {
    const key = this.#byId.get(keyId);
    if (!key) throw new SecretDecryptionError(`no encryption key with id '${keyId}' is configured`);
    const bytes = Buffer.from(ciphertext, 'base64');
    if (bytes.length < ivBytes + tagBytes) throw new SecretDecryptionError('ciphertext is too short');
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, ivBytes));
      decipher.setAAD(Buffer.from(keyId, 'utf8'));
      decipher.setAuthTag(bytes.subarray(ivBytes, ivBytes + tagBytes));
      return Buffer.concat([decipher.update(bytes.subarray(ivBytes + tagBytes)), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretDecryptionError('ciphertext does not authenticate under its key');
    }
  }
}
