import { openDatabase } from '../db/client.ts';

/** Migrates the shared PostgreSQL database once, before test files run side by side. */
export async function setup(): Promise<void> {
  if (!process.env.DATABASE_URL) return;
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, pgliteDir: 'memory://' });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}
