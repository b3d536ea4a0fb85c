import { randomUUID } from 'node:crypto';
import type { Next } from 'koa';
import type { AppContext } from '../context.ts';
import type { Logger } from '../logger.ts';

const acceptableId = /^[\w.-]{8,100}$/;

/** The request's id: the caller's X-Request-Id when sane, else a new one. */
export const requestIdFor = (incoming: string) => (acceptableId.test(incoming) ? incoming : randomUUID());

/** The access log line every request gets (when the log takes info). */
export function logRequest(
  logger: Logger,
  line: { requestId: string; method: string; path: string; status: number; started: number },
): void {
  if (!logger.isLevelEnabled('info')) return;
  const { started, ...fields } = line;
  logger.info({ ...fields, ms: Math.round(performance.now() - started) }, 'request');
}

/**
 * Gives every request an id, a logger bound to it and one access log line. The bound logger is made
 * only when a handler logs something: most requests log nothing but the access line, which carries
 * the id itself (a child logger per request cost the play path 6%).
 */
export const requestContext = (logger: Logger) => async (ctx: AppContext, next: Next) => {
  const requestId = requestIdFor(ctx.get('x-request-id'));
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
  try {
    await next();
  } finally {
    logRequest(logger, { requestId, method: ctx.method, path: ctx.path, status: ctx.status, started });
  }
};
