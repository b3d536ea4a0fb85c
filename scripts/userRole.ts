/**
 * npm run user:role -- <email> <owner|admin>: gives a user a role. Admins curate the template catalogue.
 * With PGlite the server holds the database: stop it first.
 */
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client.ts';
import { users } from '../server/src/db/schema/index.ts';
import { parseEnv } from '../server/src/env.ts';
import { acquireDataDirLock } from '../server/src/lib/dataDirLock.ts';

const [email, role] = process.argv.slice(2);
if (!email || (role !== 'owner' && role !== 'admin')) {
  console.error('usage: npm run user:role -- <email> <owner|admin>');
  process.exit(2);
}

const env = parseEnv(process.env);
let lock;
try {
  lock = env.DATABASE_URL ? undefined : acquireDataDirLock(env.DATA_DIR);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: join(env.DATA_DIR, 'pglite') });
try {
  await database.migrate();
  const updated = await database.db
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .returning({ email: users.email });
  if (updated.length === 0) {
    console.error(`No user with the email ${email}.`);
    process.exitCode = 1;
  } else {
    console.log(`${updated[0]!.email} is now ${role === 'admin' ? 'an admin' : 'an owner'}.`);
  }
} finally {
  await database.close();
  lock?.release();
}
