import { ZChangePasswordRequest, ZProfileResponse, ZUpdateProfileRequest } from '@quizlead/shared/schemas/account.ts';
import { ZMessageResponse } from '@quizlead/shared/schemas/auth.ts';
import { permissionMessages } from '@quizlead/shared/permissions.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { passwordChanger } from '../../../commands/passwordChanger.ts';
import { profileSaver } from '../../../commands/profileSaver.ts';
import { ownUploadsChecker } from '../../../db/queries/fileUsage.ts';
import { findOwner } from '../../../db/queries/owner.ts';
import { ForbiddenError } from '../../../errors.ts';
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
      const before = await findOwner(db, auth);
      const replacedLogo = body.companyLogoId !== undefined && before.account.logoFileId !== body.companyLogoId;
      // Members keep their own name; the company is the owner's to change.
      const companyChanged =
        replacedLogo || before.account.companyName !== body.companyName || before.account.companyUrl !== body.companyUrl;
      if (companyChanged && !can(auth, 'account.manage', { accountId: before.account.id }))
        throw ForbiddenError(permissionMessages.forbidden);
      const { user, account } = await profileSaver(
        { db, storage: services.storage, afterCommit, changed },
        { accountId: auth.accountId, userId: auth.userId, logoFileId: before.account.logoFileId, profile: body },
      );
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
      const { currentPassword, newPassword } = body;
      await passwordChanger({ db }, { user, keepSessionId: auth.sessionId, currentPassword, newPassword });
      ctx.body = { data: { message: messages.account.passwordUpdated } };
    },
  });
}
