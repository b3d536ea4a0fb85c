import type { Next } from 'koa';
import type { AppContext } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { isLoopback } from '../lib/localSecret.ts';

/**
 * The development routes under /dev/ (the mailbox shows every sign-up code and reset link) answer
 * only a browser on this machine: the socket's peer must be loopback and nothing may have forwarded
 * the request (a proxy on the same host would otherwise make any visitor look local). Anyone else
 * finds nothing there.
 */
export async function localOnly(ctx: AppContext, next: Next): Promise<void> {
  if (ctx.path.startsWith('/dev/')) {
    const forwarded = ctx.get('x-forwarded-for') || ctx.get('forwarded') || ctx.get('x-real-ip');
    if (forwarded || !isLoopback(ctx.req.socket.remoteAddress)) throw NotFoundError();
  }
  await next();
}
