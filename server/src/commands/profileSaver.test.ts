import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { files } from '../db/schema/index.ts';
import { createMember, createOwner } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { commitHooks, type Changed } from './commitHooks.ts';
import { fileUploader } from './fileUploader.ts';
import { profileSaver } from './profileSaver.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const db = () => server.services.database.db;

/** The command's deps, with hooks that record what changed once the work "commits". */
function run() {
  const changes: Changed[] = [];
  const hooks = commitHooks({ drop: async (change) => void changes.push(change) });
  return {
    changes,
    commit: () => hooks.committed((error) => expect.unreachable(String(error))),
    deps: { db: db(), storage: server.services.storage, afterCommit: hooks.afterCommit, changed: hooks.changed },
  };
}

it('saves the name and company, deletes the logo it replaces once committed, and drops the account’s cached quizzes', async () => {
  const owner = await createOwner(server);
  const accountId = owner.account.id;
  const upload = () =>
    fileUploader(
      { db: db(), storage: server.services.storage },
      { accountId, contentType: 'image/png', bytes: Buffer.from(crypto.randomUUID()) },
    );
  const first = await upload();
  const second = await upload();
  const profile = {
    fullName: 'Olive Renamed',
    companyName: 'Acme Two',
    companyUrl: 'https://acme.example',
    companyLogoId: first.id,
  };
  const base = { accountId, userId: owner.user.id };
  await profileSaver(run().deps, { ...base, logoFileId: null, profile });

  const replacing = run();
  const saved = await profileSaver(replacing.deps, {
    ...base,
    logoFileId: first.id,
    profile: { ...profile, companyLogoId: second.id },
  });
  expect(saved.user.fullName).toBe('Olive Renamed');
  expect(saved.account).toMatchObject({ companyName: 'Acme Two', companyUrl: 'https://acme.example', logoFileId: second.id });
  const [gone] = await db().select().from(files).where(eq(files.id, first.id));
  expect(gone).toBeUndefined();
  const firstKey = `${accountId}/${first.id}`;
  expect(await server.services.storage.get(firstKey)).toBeDefined();
  expect(replacing.changes).toEqual([]);
  await replacing.commit();
  expect(await server.services.storage.get(firstKey)).toBeUndefined();
  expect(replacing.changes).toEqual([{ accountId }]);
});

it('keeps the logo when none is given, and changes only the saving user’s name', async () => {
  const owner = await createOwner(server);
  const member = await createMember(server, owner.account);
  const saving = run();
  const profile = { fullName: 'Mia Renamed', companyName: 'Acme', companyUrl: '' };
  const saved = await profileSaver(saving.deps, {
    accountId: owner.account.id,
    userId: member.user.id,
    logoFileId: null,
    profile,
  });
  expect(saved.user.fullName).toBe('Mia Renamed');
  expect(saved.account.logoFileId).toBeNull();
  const [ownerNow] = await db().select().from(files).where(eq(files.accountId, owner.account.id));
  expect(ownerNow).toBeUndefined();
  await saving.commit();
  expect(saving.changes).toEqual([{ accountId: owner.account.id }]);
});
