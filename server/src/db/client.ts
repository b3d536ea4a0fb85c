import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { fromPglite, type Db as QueueDb } from 'pg-boss';
import { pgliteStartArguments, type PgliteSettings } from './pgliteSettings.ts';

/**
 * A database handle or an open transaction: both run the same queries. Without drizzle's relational API
 * (`db.query.…`, which no code uses): each transaction would build a query builder per table, 1.4% of the
 * play path's CPU.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  driver: 'pg' | 'pglite';
  /** The PostgreSQL server's pool, for what needs a connection of its own (COPY); none on PGlite. */
  pool: pg.Pool | undefined;
  /** What pg-boss talks to: a connection string for pg, an adapter for PGlite. */
  queueConnection: { connectionString: string } | { db: QueueDb; backend: 'pglite' };
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens PostgreSQL: the server at `databaseUrl` when given, else PGlite stored in
 * `pgliteDir` (or in memory when that is 'memory://'), with the memory settings of pgliteSettings.ts
 * (`pgliteSettings` over their defaults).
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  pgliteDir: string;
  pgliteSettings?: PgliteSettings | undefined;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzlePg({ client: pool });
    return {
      db,
      driver: 'pg',
      pool,
      queueConnection: { connectionString: options.databaseUrl },
      migrate: () => migratePg(db, { migrationsFolder }),
      ping: async () => void (await db.execute(sql`select 1`)),
      close: () => pool.end(),
    };
  }
  if (!options.pgliteDir.startsWith('memory://')) mkdirSync(options.pgliteDir, { recursive: true });
  // PGlite's own start-up arguments, then the memory settings (a later -c wins over postgresql.conf).
  const client = await PGlite.create(options.pgliteDir, {
    startParams: [...PGlite.defaultStartParams, ...pgliteStartArguments(options.pgliteSettings)],
  });
  const db = drizzlePglite({ client });
  return {
    db,
    driver: 'pglite',
    pool: undefined,
    queueConnection: { db: fromPglite(client), backend: 'pglite' },
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.close(),
  };
}
