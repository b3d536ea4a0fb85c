/**
 * npm run demo: creates (or resets) the demo account and prints how to sign in.
 * With PGlite only one process may open the data directory, so when the server is
 * running this asks it to do the reset; otherwise it opens the database itself.
 */
import { join } from 'node:path';
import { demoAccountResetter } from '../server/src/demo/demoAccountResetter.ts';
import { openDatabase } from '../server/src/db/client.ts';
import { parseEnv } from '../server/src/env.ts';
import { acquireDataDirLock, readLiveLock } from '../server/src/lib/dataDirLock.ts';

const env = parseEnv(process.env);

async function resetThroughServer(url: string, localKey: string) {
  const response = await fetch(`${url}/dev/demo`, { method: 'POST', headers: { 'x-local-key': localKey } });
  if (!response.ok) throw new Error(`the running server at ${url} answered ${response.status}`);
  return ((await response.json()) as { data: { email: string; password: string } }).data;
}

async function resetDirectly() {
  const lock = env.DATABASE_URL ? undefined : acquireDataDirLock(env.DATA_DIR);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: join(env.DATA_DIR, 'pglite'),
    pgliteSettings: env.PGLITE_SETTINGS,
  });
  try {
    await database.migrate();
    return await demoAccountResetter(database.db);
  } finally {
    await database.close();
    lock?.release();
  }
}

const live = env.DATABASE_URL ? undefined : readLiveLock(env.DATA_DIR);
const credentials = live?.url ? await resetThroughServer(live.url, live.localKey) : await resetDirectly();
console.log(`Demo account ready. Sign in at ${live?.url ?? env.APP_URL ?? `http://localhost:${env.PORT}`}/index.html with
  email:    ${credentials.email}
  password: ${credentials.password}`);
