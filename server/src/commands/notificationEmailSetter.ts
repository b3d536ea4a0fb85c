import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/schema/index.ts';

/**
 * The address a shop's owner chose for the app's mail to them (lead notifications, data requests…);
 * '' sends it to the store's own address again. Read by db/queries/owner.ts ownerEmail.
 */
export async function notificationEmailSetter(props: { db: Db; accountId: string; email: string }): Promise<void> {
  const { db, accountId, email } = props;
  await db
    .update(accounts)
    .set({ notificationEmail: email || null, updatedAt: new Date() })
    .where(and(eq(accounts.id, accountId), eq(accounts.kind, 'shopify')));
}
