import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../test/getTestServer.ts';
import { openDatabase, type Database } from './client.ts';
import { preparedStatement } from './prepared.ts';
import { accounts, users } from './schema/index.ts';
import { scoped } from './scope.ts';

// Runs twice in CI: on the PostgreSQL server (DATABASE_URL) and on PGlite (project db-pglite).
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: testDatabaseUrl(), pgliteDir: 'memory://' });
  await database.migrate();
});
afterAll(() => database.close());

const usersOf = preparedStatement(
  ['accountId', 'domain'],
  (value) => sql`select email from users where ${scoped(users, value.accountId)} and email like ${value.domain} order by email`,
);

const newAccount = async () => (await database.db.insert(accounts).values({ kind: 'standalone' }).returning())[0]!;

describe('a statement built once (preparedStatement)', () => {
  it('has one text with a parameter for every value, whatever the values', () => {
    expect(usersOf.text).toMatch(/"account_id" = \$1 and email like \$2/);
    expect(usersOf.text).not.toMatch(/example/);
  });

  it('binds each call’s values, on the pool and in a transaction, run after run', async () => {
    const [first, second] = [await newAccount(), await newAccount()];
    // Emails are unique in the whole database: this run's own domains.
    const [one, two] = [`one-${crypto.randomUUID()}.example`, `two-${crypto.randomUUID()}.example`];
    await database.db.insert(users).values([
      { accountId: first.id, email: `b@${one}` },
      { accountId: first.id, email: `a@${one}` },
      { accountId: first.id, email: `c@${two}` },
      { accountId: second.id, email: `d@${one}` },
    ]);
    for (let run = 0; run < 3; run++) {
      expect(await usersOf.rows(database.db, { accountId: first.id, domain: `%@${one}` })).toEqual([
        { email: `a@${one}` },
        { email: `b@${one}` },
      ]);
      expect(await usersOf.rows(database.db, { accountId: second.id, domain: `%@${one}` })).toEqual([{ email: `d@${one}` }]);
    }
    const inTransaction = await database.db.transaction((tx) => usersOf.rows(tx, { accountId: first.id, domain: `%@${two}` }));
    expect(inTransaction).toEqual([{ email: `c@${two}` }]);
  });

  it.runIf(testDatabaseUrl())('is prepared once per connection under a name made from its text (PostgreSQL)', async () => {
    const prepared = await database.db.transaction(async (tx) => {
      await usersOf.rows(tx, { accountId: crypto.randomUUID(), domain: '%' });
      await usersOf.rows(tx, { accountId: crypto.randomUUID(), domain: '%' });
      const listed = await tx.execute(sql`select name from pg_prepared_statements where statement = ${usersOf.text}`);
      return (listed as unknown as { rows: { name: string }[] }).rows;
    });
    expect(prepared).toEqual([{ name: expect.stringMatching(/^hot_[\w-]{24}$/) }]);
  });

  it('refuses a call without one of its values', async () => {
    await expect(usersOf.rows(database.db, { accountId: crypto.randomUUID() } as never)).rejects.toThrow(/domain/);
  });
});
