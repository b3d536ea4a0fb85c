import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { files } from '../db/schema/index.ts';
import type { FileStorage } from '../integrations/storage/fileStorage.ts';
import { sha256 } from '../lib/crypto.ts';
import { createOwner } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { fileUploader } from './fileUploader.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const db = () => server.services.database.db;

it('stores the bytes under the account and writes the row that names them', async () => {
  const owner = await createOwner(server);
  const bytes = Buffer.from(crypto.randomUUID());
  const { storage } = server.services;

  const file = await fileUploader({ db: db(), storage }, { accountId: owner.account.id, contentType: 'image/webp', bytes });
  expect(file).toEqual({ id: expect.any(String), contentType: 'image/webp', byteSize: bytes.length });
  const [row] = await db().select().from(files).where(eq(files.id, file.id));
  expect(row).toMatchObject({ accountId: owner.account.id, sha256: sha256(bytes), storageKey: `${owner.account.id}/${file.id}` });
  expect(Buffer.from((await storage.get(row!.storageKey))!)).toEqual(bytes);
});

it('deletes the stored bytes again when the row cannot be written', async () => {
  const { storage } = server.services;
  const keys: string[] = [];
  const watched: FileStorage = {
    put: (key, bytes) => (keys.push(key), storage.put(key, bytes)),
    get: (key) => storage.get(key),
    delete: (key) => storage.delete(key),
  };
  // No such account: the row's foreign key refuses it.
  const input = { accountId: crypto.randomUUID(), contentType: 'image/png', bytes: Buffer.from('png') };
  await expect(fileUploader({ db: db(), storage: watched }, input)).rejects.toThrow();
  expect(keys).toHaveLength(1);
  expect(await storage.get(keys[0]!)).toBeUndefined();
});
