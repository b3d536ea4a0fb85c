import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';

/** Signs a session out: its row goes, so its cookie no longer opens anything (clearing the cookie is the caller's). */
export async function sessionEnder(deps: { db: Db }, input: { accountId: string; sessionId: string }): Promise<void> {
  await deps.db.delete(sessions).where(scoped(sessions, input.accountId, eq(sessions.id, input.sessionId)));
}
