import type { Auth } from '../context.ts';
import type { Db } from '../db/client.ts';
import { files } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { eq } from 'drizzle-orm';
import { NotFoundError } from '../errors.ts';

/** A file the caller's account owns; anyone else's id answers 404, exactly like a missing one. */
export async function findOwnFile(db: Db, auth: Pick<Auth, 'accountId'>, id: string) {
  const [file] = await db
    .select({ id: files.id, contentType: files.contentType, byteSize: files.byteSize })
    .from(files)
    .where(scoped(files, auth.accountId, eq(files.id, id)))
    .limit(1);
  if (!file) throw NotFoundError();
  return file;
}
