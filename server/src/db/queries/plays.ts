import { and, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { plays } from '../schema/index.ts';
import { scoped } from '../scope.ts';

/**
 * The email a play's visitor left, if any: a `play.completed` event carries no visitor (its lead travels as
 * `lead.captured`), so the Shopify Flow destination reads it here for the "Quiz completed" trigger.
 */
export async function playEmail(db: Db, accountId: string, playId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ email: plays.email })
    .from(plays)
    .where(and(scoped(plays, accountId, eq(plays.id, playId))))
    .limit(1);
  return row?.email ?? undefined;
}
