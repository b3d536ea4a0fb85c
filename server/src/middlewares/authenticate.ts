import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Next } from 'koa';
import { csrfHeader, sessionCookie } from '@quizlead/shared/constants.ts';
import { limits, messages } from '@quizlead/shared/validations.ts';
import { findInstalledShop, shopInstaller } from '../commands/shopInstaller.ts';
import type { AppContext, Auth, Services } from '../context.ts';
import { memberships, platformAdmins, sessions, users } from '../db/schema/index.ts';
import { ForbiddenError, InvalidShopifySessionError, UnauthorizedError } from '../errors.ts';
import { verifySessionToken } from '../integrations/shopify/sessionToken.ts';
import { enqueueShopEmailSync } from '../jobs/tasks/SyncShopEmailTask.ts';
import { safeEqual, sha256 } from '../lib/crypto.ts';

const refreshAfterMs = 60 * 60 * 1000;
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

const bearerToken = (ctx: AppContext) => /^Bearer (.+)$/i.exec(ctx.get('authorization'))?.[1];

/**
 * Who is calling: a Shopify session token (Authorization: Bearer) for the embedded app,
 * else the standalone session cookie. Undefined when neither is valid.
 */
export async function resolveAuth(ctx: AppContext, services: Services): Promise<Auth | undefined> {
  const bearer = bearerToken(ctx);
  if (bearer) return bearerAuth(bearer, services);
  const token = ctx.cookies.get(sessionCookie);
  return token ? cookieAuth(token, services) : undefined;
}

/** The standalone session cookie alone (pages and steps that carry their own bearer token). */
export async function resolveSessionAuth(ctx: AppContext, services: Services): Promise<Auth | undefined> {
  const token = ctx.cookies.get(sessionCookie);
  return token ? cookieAuth(token, services) : undefined;
}

async function cookieAuth(token: string, { database: { db } }: Services): Promise<Auth | undefined> {
  const now = new Date();
  // The session holds while its membership does and the user is not disabled.
  // tenant-scope: a session is found by its token's hash; this is where the caller's account is learnt
  const [row] = await db
    .select({ session: sessions, role: memberships.role, adminSince: platformAdmins.createdAt })
    .from(sessions)
    .innerJoin(memberships, and(eq(memberships.accountId, sessions.accountId), eq(memberships.userId, sessions.userId)))
    .innerJoin(users, and(eq(users.id, sessions.userId), isNull(users.disabledAt)))
    .leftJoin(platformAdmins, eq(platformAdmins.userId, sessions.userId))
    .where(and(eq(sessions.id, sha256(token)), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return undefined;
  const { session } = row;
  if (now.getTime() - session.lastSeenAt.getTime() > refreshAfterMs) {
    // Sliding expiry, written at most once an hour per session.
    // tenant-scope: the session just found by its token's hash
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + limits.sessionDays * 86_400_000) })
      .where(eq(sessions.id, session.id));
  }
  return {
    accountId: session.accountId,
    userId: session.userId,
    role: row.role,
    platformAdmin: row.adminSince !== null,
    via: 'cookie',
    sessionId: session.id,
    csrfToken: session.csrfToken,
  };
}

/**
 * A session token from the embedded admin, checked as @shopify/shopify-api does; its shop's owner.
 * A shop the app cannot reach yet (first request after install, reinstall, lapsed refresh token) is
 * installed on the spot with this very token (commands/shopInstaller.ts).
 */
async function bearerAuth(token: string, services: Services): Promise<Auth | undefined> {
  const { shopify, database } = services;
  if (!shopify) return undefined;
  const verified = await verifySessionToken(shopify, token);
  if (!verified) return undefined;
  const { shopEmailKnown, ...owner } =
    (await findInstalledShop(database.db, services.secrets, verified.shop)) ??
    (await shopInstaller({ services, shopify, shop: verified.shop, sessionToken: token }));
  // A shop installed before the app read its address gets it read now (the install reads it itself).
  if (!shopEmailKnown) await enqueueShopEmailSync(services, database.db, owner.accountId);
  // A shop has one user, its owner; platform administrators sign in to the standalone dashboard.
  return { ...owner, role: 'owner', platformAdmin: false, via: 'bearer' };
}

/**
 * The 401 for a request resolveAuth found no one for. A session token that does not hold gets the
 * header App Bridge answers by fetching a fresh token and retrying (shopify.md 2).
 */
export const notSignedIn = (ctx: AppContext, services: Services) =>
  bearerToken(ctx) && services.shopify ? InvalidShopifySessionError() : UnauthorizedError();

/** Requires a signed-in owner; cookie sessions must also prove the request came from our pages. */
export const authenticate = (services: Services) => async (ctx: AppContext, next: Next) => {
  const auth = await resolveAuth(ctx, services);
  if (!auth) throw notSignedIn(ctx, services);
  if (auth.via === 'cookie' && !safeMethods.has(ctx.method)) {
    if (!safeEqual(ctx.get(csrfHeader), auth.csrfToken ?? '')) throw ForbiddenError(messages.generic.csrf);
  }
  ctx.state.auth = auth;
  await next();
};
