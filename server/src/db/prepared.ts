import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Db } from './client.ts';

const dialect = new PgDialect();
/** Statement text → its name; bounded by the hot statements' shapes (their values are parameters). */
const names = new Map<string, string>();

/**
 * Runs a hot statement (a play step's) as a named prepared statement on the connection of `db` (a
 * transaction's included): PostgreSQL parses and plans it once per connection instead of on every
 * call. The name is a hash of the text, so each shape of a statement (a fragment that differs by quiz)
 * is prepared once. For statements whose text holds no values: every value must be a parameter.
 * Parsing and planning the play's statements every time cost PostgreSQL more than running them
 * (docs/performance.md: the bench's floor, replaying the play's statements, went from about 615 to
 * about 1,000 plays/s with them named).
 * PGlite runs it as any statement.
 */
export async function executePrepared<Row>(db: Db, query: SQL): Promise<Row[]> {
  const built = dialect.sqlToQuery(query);
  let name = names.get(built.sql);
  if (!name) {
    if (names.size >= 1000) names.clear();
    name = `hot_${createHash('sha256').update(built.sql).digest('base64url').slice(0, 24)}`;
    names.set(built.sql, name);
  }
  const result = (await db._.session.prepareQuery(built, undefined, name, false).execute()) as { rows: Row[] };
  return result.rows;
}
