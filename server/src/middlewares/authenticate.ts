import { and, eq, gt } from 'drizzle-orm';
import type { Next } from 'koa';
import { csrfHeader, sessionCookie } from '@quizlead/shared/constants.ts';
import { limits, messages } from '@quizlead/shared/validations.ts';
import type { AppContext, Auth, Services } from '../context.ts';
import { accounts, sessions, users } from '../db/schema/index.ts';
import { ForbiddenError, UnauthorizedError } from '../errors.ts';
import { verifySessionToken } from '../integrations/shopify/sessionToken.ts';
import { safeEqual, sha256 } from '../lib/crypto.ts';

const refreshAfterMs = 60 * 60 * 1000;
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Who is calling: a Shopify session token (Authorization: Bearer) for the embedded app,
 * else the standalone session cookie. Undefined when neither is valid.
 */
export async function resolveAuth(ctx: AppContext, services: Services): Promise<Auth | undefined> {
  const bearer = /^Bearer (.+)$/i.exec(ctx.get('authorization'))?.[1];
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
  const [session] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, sha256(token)), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!session) return undefined;
  if (now.getTime() - session.lastSeenAt.getTime() > refreshAfterMs) {
    // Sliding expiry, written at most once an hour per session.
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + limits.sessionDays * 86_400_000) })
      .where(eq(sessions.id, session.id));
  }
  return {
    accountId: session.accountId,
    userId: session.userId,
    via: 'cookie',
    sessionId: session.id,
    csrfToken: session.csrfToken,
  };
}

async function bearerAuth(token: string, { env, database: { db } }: Services): Promise<Auth | undefined> {
  if (!env.SHOPIFY_API_KEY || !env.SHOPIFY_API_SECRET) return undefined;
  const shop = await verifySessionToken(token, { apiKey: env.SHOPIFY_API_KEY, apiSecret: env.SHOPIFY_API_SECRET });
  if (!shop) return undefined;
  const [owner] = await db
    .select({ accountId: accounts.id, userId: users.id })
    .from(accounts)
    .innerJoin(users, eq(users.accountId, accounts.id))
    .where(and(eq(accounts.kind, 'shopify'), eq(accounts.shopDomain, shop)))
    .orderBy(users.createdAt)
    .limit(1);
  return owner ? { ...owner, via: 'bearer' } : undefined;
}

/** Requires a signed-in owner; cookie sessions must also prove the request came from our pages. */
export const authenticate = (services: Services) => async (ctx: AppContext, next: Next) => {
  const auth = await resolveAuth(ctx, services);
  if (!auth) throw UnauthorizedError();
  if (auth.via === 'cookie' && !safeMethods.has(ctx.method)) {
    if (!safeEqual(ctx.get(csrfHeader), auth.csrfToken ?? '')) throw ForbiddenError(messages.generic.csrf);
  }
  ctx.state.auth = auth;
  await next();
};
