import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts, files } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import type { FileStorage } from '../integrations/storage/fileStorage.ts';

/**
 * Deletes an account's file row (unsetting it as the logo) inside `db`; the bytes go once that
 * commits, through `afterCommit`, so a rolled-back request never loses an image still in use.
 */
export async function fileRemover(props: {
  db: Db;
  storage: FileStorage;
  accountId: string;
  fileId: string;
  afterCommit(work: () => Promise<void>): void;
}): Promise<boolean> {
  await props.db
    .update(accounts)
    .set({ logoFileId: null })
    .where(and(eq(accounts.id, props.accountId), eq(accounts.logoFileId, props.fileId)));
  const [removed] = await props.db
    .delete(files)
    .where(scoped(files, props.accountId, eq(files.id, props.fileId)))
    .returning({ storageKey: files.storageKey });
  if (removed) props.afterCommit(() => props.storage.delete(removed.storageKey));
  return Boolean(removed);
}
