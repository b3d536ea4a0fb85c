import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ZSessionResponse } from '@quizlead/shared/schemas/auth.ts';
import { ZId } from '@quizlead/shared/schemas/common.ts';
import {
  teamLimits,
  teamMessages,
  ZJoinPreview,
  ZJoinRequest,
  ZJoinToken,
  ZTeamInvitationRequest,
  ZTeamResponse,
  ZTeamRoleRequest,
} from '@quizlead/shared/schemas/team.ts';
import { sessionCreator } from '../../../commands/sessionCreator.ts';
import { userCreator } from '../../../commands/userCreator.ts';
import type { Auth } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { findOwner } from '../../../db/queries/owner.ts';
import { accounts, memberInvitations, memberships, users } from '../../../db/schema/index.ts';
import { scoped } from '../../../db/scope.ts';
import { AppError, NotFoundError, ValidationError } from '../../../errors.ts';
import { teamInvitationMail } from '../../../integrations/mail/templates.ts';
import { sendAuthEmailTask } from '../../../jobs/tasks/SendAuthMailTask.ts';
import { hmac, randomToken } from '../../../lib/crypto.ts';
import { assertPasswordAllowed } from '../../../lib/passwordPolicy.ts';
import { hashPassword } from '../../../lib/passwords.ts';
import { requireStandaloneAccount } from '../../../policies/billing.ts';
import { presentSessionUser } from '../../../presenters/user.ts';
import type { ApiRouter } from '../../apiRouter.ts';

const ZMemberParams = z.object({ userId: ZId });
const ZInvitationParams = z.object({ id: ZId });

const invitationHash = (secret: string, token: string) => hmac(secret, `member_invitation:${token}`);
const joinUrl = (appUrl: string, token: string) => `${appUrl.replace(/\/$/, '')}/Join?token=${encodeURIComponent(token)}`;

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

/** A membership of the caller's account, locked with the account's others so the last owner cannot be lost to a race. */
async function findTeamMember(db: Db, auth: Auth, userId: string) {
  const rows = await db.select().from(memberships).where(scoped(memberships, auth.accountId)).for('update');
  const member = rows.find((row) => row.userId === userId);
  if (!member) throw NotFoundError();
  const otherOwners = rows.filter((row) => row.role === 'owner' && row.userId !== userId).length;
  return { member, otherOwners };
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
      const email = body.email.toLowerCase();
      // tenant-scope: whether any account has this email: addresses are unique across accounts
      const [existing] = await db
        .select({ accountId: users.accountId })
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`)
        .limit(1);
      if (existing) {
        throw ValidationError(
          existing.accountId === auth.accountId ? teamMessages.alreadyInTeam : teamMessages.hasOwnAccount,
          'email',
        );
      }
      const token = randomToken();
      await db
        .delete(memberInvitations)
        .where(
          scoped(memberInvitations, auth.accountId, eq(memberInvitations.email, email), isNull(memberInvitations.acceptedAt)),
        );
      await db.insert(memberInvitations).values({
        accountId: auth.accountId,
        email,
        role: body.role,
        invitedBy: auth.userId,
        tokenHash: invitationHash(services.env.SESSION_SECRET, token),
        expiresAt: new Date(Date.now() + teamLimits.invitationDays * 86_400_000),
      });
      const { user } = await findOwner(db, auth);
      const mail = teamInvitationMail({ inviterEmail: user.email, role: body.role, link: joinUrl(services.env.APP_URL, token) });
      await services.queue.enqueue(db, sendAuthEmailTask, { to: email, ...mail });
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
      const removed = await db
        .delete(memberInvitations)
        .where(
          scoped(memberInvitations, auth.accountId, eq(memberInvitations.id, params.id), isNull(memberInvitations.acceptedAt)),
        )
        .returning({ id: memberInvitations.id });
      if (removed.length === 0) throw NotFoundError();
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
      const { member, otherOwners } = await findTeamMember(db, auth, params.userId);
      if (member.role === 'owner' && body.role !== 'owner' && otherOwners === 0) {
        throw ValidationError(teamMessages.lastOwner, 'role');
      }
      await db
        .update(memberships)
        .set({ role: body.role })
        .where(scoped(memberships, auth.accountId, eq(memberships.userId, params.userId)));
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
      if (params.userId === auth.userId) throw ValidationError(teamMessages.notYourself, 'userId');
      const { member, otherOwners } = await findTeamMember(db, auth, params.userId);
      if (member.role === 'owner' && otherOwners === 0) throw ValidationError(teamMessages.lastOwner, 'userId');
      await db.delete(memberships).where(scoped(memberships, auth.accountId, eq(memberships.userId, params.userId)));
      // A user belongs to the account that made them: without its membership they have nowhere to sign in.
      await db.delete(users).where(scoped(users, auth.accountId, eq(users.id, params.userId)));
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
      .where(
        and(
          eq(memberInvitations.tokenHash, invitationHash(secret, token)),
          isNull(memberInvitations.acceptedAt),
          gt(memberInvitations.expiresAt, new Date()),
        ),
      )
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
      assertPasswordAllowed(body.password);
      const passwordHash = await hashPassword(body.password);
      // Spent atomically: two submissions of one link make one user.
      // tenant-scope: an invitation is found by its mailed secret token (hashed); the account follows from the row
      const [invitation] = await db
        .update(memberInvitations)
        .set({ acceptedAt: new Date() })
        .where(
          and(
            eq(memberInvitations.tokenHash, invitationHash(services.env.SESSION_SECRET, body.token)),
            isNull(memberInvitations.acceptedAt),
            gt(memberInvitations.expiresAt, new Date()),
          ),
        )
        .returning();
      if (!invitation) throw ValidationError(teamMessages.invitationInvalid, 'token');
      // Only now is the address known; the refusal rolls the spending back.
      assertPasswordAllowed(body.password, { email: invitation.email });
      // tenant-scope: whether any account has this email: addresses are unique across accounts
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${invitation.email}`)
        .limit(1);
      if (taken) throw new AppError(409, 'conflict', teamMessages.hasOwnAccount, { field: 'token' });
      // The mailed link proved the address.
      const user = await userCreator(
        db,
        {
          accountId: invitation.accountId,
          email: invitation.email,
          fullName: body.fullName,
          usertype: 'email',
          passwordHash,
          verifiedAt: new Date(),
        },
        invitation.role,
      );
      const [account] = await db.select().from(accounts).where(eq(accounts.id, invitation.accountId)).limit(1);
      const csrfToken = await sessionCreator({ db, ctx, userId: user.id, accountId: invitation.accountId });
      ctx.status = 201;
      ctx.body = {
        data: { user: presentSessionUser(user, account!, { role: invitation.role, platformAdmin: false }), csrfToken },
      };
    },
  });
}
