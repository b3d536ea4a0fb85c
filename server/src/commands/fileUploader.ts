import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { files } from '../db/schema/index.ts';
import { storageKey, type FileStorage } from '../integrations/storage/fileStorage.ts';
import { sha256 } from '../lib/crypto.ts';

/**
 * Stores an uploaded image of the account: the bytes go to file storage first, then its row is written;
 * when the row cannot be written the bytes are deleted again, so storage keeps no file nothing names.
 * Returns the row's id, type and size.
 */
export async function fileUploader(
  deps: { db: Db; storage: FileStorage },
  input: { accountId: string; contentType: string; bytes: Buffer },
) {
  const { bytes } = input;
  const id = randomUUID();
  const key = storageKey(input.accountId, id);
  await deps.storage.put(key, bytes);
  try {
    const [file] = await deps.db
      .insert(files)
      .values({
        id,
        accountId: input.accountId,
        contentType: input.contentType,
        byteSize: bytes.length,
        sha256: sha256(bytes),
        storageKey: key,
      })
      .returning({ id: files.id, contentType: files.contentType, byteSize: files.byteSize });
    return file!;
  } catch (error) {
    await deps.storage.delete(key);
    throw error;
  }
}
