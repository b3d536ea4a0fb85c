import type { Db } from '../db/client.ts';
import { resultEmailOptOuts } from '../db/schema/index.ts';

/**
 * Records that a respondent used a result email's unsubscribe link (the page's button, or a mail client's
 * RFC 8058 one-click POST): that account sends the address no result email again. Using it twice is the same.
 */
export async function resultEmailOptOutRecorder(props: { db: Db; accountId: string; email: string }): Promise<void> {
  await props.db
    .insert(resultEmailOptOuts)
    .values({ accountId: props.accountId, email: props.email.toLowerCase() })
    .onConflictDoNothing();
}
