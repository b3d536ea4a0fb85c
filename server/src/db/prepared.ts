import { PgDialect } from 'drizzle-orm/pg-core';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Db } from './client.ts';

const dialect = new PgDialect();

/** A hot statement built once: run it with its values on a connection (a transaction's included). */
export interface PreparedStatement<Name extends string> {
  /** The statement's text, with a parameter for every value. */
  readonly text: string;
  rows<Row>(db: Db, values: Readonly<Record<Name, unknown>>): Promise<Row[]>;
}

/**
 * A hot statement (a play step's), built once when its module loads: `build` writes it with a
 * placeholder for each of `names` (drizzle's `sql.placeholder`), so its text is made once instead of on
 * every call, and nothing in it can differ from one call to the next but the values. `rows` runs it
 * as a named prepared statement on the connection of `db`: PostgreSQL parses and plans it once per
 * connection instead of on every call. Parsing and planning the play's statements every time cost
 * PostgreSQL more than running them (docs/performance.md: the bench's floor, replaying the play's
 * statements, went from about 615 to about 1,000 plays/s with them named). PGlite runs it as any
 * statement. A value missing from `rows`' values throws, as drizzle's placeholders do.
 */
export function preparedStatement<const Name extends string>(
  names: readonly Name[],
  build: (values: { readonly [Key in Name]: Placeholder<Key> }) => SQL,
): PreparedStatement<Name> {
  const placeholders = Object.fromEntries(names.map((name) => [name, sql.placeholder(name)])) as {
    [Key in Name]: Placeholder<Key>;
  };
  const query = dialect.sqlToQuery(build(placeholders));
  const name = `hot_${createHash('sha256').update(query.sql).digest('base64url').slice(0, 24)}`;
  return {
    text: query.sql,
    async rows<Row>(db: Db, values: Readonly<Record<Name, unknown>>) {
      const result = (await db._.session.prepareQuery(query, undefined, name, false).execute(values)) as { rows: Row[] };
      return result.rows;
    },
  };
}
