import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { uploadedFileIdOf } from '@quizlead/shared/schemas/common.ts';
import type { Db } from '../db/client.ts';
import { files } from '../db/schema/index.ts';
import { storageKey, type FileStorage } from '../integrations/storage/fileStorage.ts';
import { fileUrl } from '../presenters/file.ts';

/**
 * Gives `accountId` a file of its own for every upload among `urls` that it does not own: the bytes
 * copied under a new id, so that no account's content keeps another's upload in use (or breaks when
 * that account deletes it). Returns the new url of each upload it copied, and null for one whose file
 * or bytes are gone (better no image than one nobody can serve); the account's own uploads and other
 * urls are not in the map. The bytes are written before the rows, like an upload's; they are deleted
 * again if copying fails here.
 */
export async function uploadCopier(props: {
  db: Db;
  /** Only needed when some url is another account's upload. */
  storage: FileStorage | undefined;
  accountId: string;
  urls: Iterable<string | null | undefined>;
}): Promise<Map<string, string | null>> {
  const ids = new Set<string>();
  for (const url of props.urls) {
    const id = uploadedFileIdOf(url);
    if (id) ids.add(id);
  }
  const copies = new Map<string, string | null>();
  if (ids.size === 0) return copies;
  // Across accounts on purpose: this is the copy from one account to another.
  // tenant-scope: the uploads a template (or, at start-up, the account's content) shows, whoever owns them
  const found = await props.db
    .select()
    .from(files)
    .where(inArray(files.id, [...ids]));
  const byId = new Map(found.map((file) => [file.id, file]));
  const written: string[] = [];
  try {
    for (const id of ids) {
      const file = byId.get(id);
      if (file?.accountId === props.accountId) continue;
      if (!file) {
        copies.set(fileUrl(id), null);
        continue;
      }
      if (!props.storage) throw new Error(`uploadCopier: file ${id} is another account's and no storage was given`);
      const bytes = await props.storage.get(file.storageKey);
      if (!bytes) {
        copies.set(fileUrl(id), null);
        continue;
      }
      const copyId = randomUUID();
      const key = storageKey(props.accountId, copyId);
      await props.storage.put(key, bytes);
      written.push(key);
      await props.db.insert(files).values({
        id: copyId,
        accountId: props.accountId,
        contentType: file.contentType,
        byteSize: file.byteSize,
        sha256: file.sha256,
        storageKey: key,
      });
      copies.set(fileUrl(id), fileUrl(copyId));
    }
  } catch (error) {
    for (const key of written) await props.storage!.delete(key).catch(() => {});
    throw error;
  }
  return copies;
}

/** `url` as `copies` (from uploadCopier) maps it; unchanged when it was not copied. */
export const copiedUrl = (copies: ReadonlyMap<string, string | null>, url: string | null): string | null =>
  url !== null && copies.has(url) ? copies.get(url)! : url;
