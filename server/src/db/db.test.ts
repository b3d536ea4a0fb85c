import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { accounts, files, quizzes, sessions, users } from './schema/index.ts';
import { scoped } from './scope.ts';
import { testDatabaseUrl } from '../test/getTestServer.ts';

// Runs twice in CI: on the PostgreSQL server (DATABASE_URL) and on PGlite (project db-pglite).
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: testDatabaseUrl(), pgliteDir: 'memory://' });
  await database.migrate();
});
afterAll(() => database.close());

const newAccount = async () => (await database.db.insert(accounts).values({ kind: 'standalone' }).returning())[0]!;
const email = () => `db-${crypto.randomUUID()}@example.com`;

describe(`the data layer`, () => {
  it('migrations are idempotent', async () => {
    await expect(database.migrate()).resolves.toBeUndefined();
  });

  it('emails are unique whatever their case', async () => {
    const account = await newAccount();
    const address = email();
    await database.db.insert(users).values({ accountId: account.id, email: address });
    await expect(database.db.insert(users).values({ accountId: account.id, email: address.toUpperCase() })).rejects.toThrow();
  });

  it('rejects unknown account kinds and modes', async () => {
    await expect(database.db.insert(accounts).values({ kind: 'mongo' as 'standalone' })).rejects.toThrow();
    await expect(database.db.insert(accounts).values({ kind: 'standalone', mode: 'gold' as 'free' })).rejects.toThrow();
  });

  it('deleting an account removes its users, sessions, files and quizzes', async () => {
    const account = await newAccount();
    const [user] = await database.db.insert(users).values({ accountId: account.id, email: email() }).returning();
    await database.db.insert(sessions).values({
      id: crypto.randomUUID(),
      accountId: account.id,
      userId: user!.id,
      csrfToken: 'x',
      expiresAt: new Date(Date.now() + 1000),
    });
    await database.db
      .insert(files)
      .values({ accountId: account.id, contentType: 'image/png', byteSize: 3, sha256: 'x', storageKey: 'a/b' });
    await database.db.delete(accounts).where(eq(accounts.id, account.id));
    expect(await database.db.select().from(users).where(eq(users.accountId, account.id))).toHaveLength(0);
    expect(await database.db.select().from(sessions).where(eq(sessions.accountId, account.id))).toHaveLength(0);
    expect(await database.db.select().from(files).where(eq(files.accountId, account.id))).toHaveLength(0);
  });

  it('round-trips JSONB documents', async () => {
    const account = await newAccount();
    const settings = { welcomeMessage: '<p>Hi "there" \u00e9</p>', colors: { headerBg: '#112233' } };
    const [quiz] = await database.db
      .insert(quizzes)
      .values({ accountId: account.id, quizType: 'graded_quiz', settings: settings as never })
      .returning();
    const [read] = await database.db.select().from(quizzes).where(eq(quizzes.id, quiz!.id));
    expect(read!.settings).toEqual(settings);
    expect(read!.branching).toEqual({ enabled: false, branches: [] });
  });

  it('scoped() finds nothing across accounts', async () => {
    const owner = await newAccount();
    const other = await newAccount();
    const [file] = await database.db
      .insert(files)
      .values({ accountId: owner.id, contentType: 'image/png', byteSize: 1, sha256: 'x', storageKey: 'a/b' })
      .returning();
    expect(
      await database.db
        .select()
        .from(files)
        .where(scoped(files, other.id, eq(files.id, file!.id))),
    ).toHaveLength(0);
    expect(
      await database.db
        .select()
        .from(files)
        .where(scoped(files, owner.id, eq(files.id, file!.id))),
    ).toHaveLength(1);
  });

  it('a failed transaction leaves nothing half-written', async () => {
    // Its own account, found by its id: other test files write accounts to the same database meanwhile.
    const id = crypto.randomUUID();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(accounts).values({ id, kind: 'standalone', companyName: 'half' });
        expect(await tx.select().from(accounts).where(eq(accounts.id, id))).toHaveLength(1);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await database.db.select().from(accounts).where(eq(accounts.id, id))).toHaveLength(0);
  });
});
