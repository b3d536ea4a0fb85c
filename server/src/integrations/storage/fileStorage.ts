/**
 * Where uploaded bytes live. The disk implementation keeps them under the data directory;
 * an object store (S3 and the like) can implement the same three calls.
 */
export interface FileStorage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or undefined when nothing is stored under `key`. */
  get(key: string): Promise<Uint8Array | undefined>;
  delete(key: string): Promise<void>;
}

/** Keys are `{accountId}/{fileId}`: both uuids, so they are safe as paths. */
export const storageKey = (accountId: string, fileId: string) => `${accountId}/${fileId}`;
