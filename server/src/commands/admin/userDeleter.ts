import { and, eq } from 'drizzle-orm';
import { adminMessages } from '@quizlead/shared/admin.ts';
import type { Db } from '../../db/client.ts';
import { otherOwners, type AccountDetail, type AccountMemberRow } from '../../db/queries/admin.ts';
import { memberships, users } from '../../db/schema/index.ts';
import { ValidationError } from '../../errors.ts';
import type { AuditActor } from '../auditRecorder.ts';
import { userChangeRecorder } from './userChangeRecorder.ts';

/**
 * Deletes a user, with the deletion in the audit log. Every account the user owns keeps an owner, not only
 * the one they signed up with: the last owner of any is a 400 on `id` (delete the account instead).
 * Returns the account the user belonged to, as it is now.
 */
export async function userDeleter(
  deps: { db: Db },
  input: { member: AccountMemberRow; actor: AuditActor },
): Promise<AccountDetail> {
  const { db } = deps;
  const userId = input.member.user.id;
  const owned = await db
    .select({ accountId: memberships.accountId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.role, 'owner')));
  for (const { accountId } of owned) {
    if ((await otherOwners(db, accountId, userId)) === 0) throw ValidationError(adminMessages.lastOwnerDelete, 'id');
  }
  await db.delete(users).where(eq(users.id, userId));
  return userChangeRecorder(db, { actor: input.actor, action: 'user.delete', before: input.member });
}
