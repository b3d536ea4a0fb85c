import type { Db } from '../db/client.ts';
import { isFileInUse, uploadedFileId } from '../db/queries/fileUsage.ts';
import type { FileStorage } from '../integrations/storage/fileStorage.ts';
import { fileRemover } from './fileRemover.ts';

export interface ImageCleanup {
  storage: FileStorage;
  afterCommit(work: () => Promise<void>): void;
}

/**
 * Deletes the account's uploads among `urls` that none of its saved quizzes or wheels shows any more:
 * images a quiz or wheel stopped using when it was saved or deleted. Other urls are left alone.
 */
export async function unusedImageRemover(props: { db: Db; accountId: string; urls: readonly string[] } & ImageCleanup) {
  for (const url of props.urls) {
    const fileId = uploadedFileId(url);
    if (!fileId || (await isFileInUse(props.db, props.accountId, fileId))) continue;
    await fileRemover({
      db: props.db,
      storage: props.storage,
      accountId: props.accountId,
      fileId,
      afterCommit: props.afterCommit,
    });
  }
}
