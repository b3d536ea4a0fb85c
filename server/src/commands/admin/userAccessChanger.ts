import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AccountDetail, AccountMemberRow } from '../../db/queries/admin.ts';
import { sessions, users } from '../../db/schema/index.ts';
import type { AuditActor } from '../auditRecorder.ts';
import { userChangeRecorder } from './userChangeRecorder.ts';

/** What an administrator does to a user's sign-in. */
export type UserAccessChange = 'verify' | 'disable' | 'enable';

/**
 * Marks a user's email verified (the first time is kept), disables them (every session of theirs ends at
 * once; the first time is kept) or lets them sign in again, with the change in the audit log. `member` is
 * the user as they were, locked by the caller. Returns the user's account as it is now.
 */
export async function userAccessChanger(
  deps: { db: Db },
  input: { member: AccountMemberRow; change: UserAccessChange; actor: AuditActor },
): Promise<AccountDetail> {
  const { db } = deps;
  const { member, change } = input;
  const userId = member.user.id;
  if (change === 'verify' && !member.user.verifiedAt)
    await db.update(users).set({ verifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, userId));
  if (change === 'disable') {
    if (!member.user.disabledAt)
      await db.update(users).set({ disabledAt: new Date(), updatedAt: new Date() }).where(eq(users.id, userId));
    await db.delete(sessions).where(eq(sessions.userId, userId));
  }
  if (change === 'enable') await db.update(users).set({ disabledAt: null, updatedAt: new Date() }).where(eq(users.id, userId));
  return userChangeRecorder(db, { actor: input.actor, action: `user.${change}`, before: member });
}
