import { sessionCookie } from '@quizlead/shared/constants.ts';
import { limits } from '@quizlead/shared/validations.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';
import { randomToken, sha256 } from '../lib/crypto.ts';

/** Starts a server-side session and hands the browser its cookie. Returns the CSRF token. */
export async function sessionCreator(props: { db: Db; ctx: AppContext; userId: string; accountId: string }): Promise<string> {
  const token = randomToken();
  const csrfToken = randomToken();
  const maxAge = limits.sessionDays * 86_400_000;
  await props.db.insert(sessions).values({
    id: sha256(token),
    userId: props.userId,
    accountId: props.accountId,
    csrfToken,
    userAgent: props.ctx.get('user-agent').slice(0, 300),
    ip: props.ctx.ip,
    expiresAt: new Date(Date.now() + maxAge),
  });
  props.ctx.cookies.set(sessionCookie, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: props.ctx.secure,
    maxAge,
    path: '/',
    overwrite: true,
  });
  return csrfToken;
}

export function clearSessionCookie(ctx: AppContext): void {
  ctx.cookies.set(sessionCookie, '', {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secure,
    maxAge: 0,
    path: '/',
    overwrite: true,
  });
}
