import { and, eq, ne } from 'drizzle-orm';
import { ZChangePasswordRequest, ZProfileResponse, ZUpdateProfileRequest } from '@quizlead/shared/schemas/account.ts';
import { ZMessageResponse } from '@quizlead/shared/schemas/auth.ts';
import { permissionMessages } from '@quizlead/shared/permissions.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { ownUploadsChecker } from '../../../db/queries/fileUsage.ts';
import { findOwner } from '../../../db/queries/owner.ts';
import { fileRemover } from '../../../commands/fileRemover.ts';
import { accounts, sessions, users } from '../../../db/schema/index.ts';
import { scoped } from '../../../db/scope.ts';
import { ForbiddenError, ValidationError } from '../../../errors.ts';
import { assertPasswordAllowed } from '../../../lib/passwordPolicy.ts';
import { hashPassword, verifyPassword } from '../../../lib/passwords.ts';
import { can } from '../../../policies/abilities.ts';
import { fileUrl } from '../../../presenters/file.ts';
import { presentProfile } from '../../../presenters/user.ts';
import type { ApiRouter } from '../../apiRouter.ts';

export function accountRoutes(api: ApiRouter): void {
  api.route({
    method: 'get',
    path: '/account/profile',
    summary: 'Personal details of the signed-in user and company details of the account',
    tags: ['account'],
    access: 'owner',
    can: 'account.read',
    responses: { 200: ZProfileResponse },
    handler: async ({ ctx, db, auth }) => {
      const { user, account } = await findOwner(db, auth);
      ctx.body = { data: presentProfile(user, account) };
    },
  });

  api.route({
    method: 'patch',
    path: '/account/profile',
    summary: 'Save personal details (company url gets https:// when it has no scheme)',
    tags: ['account'],
    access: 'owner',
    can: 'profile.manage',
    body: ZUpdateProfileRequest,
    transaction: true,
    responses: { 200: ZProfileResponse, 400: 'The first field that is wrong; a logo that is not an upload of this account' },
    handler: async ({ ctx, db, auth, body, services, afterCommit, changed }) => {
      if (body.companyLogoId) {
        // uuids compare in any case; the upload's url is in lowercase.
        const logo = { field: 'companyLogoId', url: fileUrl(body.companyLogoId.toLowerCase()) };
        await ownUploadsChecker(db, auth.accountId, [logo]);
      }
      // Public quizzes show the company name and logo.
      changed({ accountId: auth.accountId });
      const before = await findOwner(db, auth);
      const replacedLogo = body.companyLogoId !== undefined && before.account.logoFileId !== body.companyLogoId;
      // Members keep their own name; the company is the owner's to change.
      const companyChanged =
        replacedLogo || before.account.companyName !== body.companyName || before.account.companyUrl !== body.companyUrl;
      if (companyChanged && !can(auth, 'account.manage', { accountId: before.account.id }))
        throw ForbiddenError(permissionMessages.forbidden);
      const now = new Date();
      await db
        .update(users)
        .set({ fullName: body.fullName, updatedAt: now })
        .where(scoped(users, auth.accountId, eq(users.id, auth.userId)));
      await db
        .update(accounts)
        .set({
          companyName: body.companyName,
          companyUrl: body.companyUrl,
          ...(body.companyLogoId === undefined ? {} : { logoFileId: body.companyLogoId }),
          updatedAt: now,
        })
        .where(eq(accounts.id, auth.accountId));
      // A logo is uploaded for the logo alone: the one it replaces is deleted with the change.
      if (replacedLogo && before.account.logoFileId) {
        const fileId = before.account.logoFileId;
        await fileRemover({ db, storage: services.storage, accountId: auth.accountId, fileId, afterCommit });
      }
      const { user, account } = await findOwner(db, auth);
      ctx.body = { data: presentProfile(user, account) };
    },
  });

  api.route({
    method: 'put',
    path: '/account/password',
    summary: 'Change the password; other sessions of the user are signed out',
    tags: ['account'],
    access: 'owner',
    can: 'profile.manage',
    body: ZChangePasswordRequest,
    rateLimit: [{ limiter: api.services.limiters.passwordChangeByUser, by: (_body, ctx) => ctx.state.auth?.userId ?? ctx.ip }],
    responses: { 200: ZMessageResponse, 429: 'Too many attempts' },
    handler: async ({ ctx, db, auth, body }) => {
      const { user } = await findOwner(db, auth);
      if (user.usertype !== 'email') throw ForbiddenError('Password change is not available for this sign-in method');
      if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
        throw ValidationError(messages.account.currentPasswordWrong, 'currentPassword');
      }
      assertPasswordAllowed(body.newPassword, { email: user.email, field: 'newPassword' });
      const passwordHash = await hashPassword(body.newPassword);
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash, updatedAt: new Date() })
          .where(scoped(users, auth.accountId, eq(users.id, user.id)));
        const others = auth.sessionId
          ? and(eq(sessions.userId, user.id), ne(sessions.id, auth.sessionId))
          : eq(sessions.userId, user.id);
        // tenant-scope: the user's own sessions by user id: a new password signs them out of every account
        await tx.delete(sessions).where(others);
      });
      ctx.body = { data: { message: messages.account.passwordUpdated } };
    },
  });
}
