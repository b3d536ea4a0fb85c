import { eq, sql } from 'drizzle-orm';
import { integrationLimits, integrationMessages } from '@quizlead/shared/schemas/integrations.ts';
import type { Db } from '../db/client.ts';
import { lockAccount } from '../db/queries/destinations.ts';
import { destinations } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { ValidationError } from '../errors.ts';
import type { DestinationRow } from '../integrations/destinations/destination.ts';
import { sealSigningSecrets } from '../integrations/webhooks/secretStore.ts';
import { generateWebhookSecret } from '../integrations/webhooks/signing.ts';
import type { Secrets } from '../lib/secrets.ts';

/**
 * Adds a webhook endpoint (switched on) at `url`, already checked against the SSRF rules, with a new
 * signing secret sealed at rest. The account's row is locked first, so two adds racing the limit
 * (integrationLimits.webhooks, a 400 naming `url` once reached) run one after the other. Returns the
 * row and the secret in clear, which the owner sees this once.
 */
export async function webhookCreator(
  deps: { db: Db; secrets: Secrets },
  input: { accountId: string; url: string },
): Promise<{ row: DestinationRow; secret: string }> {
  const { db } = deps;
  await lockAccount(db, input.accountId);
  const [counted] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(destinations)
    .where(scoped(destinations, input.accountId, eq(destinations.kind, 'webhook')));
  if ((counted?.count ?? 0) >= integrationLimits.webhooks) throw ValidationError(integrationMessages.webhookLimit, 'url');
  const secret = generateWebhookSecret();
  const [row] = await db
    .insert(destinations)
    .values({
      accountId: input.accountId,
      kind: 'webhook',
      url: input.url,
      enabled: true,
      sealed: sealSigningSecrets(deps.secrets, { current: secret }),
    })
    .returning();
  return { row: row!, secret };
}
