import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accounts, files, sessions, users } from '../db/schema/index.ts';
import { storageKey, type FileStorage } from '../integrations/storage/fileStorage.ts';
import { createOwner } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { accountDeleter } from './accountDeleter.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const db = () => server.services.database.db;

/** The real storage, recording each delete; `failOn` makes deleting that key fail. */
function recordingStorage(failOn?: string) {
  const deleted: string[] = [];
  const real = server.services.storage;
  const storage: FileStorage = {
    put: (key, bytes) => real.put(key, bytes),
    get: (key) => real.get(key),
    delete: async (key) => {
      if (key === failOn) throw new Error(`cannot delete ${key}`);
      deleted.push(key);
      await real.delete(key);
    },
  };
  return { deleted, storage };
}

async function storeFile(accountId: string) {
  const id = randomUUID();
  const key = storageKey(accountId, id);
  await server.services.storage.put(key, new TextEncoder().encode(`bytes of ${id}`));
  await db()
    .insert(files)
    .values({ id, accountId, contentType: 'image/png', byteSize: 12, sha256: 'x'.repeat(64), storageKey: key });
  return key;
}

it('deletes the stored bytes, then the account and every row it owns; another account keeps its own', async () => {
  const owner = await createOwner(server);
  const other = await createOwner(server);
  const keys = [await storeFile(owner.account.id), await storeFile(owner.account.id)];
  const kept = await storeFile(other.account.id);
  const run = recordingStorage();

  expect(await accountDeleter({ db: db(), storage: run.storage, accountId: owner.account.id })).toBe(true);
  expect(run.deleted.sort()).toEqual([...keys].sort());
  for (const key of keys) expect(await server.services.storage.get(key)).toBeUndefined();
  expect(await db().select().from(accounts).where(eq(accounts.id, owner.account.id))).toEqual([]);
  expect(await db().select().from(users).where(eq(users.accountId, owner.account.id))).toEqual([]);
  expect(await db().select().from(sessions).where(eq(sessions.accountId, owner.account.id))).toEqual([]);
  expect(await db().select().from(files).where(eq(files.accountId, owner.account.id))).toEqual([]);

  expect(await server.services.storage.get(kept)).toBeInstanceOf(Uint8Array);
  expect(await db().select().from(users).where(eq(users.accountId, other.account.id))).toHaveLength(1);

  // Gone already: false, and nothing else is touched.
  const again = recordingStorage();
  expect(await accountDeleter({ db: db(), storage: again.storage, accountId: owner.account.id })).toBe(false);
  expect(again.deleted).toEqual([]);
});

it('keeps the rows when a stored file cannot be deleted, so a retry finishes the job', async () => {
  const owner = await createOwner(server);
  const key = await storeFile(owner.account.id);
  await expect(accountDeleter({ db: db(), storage: recordingStorage(key).storage, accountId: owner.account.id })).rejects.toThrow(
    `cannot delete ${key}`,
  );
  expect(await db().select().from(accounts).where(eq(accounts.id, owner.account.id))).toHaveLength(1);
  expect(await db().select({ storageKey: files.storageKey }).from(files).where(eq(files.accountId, owner.account.id))).toEqual([
    { storageKey: key },
  ]);

  expect(await accountDeleter({ db: db(), storage: recordingStorage().storage, accountId: owner.account.id })).toBe(true);
  expect(await server.services.storage.get(key)).toBeUndefined();
});
