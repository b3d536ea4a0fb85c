import { asc, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { ZSessionResponse } from '@quizlead/shared/schemas/auth.ts';
import { ZId } from '@quizlead/shared/schemas/common.ts';
import {
  teamMessages,
  ZJoinPreview,
  ZJoinRequest,
  ZJoinToken,
  ZTeamInvitationRequest,
  ZTeamResponse,
  ZTeamRoleRequest,
} from '@quizlead/shared/schemas/team.ts';
import { invitationAccepter } from '../../../commands/invitationAccepter.ts';
import { invitationWithdrawer } from '../../../commands/invitationWithdrawer.ts';
import { memberInviter } from '../../../commands/memberInviter.ts';
import { memberRemover } from '../../../commands/memberRemover.ts';
import { memberRoleChanger } from '../../../commands/memberRoleChanger.ts';
import { sessionCreator } from '../../../commands/sessionCreator.ts';
import type { Auth } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { openInvitationWithToken } from '../../../db/queries/team.ts';
import { accounts, memberInvitations, memberships, users } from '../../../db/schema/index.ts';
import { scoped } from '../../../db/scope.ts';
import { NotFoundError } from '../../../errors.ts';
import { requireStandaloneAccount } from '../../../policies/billing.ts';
import { presentSessionUser } from '../../../presenters/user.ts';
import type { ApiRouter } from '../../apiRouter.ts';

const ZMemberParams = z.object({ userId: ZId });
const ZInvitationParams = z.object({ id: ZId });

async function loadTeam(db: Db, auth: Auth) {
  const members = await db
    .select({ user: users, role: memberships.role, joinedAt: memberships.createdAt })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(scoped(memberships, auth.accountId))
    .orderBy(asc(memberships.createdAt));
  const invitations = await db
    .select()
    .from(memberInvitations)
    .where(
      scoped(
        memberInvitations,
        auth.accountId,
        isNull(memberInvitations.acceptedAt),
        gt(memberInvitations.expiresAt, new Date()),
      ),
    )
    .orderBy(asc(memberInvitations.createdAt));
  return {
    members: members.map(({ user, role, joinedAt }) => ({
      userId: user.id,
      name: user.fullName,
      email: user.email,
      role,
      you: user.id === auth.userId,
      joinedAt: joinedAt.toISOString(),
    })),
    invitations: invitations.map((invitation) => ({
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      invitedAt: invitation.createdAt.toISOString(),
      expiresAt: invitation.expiresAt.toISOString(),
    })),
  };
}

/**
 * The team (Account → Team): owners invite people by email with a role, change roles and remove
 * people; everyone in the account sees who is in it. The invitee follows the mailed link to /Join,
 * sets a name and password, and is signed in as a member of the account. Standalone accounts only:
 * a shop's staff come through Shopify.
 */
export function teamRoutes(api: ApiRouter): void {
  const { limiters } = api.services;

  api.route({
    method: 'get',
    path: '/team',
    summary: "The account's owners and members, and its open invitations",
    tags: ['team'],
    access: 'owner',
    can: 'account.read',
    responses: { 200: ZTeamResponse },
    handler: async ({ ctx, db, auth }) => {
      await requireStandaloneAccount(db, auth);
      ctx.body = { data: await loadTeam(db, auth) };
    },
  });

  api.route({
    method: 'post',
    path: '/team/invitations',
    summary: 'Invite someone to the account with a role; the link is mailed (inviting again replaces the link)',
    tags: ['team'],
    access: 'owner',
    can: 'account.manage',
    body: ZTeamInvitationRequest,
    transaction: true,
    rateLimit: [{ limiter: limiters.teamInvitationByAccount, by: (_body, ctx) => ctx.state.auth?.accountId ?? ctx.ip }],
    responses: { 201: ZTeamResponse, 400: teamMessages.hasOwnAccount, 429: 'Too many invitations today' },
    handler: async ({ ctx, db, auth, body, services }) => {
      await requireStandaloneAccount(db, auth);
      const { env, queue } = services;
      const invitation = { accountId: auth.accountId, userId: auth.userId, email: body.email, role: body.role };
      await memberInviter({ db, queue, secret: env.SESSION_SECRET, appUrl: env.APP_URL }, invitation);
      ctx.status = 201;
      ctx.body = { data: await loadTeam(db, auth) };
    },
  });

  api.route({
    method: 'delete',
    path: '/team/invitations/:id',
    summary: 'Withdraw an open invitation; its link stops working',
    tags: ['team'],
    access: 'owner',
    can: 'account.manage',
    params: ZInvitationParams,
    responses: { 200: ZTeamResponse },
    handler: async ({ ctx, db, auth, params }) => {
      await requireStandaloneAccount(db, auth);
      if (!(await invitationWithdrawer({ db }, { accountId: auth.accountId, invitationId: params.id }))) throw NotFoundError();
      ctx.body = { data: await loadTeam(db, auth) };
    },
  });

  api.route({
    method: 'put',
    path: '/team/members/:userId',
    summary: "Change a person's role in the account (an account keeps at least one owner)",
    tags: ['team'],
    access: 'owner',
    can: 'account.manage',
    params: ZMemberParams,
    body: ZTeamRoleRequest,
    transaction: true,
    responses: { 200: ZTeamResponse, 400: teamMessages.lastOwner },
    handler: async ({ ctx, db, auth, params, body }) => {
      await requireStandaloneAccount(db, auth);
      await memberRoleChanger({ db }, { accountId: auth.accountId, userId: params.userId, role: body.role });
      ctx.body = { data: await loadTeam(db, auth) };
    },
  });

  api.route({
    method: 'delete',
    path: '/team/members/:userId',
    summary: 'Remove someone from the account; a user the account invited is deleted with their sessions',
    tags: ['team'],
    access: 'owner',
    can: 'account.manage',
    params: ZMemberParams,
    transaction: true,
    responses: { 200: ZTeamResponse, 400: teamMessages.notYourself },
    handler: async ({ ctx, db, auth, params }) => {
      await requireStandaloneAccount(db, auth);
      await memberRemover({ db }, { accountId: auth.accountId, userId: params.userId, byUserId: auth.userId });
      ctx.body = { data: await loadTeam(db, auth) };
    },
  });

  // tenant-scope: an invitation is found by its mailed secret token (hashed); the account follows from the row
  const openInvitation = (db: Db, secret: string, token: string) =>
    db
      .select({ invitation: memberInvitations, companyName: accounts.companyName, inviterName: users.fullName })
      .from(memberInvitations)
      .innerJoin(accounts, eq(accounts.id, memberInvitations.accountId))
      .leftJoin(users, eq(users.id, memberInvitations.invitedBy))
      .where(openInvitationWithToken(secret, token))
      .limit(1);

  api.route({
    method: 'get',
    path: '/team/invitations/preview',
    summary: 'What the join page shows for an invitation link (404 when invalid or expired)',
    tags: ['team'],
    access: 'public',
    query: z.object({ token: ZJoinToken }),
    rateLimit: [{ limiter: limiters.teamJoinByIp, by: 'ip' }],
    responses: { 200: z.object({ data: ZJoinPreview }), 404: teamMessages.invitationInvalid },
    handler: async ({ ctx, db, query, services }) => {
      const [row] = await openInvitation(db, services.env.SESSION_SECRET, query.token);
      if (!row) throw NotFoundError(teamMessages.invitationInvalid);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = {
        data: {
          companyName: row.companyName,
          email: row.invitation.email,
          inviterName: row.inviterName ?? '',
          role: row.invitation.role,
        },
      };
    },
  });

  api.route({
    method: 'post',
    path: '/team/join',
    summary: 'Accept an invitation: creates the user in the account with the invited role and signs them in',
    tags: ['team'],
    access: 'public',
    body: ZJoinRequest,
    transaction: true,
    rateLimit: [{ limiter: limiters.teamJoinByIp, by: 'ip' }],
    responses: { 201: ZSessionResponse, 400: teamMessages.invitationInvalid },
    handler: async ({ ctx, db, body, services }) => {
      const { user, account, role } = await invitationAccepter({ db, secret: services.env.SESSION_SECRET }, body);
      const csrfToken = await sessionCreator({ db, ctx, userId: user.id, accountId: account.id });
      ctx.status = 201;
      ctx.body = {
        data: { user: presentSessionUser(user, account, { role, platformAdmin: false }), csrfToken },
      };
    },
  });
}
