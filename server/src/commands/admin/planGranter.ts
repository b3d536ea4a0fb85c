import { adminMessages } from '@quizlead/shared/admin.ts';
import type { Db } from '../../db/client.ts';
import { accountDetail, type AccountDetail } from '../../db/queries/admin.ts';
import { findPlan } from '../../db/queries/billing.ts';
import { paidPeriods } from '../../db/schema/index.ts';
import { AppError, ValidationError } from '../../errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { syncAccountModeTask } from '../../jobs/tasks/SyncAccountModeTask.ts';
import { accountModeSyncer } from '../accountModeSyncer.ts';
import { recordAudit, type AuditActor } from '../auditRecorder.ts';
import type { CommitHooks } from '../commitHooks.ts';
import { billingSnapshot } from './accountSnapshots.ts';

/**
 * Grants a standalone account a paid plan from now to `endsAt`, paid by nobody (granted by the actor), with
 * the grant in the audit log: the account is paid at once, and a job puts it back to free when the grant
 * ends. A Shopify shop is a 409 (Shopify bills it), a plan that is not paid a 400 on `planId`. `before` is
 * the account as it was, locked by the caller. Returns the account as it is now.
 */
export async function planGranter(
  deps: { db: Db; queue: Pick<JobQueue, 'enqueue'> } & Pick<CommitHooks, 'changed'>,
  input: { before: AccountDetail; planId: number; endsAt: Date; actor: AuditActor },
): Promise<AccountDetail> {
  const { db, queue, changed } = deps;
  const { before, endsAt, actor } = input;
  const accountId = before.account.id;
  if (before.account.kind !== 'standalone') throw new AppError(409, 'conflict', adminMessages.grantStandaloneOnly);
  const plan = await findPlan(db, input.planId);
  if (!plan || plan.free) throw ValidationError(adminMessages.grantPaidPlan, 'planId');
  const now = new Date();
  const [grant] = await db
    .insert(paidPeriods)
    .values({ accountId, planId: plan.id, period: 'monthly', startsAt: now, endsAt, grantedBy: actor.auth.userId })
    .returning();
  await accountModeSyncer({ db, changed }, { accountId, at: now });
  // The account goes back to free when the grant ends (unless another period covers it then).
  await queue.enqueue(db, syncAccountModeTask, { accountId }, { startAfter: endsAt });
  const after = (await accountDetail(db, accountId))!;
  await recordAudit(db, {
    ...actor,
    action: 'account.plan_grant',
    targetType: 'account',
    targetId: accountId,
    before: billingSnapshot(before),
    after: {
      ...billingSnapshot(after),
      grant: { periodId: grant!.id, planId: plan.id, planName: plan.name, startsAt: now, endsAt },
    },
  });
  return after;
}
