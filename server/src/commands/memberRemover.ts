import { eq } from 'drizzle-orm';
import { teamMessages } from '@quizlead/shared/schemas/team.ts';
import type { Db } from '../db/client.ts';
import { lockTeamMember } from '../db/queries/team.ts';
import { memberships, users } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { ValidationError } from '../errors.ts';

/**
 * Removes a person from the account (404 when they are not in it) and deletes their user with its
 * sessions: a user belongs to the account that made them, and without its membership they have nowhere
 * to sign in. Removing oneself or the last owner is a 400 on `userId`.
 */
export async function memberRemover(
  deps: { db: Db },
  input: { accountId: string; userId: string; byUserId: string },
): Promise<void> {
  if (input.userId === input.byUserId) throw ValidationError(teamMessages.notYourself, 'userId');
  const { member, otherOwners } = await lockTeamMember(deps.db, input.accountId, input.userId);
  if (member.role === 'owner' && otherOwners === 0) throw ValidationError(teamMessages.lastOwner, 'userId');
  await deps.db.delete(memberships).where(scoped(memberships, input.accountId, eq(memberships.userId, input.userId)));
  await deps.db.delete(users).where(scoped(users, input.accountId, eq(users.id, input.userId)));
}
