import { eq, inArray } from 'drizzle-orm';
import { adminLimits, adminMessages } from '@quizlead/shared/admin.ts';
import {
  ZAdminAccountChangeResponse,
  ZAdminAccountListQuery,
  ZAdminAccountListResponse,
  ZAdminAccountResponse,
  ZAdminDeleteRequest,
  ZAdminIdParams,
  ZAdminMessageResponse,
  ZPlanGrantRequest,
} from '@quizlead/shared/schemas/admin.ts';
import { accountDeleter } from '../../../commands/accountDeleter.ts';
import { recordAudit } from '../../../commands/auditRecorder.ts';
import type { Db } from '../../../db/client.ts';
import { accountDetail, accountPage, openPeriods, type AccountDetail } from '../../../db/queries/admin.ts';
import { findPlan } from '../../../db/queries/billing.ts';
import { accountModeSyncer } from '../../../commands/accountModeSyncer.ts';
import { accounts, paidPeriods } from '../../../db/schema/index.ts';
import { AppError, NotFoundError, ValidationError } from '../../../errors.ts';
import { syncAccountModeTask } from '../../../jobs/tasks/SyncAccountModeTask.ts';
import { presentAdminAccountDetail, presentAdminAccountRow } from '../../../presenters/admin.ts';
import type { ApiRouter } from '../../apiRouter.ts';

/** The account, locked for the change the caller makes in its transaction; 404 when there is none. */
async function lockedAccount(db: Db, accountId: string): Promise<AccountDetail> {
  await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
  const detail = await accountDetail(db, accountId);
  if (!detail) throw NotFoundError();
  return detail;
}

/** What a plan change alters, as the audit log keeps it. */
const billingSnapshot = (detail: AccountDetail) => ({
  mode: detail.account.mode,
  currentPeriod: presentAdminAccountDetail(detail).currentPeriod,
});

/** What a deletion removes, as the audit log keeps it (the rows themselves are gone). */
const accountSnapshot = (detail: AccountDetail) => {
  const { account, users, counts } = presentAdminAccountDetail(detail);
  return { ...account, users: users.map((user) => ({ id: user.id, email: user.email, role: user.role })), counts };
};

