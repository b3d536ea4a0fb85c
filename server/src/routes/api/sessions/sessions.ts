import { setTimeout } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { ZMessageResponse, ZSessionResponse, ZSignInRequest } from '@quizlead/shared/schemas/auth.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { clearSessionCookie, sessionCreator } from '../../../commands/sessionCreator.ts';
import { sessionEnder } from '../../../commands/sessionEnder.ts';
import { findAccess, findOwner } from '../../../db/queries/owner.ts';
import { accounts, users } from '../../../db/schema/index.ts';
import { ForbiddenError, UnauthorizedError } from '../../../errors.ts';
import { presentSessionUser } from '../../../presenters/user.ts';
import { burnPasswordCheck, verifyPassword } from '../../../lib/passwords.ts';
import { signInDelayMs } from '../../../lib/signInDelay.ts';
import { notSignedIn, resolveAuth } from '../../../middlewares/authenticate.ts';
import type { ApiRouter } from '../../apiRouter.ts';

export function sessionRoutes(api: ApiRouter): void {
  const { limiters } = api.services;

  api.route({
    method: 'get',
    path: '/session',
    summary: 'The signed-in user and the CSRF token for mutating calls',
    tags: ['auth'],
    access: 'public',
    responses: { 200: ZSessionResponse, 401: 'Not signed in' },
    handler: async ({ ctx, db, services }) => {
      const auth = await resolveAuth(ctx, services);
      if (!auth) throw notSignedIn(ctx, services);
      const { user, account } = await findOwner(db, auth);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { data: { user: presentSessionUser(user, account, auth), csrfToken: auth.csrfToken ?? '' } };
    },
  });

  api.route({
    method: 'post',
    path: '/session',
    summary: 'Sign in with email and password',
    tags: ['auth'],
    access: 'public',
    body: ZSignInRequest,
    rateLimit: [{ limiter: limiters.signInByIp, by: 'ip' }],
    responses: { 200: ZSessionResponse, 401: messages.auth.loginFailed, 429: 'Too many wrong passwords from here' },
    handler: async ({ ctx, db, body }) => {
      // Wrong passwords count, per email and address: a guesser is stopped where they are, the owner is not.
      const email = body.email.toLowerCase();
      const here = `${email}|${ctx.ip}`;
      await limiters.signInFailuresByEmailAndIp.check(here);
      const { signInFailuresByEmail: byEmail } = limiters;
      const delay = signInDelayMs(await byEmail.count(email), byEmail.max);
      if (delay > 0) await setTimeout(delay);
      const failed = async () => {
        await Promise.all([limiters.signInFailuresByEmailAndIp.record(here), byEmail.record(email)]);
        return UnauthorizedError(messages.auth.loginFailed);
      };
      // tenant-scope: signing in names only an email, unique across accounts
      const [row] = await db
        .select({ user: users, account: accounts })
        .from(users)
        .innerJoin(accounts, eq(accounts.id, users.accountId))
        .where(sql`lower(${users.email}) = ${body.email.toLowerCase()}`)
        .limit(1);
      // The same work whether or not the email has a password here (none, or a Shopify or social user).
      const passwordHash = row?.user.passwordHash;
      if (!passwordHash) {
        await burnPasswordCheck(body.password);
        throw await failed();
      }
      if (!(await verifyPassword(passwordHash, body.password))) throw await failed();
      const access = await findAccess(db, row.user.id, row.account.id);
      if (row.user.disabledAt || !access) throw ForbiddenError(messages.auth.disabled);
      const csrfToken = await sessionCreator({ db, ctx, userId: row.user.id, accountId: row.account.id });
      ctx.body = { data: { user: presentSessionUser(row.user, row.account, access), csrfToken } };
    },
  });

  api.route({
    method: 'delete',
    path: '/session',
    summary: 'Sign out',
    tags: ['auth'],
    access: 'owner',
    can: 'profile.read',
    // Signing out ends a cookie session; a shop's session token is Shopify's, and there is nothing to end.
    standaloneOnly: true,
    responses: { 200: ZMessageResponse, 404: 'Not there for a shop’s session token' },
    handler: async ({ ctx, db, auth }) => {
      if (auth.sessionId) await sessionEnder({ db }, { accountId: auth.accountId, sessionId: auth.sessionId });
      clearSessionCookie(ctx);
      ctx.body = { data: { message: messages.auth.signedOut } };
    },
  });
}
