import { eq } from 'drizzle-orm';
import type { Auth } from '../context.ts';
import type { Db } from '../db/client.ts';
import { polls } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { NotFoundError } from '../errors.ts';

export type PollRow = typeof polls.$inferSelect;

/** A poll of the caller's account; anyone else's id answers 404 exactly like a missing one. */
export async function findOwnPoll(db: Db, auth: Pick<Auth, 'accountId'>, id: string, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select()
    .from(polls)
    .where(scoped(polls, auth.accountId, eq(polls.id, id)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw NotFoundError();
  return row;
}
