import { eq } from 'drizzle-orm';
import type { Auth } from '../context.ts';
import type { Db } from '../db/client.ts';
import { wheels } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { NotFoundError } from '../errors.ts';

export type WheelRow = typeof wheels.$inferSelect;

/** A wheel of the caller's account; anyone else's id answers 404 exactly like a missing one. */
export async function findOwnWheel(db: Db, auth: Pick<Auth, 'accountId'>, id: string, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select()
    .from(wheels)
    .where(scoped(wheels, auth.accountId, eq(wheels.id, id)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw NotFoundError();
  return row;
}
