import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts, files } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import type { FileStorage } from '../integrations/storage/fileStorage.ts';

/**
 * Deletes an account and everything it owns (Shopify's shop/redact). Every tenant table references
 * accounts with ON DELETE CASCADE, so one delete removes users, sessions, quizzes, questions, plays,
 * roll-ups, short links, polls, web responses, wheels and their submissions, files and the Shopify
 * tables in one statement. Uploaded bytes live outside the database: they are deleted first, so a
 * failure leaves rows to retry with, never rows pointing at nothing or bytes nobody can find (a
 * retry deletes what is left; deleting a missing file is a no-op). Returns false when the account
 * was already gone.
 */
export async function accountDeleter(props: { db: Db; storage: FileStorage; accountId: string }): Promise<boolean> {
  const { db, storage, accountId } = props;
  const stored = await db.select({ storageKey: files.storageKey }).from(files).where(scoped(files, accountId));
  for (const { storageKey } of stored) await storage.delete(storageKey);
  const deleted = await db.delete(accounts).where(eq(accounts.id, accountId)).returning({ id: accounts.id });
  return deleted.length > 0;
}
