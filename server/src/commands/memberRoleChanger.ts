import { eq } from 'drizzle-orm';
import type { AccountRole } from '@quizlead/shared/permissions.ts';
import { teamMessages } from '@quizlead/shared/schemas/team.ts';
import type { Db } from '../db/client.ts';
import { lockTeamMember } from '../db/queries/team.ts';
import { memberships } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { ValidationError } from '../errors.ts';

/**
 * Gives a person of the account another role (404 when they are not in it). The account keeps at least
 * one owner: taking the last owner's role is a 400 on `role`.
 */
export async function memberRoleChanger(
  deps: { db: Db },
  input: { accountId: string; userId: string; role: AccountRole },
): Promise<void> {
  const { member, otherOwners } = await lockTeamMember(deps.db, input.accountId, input.userId);
  if (member.role === 'owner' && input.role !== 'owner' && otherOwners === 0) {
    throw ValidationError(teamMessages.lastOwner, 'role');
  }
  await deps.db
    .update(memberships)
    .set({ role: input.role })
    .where(scoped(memberships, input.accountId, eq(memberships.userId, input.userId)));
}
