import type { Auth } from '../context.ts';
import type { Db } from '../db/client.ts';
import { files } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { eq } from 'drizzle-orm';
import { NotFoundError } from '../errors.ts';

/**
 * A file the caller's account owns; anyone else's id answers 404, exactly like a missing one.
 * `forUpdate` holds it against a save that is adding it to a quiz or wheel (ownUploadsChecker).
 */
export async function findOwnFile(db: Db, auth: Pick<Auth, 'accountId'>, id: string, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select({ id: files.id, contentType: files.contentType, byteSize: files.byteSize })
    .from(files)
    .where(scoped(files, auth.accountId, eq(files.id, id)))
    .limit(1);
  const [file] = options.forUpdate ? await query.for('update') : await query;
  if (!file) throw NotFoundError();
  return file;
}
