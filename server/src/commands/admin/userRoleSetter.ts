import { and, eq } from 'drizzle-orm';
import { adminMessages } from '@quizlead/shared/admin.ts';
import type { AccountRole } from '@quizlead/shared/permissions.ts';
import type { Db } from '../../db/client.ts';
import { otherOwners, type AccountDetail, type AccountMemberRow } from '../../db/queries/admin.ts';
import { memberships } from '../../db/schema/index.ts';
import { ValidationError } from '../../errors.ts';
import type { AuditActor } from '../auditRecorder.ts';
import { userChangeRecorder } from './userChangeRecorder.ts';

/**
 * Sets a user's role in their account, with the change in the audit log. An account keeps at least one
 * owner: taking the last owner's role is a 400 on `role`. Returns the account as it is now.
 */
export async function userRoleSetter(
  deps: { db: Db },
  input: { member: AccountMemberRow; role: AccountRole; actor: AuditActor },
): Promise<AccountDetail> {
  const { db } = deps;
  const { member, role } = input;
  const { id: userId, accountId } = member.user;
  if (member.role === 'owner' && role !== 'owner' && (await otherOwners(db, accountId, userId)) === 0)
    throw ValidationError(adminMessages.lastOwnerRole, 'role');
  await db
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
  return userChangeRecorder(db, { actor: input.actor, action: 'user.role', before: member });
}
