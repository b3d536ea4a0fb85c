import { eq } from 'drizzle-orm';
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
import { adminAccountDeleter } from '../../../commands/admin/adminAccountDeleter.ts';
import { planEnder } from '../../../commands/admin/planEnder.ts';
import { planGranter } from '../../../commands/admin/planGranter.ts';
import type { Db } from '../../../db/client.ts';
import { accountDetail, accountPage, type AccountDetail } from '../../../db/queries/admin.ts';
import { accounts } from '../../../db/schema/index.ts';
import { NotFoundError, ValidationError } from '../../../errors.ts';
import { presentAdminAccountDetail, presentAdminAccountRow } from '../../../presenters/admin.ts';
import type { ApiRouter } from '../../apiRouter.ts';

/** The account, locked for the change the caller makes in its transaction; 404 when there is none. */
async function lockedAccount(db: Db, accountId: string): Promise<AccountDetail> {
  await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
  const detail = await accountDetail(db, accountId);
  if (!detail) throw NotFoundError();
  return detail;
}

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
      const after = await planGranter(
        { db, queue: services.queue, changed },
        { before, planId: body.planId, endsAt: body.endsAt, actor: { auth, ctx } },
      );
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
      const after = await planEnder({ db, changed }, { before, actor: { auth, ctx } });
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
      await adminAccountDeleter({ db, storage: services.storage, changed }, { before, actor: { auth, ctx } });
      ctx.body = { data: { message: adminMessages.accountDeleted } };
    },
  });
}
