import { inArray } from 'drizzle-orm';
import { adminMessages } from '@quizlead/shared/admin.ts';
import type { Db } from '../../db/client.ts';
import { accountDetail, openPeriods, type AccountDetail } from '../../db/queries/admin.ts';
import { paidPeriods } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { accountModeSyncer } from '../accountModeSyncer.ts';
import { recordAudit, type AuditActor } from '../auditRecorder.ts';
import type { CommitHooks } from '../commitHooks.ts';
import { billingSnapshot } from './accountSnapshots.ts';

/**
 * Ends the account's paid plan now: every period in force or bought for later, granted or paid, with the
 * periods ended in the audit log; the account is on the free plan. None to end is a 409. `before` is the
 * account as it was, locked by the caller. Returns the account as it is now.
 */
export async function planEnder(
  deps: { db: Db } & Pick<CommitHooks, 'changed'>,
  input: { before: AccountDetail; actor: AuditActor },
): Promise<AccountDetail> {
  const { db, changed } = deps;
  const { before } = input;
  const accountId = before.account.id;
  const now = new Date();
  const open = await openPeriods(db, accountId, now);
  if (open.length === 0) throw new AppError(409, 'conflict', adminMessages.noPeriodToEnd);
  await db
    .update(paidPeriods)
    .set({ endedAt: now })
    .where(
      inArray(
        paidPeriods.id,
        open.map((row) => row.period.id),
      ),
    );
  await accountModeSyncer({ db, changed }, { accountId, at: now });
  const after = (await accountDetail(db, accountId))!;
  const periods = open.map(({ period, planName }) => ({
    id: period.id,
    planName,
    startsAt: period.startsAt,
    endsAt: period.endsAt,
    granted: period.grantedBy !== null,
  }));
  await recordAudit(db, {
    ...input.actor,
    action: 'account.plan_end',
    targetType: 'account',
    targetId: accountId,
    before: { ...billingSnapshot(before), openPeriods: periods },
    after: { ...billingSnapshot(after), openPeriods: [], endedAt: now },
  });
  return after;
}
