import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { destinations } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { emailSettingsOf } from '../integrations/destinations/emailDestination.ts';

/**
 * Adds a recipient who used a lead notification's unsubscribe link to the email destination's
 * `unsubscribed`. The owner brings the address back by adding it to the recipients again (Settings →
 * Email Notification). Using the link twice is the same.
 */
export async function notificationUnsubscriber(props: { db: Db; accountId: string; recipient: string }): Promise<void> {
  const recipient = props.recipient.toLowerCase();
  await props.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(destinations)
      .where(scoped(destinations, props.accountId, eq(destinations.kind, 'email')))
      .for('update');
    if (!row) return;
    const settings = emailSettingsOf(row);
    if (settings.unsubscribed.some((email) => email.toLowerCase() === recipient)) return;
    await tx
      .update(destinations)
      .set({ settings: { ...settings, unsubscribed: [...settings.unsubscribed, recipient] }, updatedAt: new Date() })
      .where(scoped(destinations, props.accountId, eq(destinations.id, row.id)));
  });
}
