import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AccountDetail, AccountMemberRow } from '../../db/queries/admin.ts';
import { platformAdmins } from '../../db/schema/index.ts';
import type { AuditActor } from '../auditRecorder.ts';
import { userChangeRecorder } from './userChangeRecorder.ts';

/**
 * Makes a user a platform administrator (granted by the actor) or no longer one, with the change in the
 * audit log. Returns the user's account as it is now.
 */
export async function platformAdminSetter(
  deps: { db: Db },
  input: { member: AccountMemberRow; platformAdmin: boolean; actor: AuditActor },
): Promise<AccountDetail> {
  const { db } = deps;
  const { member, actor } = input;
  const userId = member.user.id;
  if (input.platformAdmin) await db.insert(platformAdmins).values({ userId, grantedBy: actor.auth.userId }).onConflictDoNothing();
  else await db.delete(platformAdmins).where(eq(platformAdmins.userId, userId));
  return userChangeRecorder(db, {
    actor,
    action: input.platformAdmin ? 'user.platform_admin_grant' : 'user.platform_admin_revoke',
    before: member,
  });
}
