import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { resultEmailOptOuts } from '../schema/index.ts';
import { scoped } from '../scope.ts';

/** Whether the address unsubscribed from the account's result emails (compared lower-cased). */
export async function resultEmailOptedOut(db: Db, accountId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(resultEmailOptOuts)
    .where(scoped(resultEmailOptOuts, accountId, eq(resultEmailOptOuts.email, email.toLowerCase())))
    .limit(1);
  return row !== undefined;
}
