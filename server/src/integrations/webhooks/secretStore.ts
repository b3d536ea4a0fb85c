import { z } from 'zod';
import { SecretDecryptionError, type SealedSecret, type Secrets } from '../../lib/secrets.ts';
import { isWebhookSecret, webhookSecretPrefix, type WebhookSigningSecrets } from './signing.ts';

/**
 * An endpoint's signing secrets at rest: the current and any previous secret sealed together as one
 * AES-256-GCM ciphertext (lib/secrets.ts), so the pipeline opens them just before signing and nothing
 * else ever holds them in clear. Shown to the owner only once, when made; masked afterwards.
 */

const ZWhsec = z.string().refine(isWebhookSecret, 'not a whsec_ secret');
const ZSigningSecrets = z.object({
  current: ZWhsec,
  previous: z.object({ secret: ZWhsec, until: z.iso.datetime({ offset: true }) }).optional(),
});

export function sealSigningSecrets(secrets: Secrets, signing: WebhookSigningSecrets): SealedSecret {
  return secrets.seal(JSON.stringify(ZSigningSecrets.parse(signing)));
}

/** The signing secrets; SecretDecryptionError when the ciphertext does not open or is not what was sealed. */
export function openSigningSecrets(secrets: Secrets, sealed: SealedSecret): WebhookSigningSecrets {
  const text = secrets.open(sealed);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new SecretDecryptionError('sealed webhook secrets are not JSON');
  }
  const result = ZSigningSecrets.safeParse(parsed);
  if (!result.success) throw new SecretDecryptionError('sealed webhook secrets are not signing secrets');
  return result.data;
}

/** How Settings shows a saved secret: the prefix and its last 4 characters, e.g. 'whsec_••••••••1x2Y'. */
export function maskWebhookSecret(secret: string): string {
  return `${webhookSecretPrefix}••••••••${secret.slice(-4)}`;
}
