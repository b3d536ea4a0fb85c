/**
 * A bench's own database on the PostgreSQL server it is given, made anew for each run, so figures do not
 * depend on what earlier runs left in the tables.
 */
import pg from 'pg';

/** Drops and creates `name` on the server of `serverUrl`; answers its connection string. */
export async function freshDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
