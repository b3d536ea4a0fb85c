import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { memberInvitations, memberships } from '../schema/index.ts';
import { scoped } from '../scope.ts';
import { NotFoundError } from '../../errors.ts';
import { hmac } from '../../lib/crypto.ts';

/** How an invitation's mailed token is stored: keyed, so a leaked table names no working link. */
export const invitationHash = (secret: string, token: string) => hmac(secret, `member_invitation:${token}`);

/** The invitation a mailed token names while it is still open (not accepted, not expired), by its token alone. */
export const openInvitationWithToken = (secret: string, token: string) =>
  and(
    eq(memberInvitations.tokenHash, invitationHash(secret, token)),
    isNull(memberInvitations.acceptedAt),
    gt(memberInvitations.expiresAt, new Date()),
  );

/**
 * A membership of the account (404 when there is none), locked with the account's others so the last
 * owner cannot be lost to a race; `otherOwners` counts the owners besides this person.
 */
export async function lockTeamMember(db: Db, accountId: string, userId: string) {
  const rows = await db.select().from(memberships).where(scoped(memberships, accountId)).for('update');
  const member = rows.find((row) => row.userId === userId);
  if (!member) throw NotFoundError();
  const otherOwners = rows.filter((row) => row.role === 'owner' && row.userId !== userId).length;
  return { member, otherOwners };
}
