import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { destinations } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import type { DestinationRow } from '../integrations/destinations/destination.ts';
import { sealSigningSecrets } from '../integrations/webhooks/secretStore.ts';
import { generateWebhookSecret, rotateWebhookSecret, type WebhookSigningSecrets } from '../integrations/webhooks/signing.ts';
import type { Secrets } from '../lib/secrets.ts';

/**
 * Gives a locked webhook endpoint a new signing secret; the one it had (`saved`, opened by the caller)
 * keeps signing for 24 hours. Without readable secrets it starts afresh with the new one alone. Returns
 * the row and the new secret in clear, which the owner sees this once.
 */
export async function webhookSecretRotator(
  deps: { db: Db; secrets: Secrets },
  input: { accountId: string; id: string; saved: WebhookSigningSecrets | undefined },
): Promise<{ row: DestinationRow; secret: string }> {
  const next: WebhookSigningSecrets = input.saved ? rotateWebhookSecret(input.saved) : { current: generateWebhookSecret() };
  const [row] = await deps.db
    .update(destinations)
    .set({ sealed: sealSigningSecrets(deps.secrets, next), updatedAt: new Date() })
    .where(scoped(destinations, input.accountId, eq(destinations.id, input.id)))
    .returning();
  return { row: row!, secret: next.current };
}
