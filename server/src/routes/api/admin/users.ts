import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { adminMessages } from '@quizlead/shared/admin.ts';
import {
  ZAdminDeleteRequest,
  ZAdminIdParams,
  ZAdminPlatformAdminRequest,
  ZAdminRoleRequest,
  ZAdminUserChangeResponse,
} from '@quizlead/shared/schemas/admin.ts';
import { platformAdminSetter } from '../../../commands/admin/platformAdminSetter.ts';
import { userAccessChanger } from '../../../commands/admin/userAccessChanger.ts';
import { userDeleter } from '../../../commands/admin/userDeleter.ts';
import { userRoleSetter } from '../../../commands/admin/userRoleSetter.ts';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { accountMembers, type AccountDetail, type AccountMemberRow } from '../../../db/queries/admin.ts';
import { users } from '../../../db/schema/index.ts';
import { NotFoundError, ValidationError } from '../../../errors.ts';
import { presentAdminAccountDetail } from '../../../presenters/admin.ts';
import type { AdminRouteSpec, ApiRouter } from '../../apiRouter.ts';

/** The user (locked for the caller's change) as a member of the account they belong to; 404 when there is none. */
async function lockedMember(db: Db, userId: string): Promise<AccountMemberRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw NotFoundError();
  const member = (await accountMembers(db, user.accountId)).find((row) => row.user.id === userId);
  if (!member) throw NotFoundError();
  return member;
}

/** The answer to every change: the user's account as it is now, and what was done. */
const changedAnswer = (ctx: AppContext, detail: AccountDetail, message: string) => {
  ctx.body = { data: { account: presentAdminAccountDetail(detail), message } };
};

type UserChangeSpec<TBody> = Omit<
  AdminRouteSpec<TBody, z.infer<typeof ZAdminIdParams>, Record<string, never>>,
  'tags' | 'access' | 'params' | 'transaction'
>;

/** Declares a change an administrator makes to one user (`:id`), in a transaction. */
const userChangeRoute = <TBody = undefined>(api: ApiRouter, spec: UserChangeSpec<TBody>) =>
  api.route<TBody, z.infer<typeof ZAdminIdParams>>({
    tags: ['admin'],
    access: 'admin',
    params: ZAdminIdParams,
    transaction: true,
    ...spec,
  });

/** Verify, disable and enable: the same request, each with its own refusals. */
const accessRoutes = [
  {
    change: 'verify',
    summary: 'Administrators: marks a user’s email verified',
    responses: { 200: ZAdminUserChangeResponse, 404: 'No such user' },
    self: undefined,
    message: adminMessages.userVerified,
  },
  {
    change: 'disable',
    summary: 'Administrators: disables a user: they cannot sign in, and every session of theirs ends at once',
    responses: { 200: ZAdminUserChangeResponse, 400: 'The administrator themselves', 404: 'No such user' },
    self: adminMessages.selfDisable,
    message: adminMessages.userDisabled,
  },
  {
    change: 'enable',
    summary: 'Administrators: lets a disabled user sign in again',
    responses: { 200: ZAdminUserChangeResponse, 404: 'No such user' },
    self: undefined,
    message: adminMessages.userEnabled,
  },
] as const;

/** Platform administrators: verify, disable, enable, change the role of, promote and delete any user. */
export function adminUserRoutes(api: ApiRouter): void {
  for (const { change, summary, responses, self, message } of accessRoutes) {
    userChangeRoute(api, {
      method: 'post',
      path: `/admin/users/:id/${change}`,
      summary,
      responses,
      handler: async ({ ctx, db, auth, params }) => {
        if (self && params.id === auth.userId) throw ValidationError(self, 'id');
        const member = await lockedMember(db, params.id);
        const detail = await userAccessChanger({ db }, { member, change, actor: { auth, ctx } });
        changedAnswer(ctx, detail, message);
      },
    });
  }

  userChangeRoute(api, {
    method: 'put',
    path: '/admin/users/:id/role',
    summary: 'Administrators: a user’s role in their account (owner or member); an account keeps at least one owner',
    body: ZAdminRoleRequest,
    responses: { 200: ZAdminUserChangeResponse, 400: 'Not a role, or the account’s last owner', 404: 'No such user' },
    handler: async ({ ctx, db, auth, params, body }) => {
      const member = await lockedMember(db, params.id);
      const detail = await userRoleSetter({ db }, { member, role: body.role, actor: { auth, ctx } });
      changedAnswer(ctx, detail, adminMessages.roleChanged);
    },
  });

  userChangeRoute(api, {
    method: 'put',
    path: '/admin/users/:id/platform-admin',
    summary: 'Administrators: makes a user a platform administrator, or no longer one (never oneself)',
    body: ZAdminPlatformAdminRequest,
    responses: { 200: ZAdminUserChangeResponse, 400: 'Revoking oneself', 404: 'No such user' },
    handler: async ({ ctx, db, auth, params, body }) => {
      if (!body.platformAdmin && params.id === auth.userId) throw ValidationError(adminMessages.selfRevoke, 'platformAdmin');
      const member = await lockedMember(db, params.id);
      const detail = await platformAdminSetter({ db }, { member, platformAdmin: body.platformAdmin, actor: { auth, ctx } });
      changedAnswer(ctx, detail, body.platformAdmin ? adminMessages.adminGranted : adminMessages.adminRevoked);
    },
  });

  userChangeRoute(api, {
    method: 'delete',
    path: '/admin/users/:id',
    summary:
      'Administrators: deletes a user; `confirm` must be their email, exactly. The last owner of an account is refused: delete the account instead',
    body: ZAdminDeleteRequest,
    responses: {
      200: ZAdminUserChangeResponse,
      400: 'The confirmation does not match, the administrator themselves, or an account’s last owner',
      404: 'No such user',
    },
    handler: async ({ ctx, db, auth, params, body }) => {
      if (params.id === auth.userId) throw ValidationError(adminMessages.selfDelete, 'id');
      const member = await lockedMember(db, params.id);
      if (body.confirm !== member.user.email) throw ValidationError(adminMessages.confirmUser, 'confirm');
      const detail = await userDeleter({ db }, { member, actor: { auth, ctx } });
      changedAnswer(ctx, detail, adminMessages.userDeleted);
    },
  });
}
