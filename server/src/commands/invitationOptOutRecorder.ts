import type { Db } from '../db/client.ts';
import { invitationOptOuts } from '../db/schema/index.ts';

/**
 * Records that an address used a friend invitation's unsubscribe link (the page's button, or a mail
 * client's RFC 8058 one-click POST): nobody invites it again (friendInviter). Using it twice is the same.
 */
export async function invitationOptOutRecorder(props: { db: Db; email: string; now?: Date }): Promise<void> {
  await props.db
    .insert(invitationOptOuts)
    .values({ email: props.email.toLowerCase(), createdAt: props.now ?? new Date() })
    .onConflictDoNothing();
}
