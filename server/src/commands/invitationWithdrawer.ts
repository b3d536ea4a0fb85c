import { eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { memberInvitations } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';

/** Withdraws an open invitation of the account (its link stops working); false when there is no such open one. */
export async function invitationWithdrawer(
  deps: { db: Db },
  input: { accountId: string; invitationId: string },
): Promise<boolean> {
  const removed = await deps.db
    .delete(memberInvitations)
    .where(
      scoped(
        memberInvitations,
        input.accountId,
        eq(memberInvitations.id, input.invitationId),
        isNull(memberInvitations.acceptedAt),
      ),
    )
    .returning({ id: memberInvitations.id });
  return removed.length > 0;
}
