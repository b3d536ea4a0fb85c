import { and, eq } from 'drizzle-orm';
import { adminMessages, type TAuditAction } from '@quizlead/shared/admin.ts';
import {
  ZAdminDeleteRequest,
  ZAdminIdParams,
  ZAdminPlatformAdminRequest,
  ZAdminRoleRequest,
  ZAdminUserChangeResponse,
} from '@quizlead/shared/schemas/admin.ts';
import type { AppContext, Auth } from '../../../context.ts';
import { recordAudit } from '../../../commands/auditRecorder.ts';
import type { Db } from '../../../db/client.ts';
import { accountDetail, accountMembers, otherOwners, type AccountMemberRow } from '../../../db/queries/admin.ts';
import { memberships, platformAdmins, sessions, users } from '../../../db/schema/index.ts';
import { NotFoundError, ValidationError } from '../../../errors.ts';
import { presentAdminAccountDetail } from '../../../presenters/admin.ts';
import type { ApiRouter } from '../../apiRouter.ts';

/** The user (locked for the caller's change) as a member of the account they belong to; 404 when there is none. */
async function lockedMember(db: Db, userId: string): Promise<AccountMemberRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw NotFoundError();
  const member = (await accountMembers(db, user.accountId)).find((row) => row.user.id === userId);
  if (!member) throw NotFoundError();
  return member;
}

/** What the audit log keeps of a user: never the password hash. */
const userSnapshot = ({ user, role, platformAdmin }: AccountMemberRow) => ({
  email: user.email,
  fullName: user.fullName,
  role,
  verifiedAt: user.verifiedAt,
  disabledAt: user.disabledAt,
  platformAdmin,
});

/** Answers with the user's account as it is now, and records the change. */
async function changed(
  input: { db: Db; ctx: AppContext; auth: Auth },
  change: { action: TAuditAction; before: AccountMemberRow; message: string },
) {
  const { db, ctx, auth } = input;
  const { user } = change.before;
  const detail = (await accountDetail(db, user.accountId))!;
  const after = detail.members.find((member) => member.user.id === user.id);
  await recordAudit(db, {
    auth,
    ctx,
    action: change.action,
    targetType: 'user',
    targetId: user.id,
    before: userSnapshot(change.before),
    after: after ? userSnapshot(after) : null,
  });
  ctx.body = { data: { account: presentAdminAccountDetail(detail), message: change.message } };
}

