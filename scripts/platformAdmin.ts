/**
 * npm run platform-admin -- <grant|revoke> <email>: makes a user a platform administrator (the admin
 * area at /app/Admin) or stops them being one. The first administrator is made here; later ones can
 * be made from the admin area, where it is audited. With PGlite the server holds the database: stop it first.
 */
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client.ts';
import { platformAdmins, users } from '../server/src/db/schema/index.ts';
import { parseEnv } from '../server/src/env.ts';
import { dataDirLockOrExit } from '../server/src/lib/dataDirLock.ts';

const [verb, email] = process.argv.slice(2);
if ((verb !== 'grant' && verb !== 'revoke') || !email) {
  console.error('usage: npm run platform-admin -- <grant|revoke> <email>');
  process.exit(2);
}

const env = parseEnv(process.env);
const lock = dataDirLockOrExit(env);
const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  pgliteDir: join(env.DATA_DIR, 'pglite'),
  pgliteSettings: env.PGLITE_SETTINGS,
});
try {
  await database.migrate();
  const [user] = await database.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  if (!user) {
    console.error(`No user with the email ${email}.`);
    process.exitCode = 1;
  } else if (verb === 'grant') {
    await database.db.insert(platformAdmins).values({ userId: user.id }).onConflictDoNothing();
    console.log(`${user.email} is a platform administrator.`);
  } else {
    await database.db.delete(platformAdmins).where(eq(platformAdmins.userId, user.id));
    console.log(`${user.email} is no longer a platform administrator.`);
  }
} finally {
  await database.close();
  lock?.release();
}
