import { randomUUID } from 'node:crypto';
import type { Next } from 'koa';
import type { AppContext } from '../context.ts';
import type { Logger } from '../logger.ts';

const acceptableId = /^[\w.-]{8,100}$/;

/** Gives every request an id (the caller's X-Request-Id when sane), a child logger and one access log line. */
export const requestContext = (logger: Logger) => async (ctx: AppContext, next: Next) => {
  const incoming = ctx.get('x-request-id');
  const requestId = acceptableId.test(incoming) ? incoming : randomUUID();
  ctx.state.requestId = requestId;
  ctx.state.log = logger.child({ requestId });
  ctx.set('X-Request-Id', requestId);
  const started = performance.now();
  try {
    await next();
  } finally {
    ctx.state.log.info(
      { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(performance.now() - started) },
      'request',
    );
  }
};