/** Platform administrators: verify, disable, enable, change the role of, promote and delete any user. */
export function adminUserRoutes(api: ApiRouter): void {
  api.route({
    tags: ['admin'],
    access: 'admin',
    params: ZAdminIdParams,
    transaction: true,
    method: 'post',
    path: '/admin/users/:id/verify',
    summary: 'Administrators: marks a user’s email verified',
    responses: { 200: ZAdminUserChangeResponse, 404: 'No such user' },
    handler: async ({ ctx, db, auth, params }) => {
      const before = await lockedMember(db, params.id);
      if (!before.user.verifiedAt)
        await db.update(users).set({ verifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, params.id));
      await changed({ db, ctx, auth }, { action: 'user.verify', before, message: adminMessages.userVerified });
    },
  });

  api.route({
    tags: ['admin'],
    access: 'admin',
    params: ZAdminIdParams,
    transaction: true,
    method: 'post',
    path: '/admin/users/:id/disable',
    summary: 'Administrators: disables a user: they cannot sign in, and every session of theirs ends at once',
    responses: { 200: ZAdminUserChangeResponse, 400: 'The administrator themselves', 404: 'No such user' },
    handler: async ({ ctx, db, auth, params }) => {
      if (params.id === auth.userId) throw ValidationError(adminMessages.selfDisable, 'id');
      const before = await lockedMember(db, params.id);
      if (!before.user.disabledAt)
        await db.update(users).set({ disabledAt: new Date(), updatedAt: new Date() }).where(eq(users.id, params.id));
      await db.delete(sessions).where(eq(sessions.userId, params.id));
      await changed({ db, ctx, auth }, { action: 'user.disable', before, message: adminMessages.userDisabled });
    },
  });

  api.route({
    tags: ['admin'],
    access: 'admin',
    params: ZAdminIdParams,
    transaction: true,
    method: 'post',
    path: '/admin/users/:id/enable',
    summary: 'Administrators: lets a disabled user sign in again',
    responses: { 200: ZAdminUserChangeResponse, 404: 'No such user' },
    handler: async ({ ctx, db, auth, params }) => {
      const before = await lockedMember(db, params.id);
      await db.update(users).set({ disabledAt: null, updatedAt: new Date() }).where(eq(users.id, params.id));
      await changed({ db, ctx, auth }, { action: 'user.enable', before, message: adminMessages.userEnabled });
    },
  });

  api.route({
    tags: ['admin'],
    access: 'admin',
    params: ZAdminIdParams,
    transaction: true,
    method: 'put',
    path: '/admin/users/:id/role',
    summary: 'Administrators: a user’s role in their account (owner or member); an account keeps at least one owner',
    body: ZAdminRoleRequest,
    responses: { 200: ZAdminUserChangeResponse, 400: 'Not a role, or the account’s last owner', 404: 'No such user' },
    handler: async ({ ctx, db, auth, params, body }) => {
      const before = await lockedMember(db, params.id);
      const { accountId } = before.user;
      if (before.role === 'owner' && body.role !== 'owner' && (await otherOwners(db, accountId, params.id)) === 0)
        throw ValidationError(adminMessages.lastOwnerRole, 'role');
      await db
        .update(memberships)
        .set({ role: body.role })
        .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, params.id)));
      await changed({ db, ctx, auth }, { action: 'user.role', before, message: adminMessages.roleChanged });
    },
  });

  api.route({
    tags: ['admin'],
    access: 'admin',
    params: ZAdminIdParams,
    transaction: true,
    method: 'put',
    path: '/admin/users/:id/platform-admin',
    summary: 'Administrators: makes a user a platform administrator, or no longer one (never oneself)',
    body: ZAdminPlatformAdminRequest,
    responses: { 200: ZAdminUserChangeResponse, 400: 'Revoking oneself', 404: 'No such user' },
    handler: async ({ ctx, db, auth, params, body }) => {
      if (!body.platformAdmin && params.id === auth.userId) throw ValidationError(adminMessages.selfRevoke, 'platformAdmin');
      const before = await lockedMember(db, params.id);
      if (body.platformAdmin)
        await db.insert(platformAdmins).values({ userId: params.id, grantedBy: auth.userId }).onConflictDoNothing();
      else await db.delete(platformAdmins).where(eq(platformAdmins.userId, params.id));
      await changed(
        { db, ctx, auth },
        body.platformAdmin
          ? { action: 'user.platform_admin_grant', before, message: adminMessages.adminGranted }
          : { action: 'user.platform_admin_revoke', before, message: adminMessages.adminRevoked },
      );
    },
  });

  api.route({
    tags: ['admin'],
    access: 'admin',
    params: ZAdminIdParams,
    transaction: true,
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
      const before = await lockedMember(db, params.id);
      if (body.confirm !== before.user.email) throw ValidationError(adminMessages.confirmUser, 'confirm');
      // Every account the user owns keeps an owner, not only the one they signed up with.
      const owned = await db
        .select({ accountId: memberships.accountId })
        .from(memberships)
        .where(and(eq(memberships.userId, params.id), eq(memberships.role, 'owner')));
      for (const { accountId } of owned) {
        if ((await otherOwners(db, accountId, params.id)) === 0) throw ValidationError(adminMessages.lastOwnerDelete, 'id');
      }
      await db.delete(users).where(eq(users.id, params.id));
      await changed({ db, ctx, auth }, { action: 'user.delete', before, message: adminMessages.userDeleted });
    },
  });
}
