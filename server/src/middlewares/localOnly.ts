import type { Next } from 'koa';
import type { AppContext } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { isLoopback } from '../lib/localSecret.ts';

/** 127.0.0.1, localhost or [::1], with a port or without: the only names this machine's browser uses for it. */
const loopbackHostHeader = /^(?:127\.0\.0\.1|localhost|\[::1\])(?::\d{1,5})?$/i;

/**
 * The development routes under /dev/ (the mailbox shows every sign-up code and reset link) answer
 * only a browser on this machine: the socket's peer must be loopback and nothing may have forwarded
 * the request (a proxy on the same host would otherwise make any visitor look local). The Host header
 * must be a loopback name too: a page on another site whose DNS name is rebound to 127.0.0.1 reaches
 * this server from the developer's own browser, with its own name as the Host. Anyone else finds
 * nothing there.
 */
export async function localOnly(ctx: AppContext, next: Next): Promise<void> {
  if (ctx.path.startsWith('/dev/')) {
    const forwarded = ctx.get('x-forwarded-for') || ctx.get('forwarded') || ctx.get('x-real-ip');
    if (forwarded || !isLoopback(ctx.req.socket.remoteAddress) || !loopbackHostHeader.test(ctx.req.headers.host ?? ''))
      throw NotFoundError();
  }
  await next();
}