/** Platform administrators: every account, with its members, its plan and deleting it. */
export function adminAccountRoutes(api: ApiRouter): void {
  api.route({
    method: 'get',
    path: '/admin/accounts',
    summary: `Administrators: accounts, newest first, ${adminLimits.pageSize} a page; q matches a company name, shop domain or any user's email`,
    tags: ['admin'],
    access: 'admin',
    query: ZAdminAccountListQuery,
    responses: { 200: ZAdminAccountListResponse, 400: 'Search too long or page not a number' },
    handler: async ({ ctx, db, query }) => {
      const page = await accountPage(db, query.q, query.page);
      ctx.body = { data: { ...page, items: page.items.map(presentAdminAccountRow) } };
    },
  });

  api.route({
    method: 'get',
    path: '/admin/accounts/:id',
    summary: 'Administrators: an account with its users, its paid period in force and how much it holds',
    tags: ['admin'],
    access: 'admin',
    params: ZAdminIdParams,
    responses: { 200: ZAdminAccountResponse, 404: 'No such account' },
    handler: async ({ ctx, db, params }) => {
      const detail = await accountDetail(db, params.id);
      if (!detail) throw NotFoundError();
      ctx.body = { data: presentAdminAccountDetail(detail) };
    },
  });

  api.route({
    method: 'post',
    path: '/admin/accounts/:id/plan-grants',
    summary:
      'Administrators: grants a standalone account a paid plan from now to endsAt, paid by nobody; the account is paid at once and free again when it ends',
    tags: ['admin'],
    access: 'admin',
    params: ZAdminIdParams,
    body: ZPlanGrantRequest,
    transaction: true,
    responses: {
      201: ZAdminAccountChangeResponse,
      400: 'Not a paid plan, or an end that has passed',
      404: 'No such account',
      409: 'A Shopify shop (Shopify bills it)',
    },
    handler: async ({ ctx, db, services, auth, params, body, changed }) => {
      const before = await lockedAccount(db, params.id);
      if (before.account.kind !== 'standalone') throw new AppError(409, 'conflict', adminMessages.grantStandaloneOnly);
      const plan = await findPlan(db, body.planId);
      if (!plan || plan.free) throw ValidationError(adminMessages.grantPaidPlan, 'planId');
      const now = new Date();
      const [grant] = await db
        .insert(paidPeriods)
        .values({
          accountId: params.id,
          planId: plan.id,
          period: 'monthly',
          startsAt: now,
          endsAt: body.endsAt,
          grantedBy: auth.userId,
        })
        .returning();
      await accountModeSyncer({ db, changed }, { accountId: params.id, at: now });
      // The account goes back to free when the grant ends (unless another period covers it then).
      await services.queue.enqueue(db, syncAccountModeTask, { accountId: params.id }, { startAfter: body.endsAt });
      const after = (await accountDetail(db, params.id))!;
      await recordAudit(db, {
        auth,
        ctx,
        action: 'account.plan_grant',
        targetType: 'account',
        targetId: params.id,
        before: billingSnapshot(before),
        after: {
          ...billingSnapshot(after),
          grant: { periodId: grant!.id, planId: plan.id, planName: plan.name, startsAt: now, endsAt: body.endsAt },
        },
      });
      ctx.status = 201;
      ctx.body = { data: { account: presentAdminAccountDetail(after), message: adminMessages.planGranted } };
    },
  });

  api.route({
    method: 'post',
    path: '/admin/accounts/:id/plan-grants/end',
    summary:
      'Administrators: ends the account’s paid plan now (every period in force or bought for later, granted or paid): the account is on the free plan',
    tags: ['admin'],
    access: 'admin',
    params: ZAdminIdParams,
    transaction: true,
    responses: { 200: ZAdminAccountChangeResponse, 404: 'No such account', 409: 'No paid period to end' },
    handler: async ({ ctx, db, auth, params, changed }) => {
      const before = await lockedAccount(db, params.id);
      const now = new Date();
      const open = await openPeriods(db, params.id, now);
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
      await accountModeSyncer({ db, changed }, { accountId: params.id, at: now });
      const after = (await accountDetail(db, params.id))!;
      const periods = open.map(({ period, planName }) => ({
        id: period.id,
        planName,
        startsAt: period.startsAt,
        endsAt: period.endsAt,
        granted: period.grantedBy !== null,
      }));
      await recordAudit(db, {
        auth,
        ctx,
        action: 'account.plan_end',
        targetType: 'account',
        targetId: params.id,
        before: { ...billingSnapshot(before), openPeriods: periods },
        after: { ...billingSnapshot(after), openPeriods: [], endedAt: now },
      });
      ctx.body = { data: { account: presentAdminAccountDetail(after), message: adminMessages.planEnded } };
    },
  });

  api.route({
    method: 'delete',
    path: '/admin/accounts/:id',
    summary: 'Administrators: deletes an account and everything in it; `confirm` must be its company name or its id, exactly',
    tags: ['admin'],
    access: 'admin',
    params: ZAdminIdParams,
    body: ZAdminDeleteRequest,
    transaction: true,
    responses: {
      200: ZAdminMessageResponse,
      400: 'The confirmation does not match, or it is the administrator’s own account',
      404: 'No such account',
    },
    handler: async ({ ctx, db, services, auth, params, body, changed }) => {
      if (params.id === auth.accountId) throw ValidationError(adminMessages.ownAccount, 'id');
      const before = await lockedAccount(db, params.id);
      const { account } = before;
      if (body.confirm !== account.id && (account.companyName === '' || body.confirm !== account.companyName))
        throw ValidationError(adminMessages.confirmAccount, 'confirm');
      await recordAudit(db, {
        auth,
        ctx,
        action: 'account.delete',
        targetType: 'account',
        targetId: account.id,
        before: accountSnapshot(before),
        after: null,
      });
      await accountDeleter({ db, storage: services.storage, accountId: account.id });
      changed({ accountId: account.id });
      ctx.body = { data: { message: adminMessages.accountDeleted } };
    },
  });
}
