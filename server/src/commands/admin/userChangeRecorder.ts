import type { TAuditAction } from '@quizlead/shared/admin.ts';
import type { Db } from '../../db/client.ts';
import { accountDetail, type AccountDetail, type AccountMemberRow } from '../../db/queries/admin.ts';
import { recordAudit, type AuditActor } from '../auditRecorder.ts';

/** What the audit log keeps of a user: never the password hash. */
const userSnapshot = ({ user, role, platformAdmin }: AccountMemberRow) => ({
  email: user.email,
  fullName: user.fullName,
  role,
  verifiedAt: user.verifiedAt,
  disabledAt: user.disabledAt,
  platformAdmin,
});

/**
 * Records an administrator's change to a user (`before` is the user as they were) and returns the user's
 * account as it is now: what every admin user command ends with.
 */
export async function userChangeRecorder(
  db: Db,
  change: { actor: AuditActor; action: TAuditAction; before: AccountMemberRow },
): Promise<AccountDetail> {
  const { user } = change.before;
  const detail = (await accountDetail(db, user.accountId))!;
  const after = detail.members.find((member) => member.user.id === user.id);
  await recordAudit(db, {
    ...change.actor,
    action: change.action,
    targetType: 'user',
    targetId: user.id,
    before: userSnapshot(change.before),
    after: after ? userSnapshot(after) : null,
  });
  return detail;
}
