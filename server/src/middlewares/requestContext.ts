import { randomUUID } from 'node:crypto';
import type { Next } from 'koa';
import type { AppContext } from '../context.ts';
import type { Logger } from '../logger.ts';

const acceptableId = /^[\w.-]{8,100}$/;

/**
 * Gives every request an id (the caller's X-Request-Id when sane), a logger bound to it and one access
 * log line. The bound logger is made only when a handler logs something: most requests log nothing but
 * the access line, which carries the id itself (a child logger per request cost the play path 6%).
 */
export const requestContext = (logger: Logger) => async (ctx: AppContext, next: Next) => {
  const finished = beginRequest(ctx, logger);
  try {
    await next();
  } finally {
    finished();
  }
};

/** The request's id and logger (see requestContext); call what it answers when the response is decided. */
export function beginRequest(ctx: AppContext, logger: Logger): () => void {
  const incoming = ctx.get('x-request-id');
  const requestId = acceptableId.test(incoming) ? incoming : randomUUID();
  ctx.state.requestId = requestId;
  let bound: Logger | undefined;
  Object.defineProperty(ctx.state, 'log', {
    get: () => (bound ??= logger.child({ requestId })),
    set: (value: Logger) => {
      bound = value;
    },
    enumerable: true,
    configurable: true,
  });
  ctx.set('X-Request-Id', requestId);
  const started = performance.now();
  return () => {
    if (logger.isLevelEnabled('info')) {
      logger.info(
        { requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(performance.now() - started) },
        'request',
      );
    }
  };
}
